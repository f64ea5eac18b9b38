'use client'
import { useIdenticon } from '../logos/useIdenticon.js'

/**
 * The identicon of an address (blo: the blockies pattern wallets show, an SVG data URL shown
 * through <img>); a plain disc until it has loaded. No image is fetched.
 */
export function Avatar({
  address,
  size = 20,
  className,
}: {
  address: string
  size?: number
  className?: string
}) {
  const src = useIdenticon(address)
  const style = {
    width: size,
    height: size,
    borderRadius: '50%',
    flex: 'none',
    background: 'var(--latch-bg-3)',
  }
  if (!src)
    return <span aria-hidden="true" className={className} style={{ ...style, display: 'inline-block' }} />
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      className={className}
      data-testid="latch-identicon"
      style={style}
    />
  )
}
