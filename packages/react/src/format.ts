/** `0x1234…abcd` */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** A balance string with at most `digits` decimals, en-US (spec §9: 2 decimals). */
export function formatBalance(balance: string | undefined, digits = 2): string | undefined {
  if (balance === undefined) return undefined
  const [int = '0', frac = ''] = balance.split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const cut = frac.slice(0, digits).padEnd(digits, '0')
  return digits > 0 ? `${grouped}.${cut}` : grouped
}
