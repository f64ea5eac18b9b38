/** A phone or tablet browser (its user agent says so): wallets open by deep link there. */
export function isMobileDevice(): boolean {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
}
