const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LEVEL = /^[A-Za-z]{2,63}$/

/**
 * A deliberately plain address check (dot-atom local part, hostname with an alphabetic top-level
 * label): enough to stop typos before a one-time password is sent, without quoted forms that no
 * mail sink here accepts.
 */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false
  const at = value.lastIndexOf('@')
  if (at <= 0 || at !== value.indexOf('@')) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split('.')
  if (local.length > 64 || !LOCAL_PART.test(local) || labels.length < 2) return false
  const top = labels[labels.length - 1] ?? ''
  return TOP_LEVEL.test(top) && labels.every((label) => DOMAIN_LABEL.test(label))
}
