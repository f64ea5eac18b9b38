/** A colourful placeholder drawn from the address; no image is fetched. */
export function Avatar({
  address,
  size = 20,
  className,
}: {
  address: string
  size?: number
  className?: string
}) {
  const hash = [...address.toLowerCase()].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
  const a = hash % 360
  const b = (a + 90 + ((hash >> 9) % 120)) % 360
  return (
    <span
      aria-hidden="true"
      className={className}
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        background: `linear-gradient(135deg, hsl(${a} 70% 55%), hsl(${b} 70% 45%))`,
        flex: 'none',
      }}
    />
  )
}
