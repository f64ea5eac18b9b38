import type { Connector } from '@latch/core'

/** A wallet's icon when it is a safe image URL, else its initials on a tinted square. */
export function WalletImage({
  connector,
  className,
}: {
  connector: Pick<Connector, 'name' | 'imageUrl' | 'id'>
  className?: string
}) {
  const src = connector.imageUrl
  if (src && isImageUrl(src)) {
    return <img src={src} alt="" className={className} width={32} height={32} />
  }
  const initials = connector.name
    .split(/\s+/)
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
        background: `hsl(${hue} 55% 38%)`,
        color: '#fff',
        fontWeight: 700,
        fontSize: 13,
      }}
    >
      {initials}
    </span>
  )
}

/**
 * An image URL the kit may show through <img> (never as markup): http(s), or a data URL of an
 * image type, base64 or not (EIP-6963 icons are often `data:image/svg+xml,<percent-encoded>`).
 * An SVG inside <img> runs no script and loads nothing.
 */
export function isImageUrl(src: string): boolean {
  return /^(data:image\/(png|svg\+xml|webp|jpeg|gif|avif)[;,]|https?:\/\/)/i.test(src)
}
