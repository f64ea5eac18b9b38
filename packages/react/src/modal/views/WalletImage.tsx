import type { Connector } from '@latch/core'
import { bundledLogo } from '../../logos/bundled.js'
import { isImageUrl } from './imageUrl.js'

/**
 * A wallet's (or network's) icon: its own image when it is a safe image URL, else the bundled
 * brand logo for its id, else its initials on a tinted square.
 */
export function WalletImage({
  connector,
  className,
}: {
  connector: Pick<Connector, 'name' | 'imageUrl' | 'id'>
  className?: string
}) {
  const own = connector.imageUrl && isImageUrl(connector.imageUrl) ? connector.imageUrl : undefined
  const src = own ?? bundledLogo(connector.id)
  if (src) {
    return <img src={src} alt="" className={className} width={32} height={32} />
  }
  // Letters and digits only: "Solana (local)" reads SL, never "S(".
  const initials = connector.name
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
  const hue = [...connector.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 3) % 360
  return (
    <span
      aria-hidden="true"
      className={className ?? 'latch-avatar'}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: `hsl(${hue} 60% 28%)`,
        color: '#fff',
        fontWeight: 700,
        fontSize: 13,
      }}
    >
      {initials}
    </span>
  )
}
