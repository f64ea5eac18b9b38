/**
 * A native amount in whole units, as a plain decimal string ('1.5', '0.000000001', '0'):
 * integer division by 10^decimals with the trailing zeros of the fraction dropped.
 */
export function formatLamports(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
