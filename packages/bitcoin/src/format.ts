/** Satoshis as a decimal string of whole bitcoin ('0.5', '1', '0.00000001'). */
export function formatSats(sats: bigint): string {
  const negative = sats < 0n
  const value = negative ? -sats : sats
  const whole = value / 100_000_000n
  const fraction = (value % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
