/** A recovery of this account on another device, as the server tells this device. */
export interface RecoveryNotice {
  id: string
  kind: 'recovered' | 'recovery_pending' | 'recovery_cancelled'
  /** When the new device asked (ISO time). */
  at: string
  browser: string
  ip: string
  /** A held recovery: when it completes unless stopped. */
  until?: string
}

const kinds = new Set(['recovered', 'recovery_pending', 'recovery_cancelled'])
const isTime = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value))
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 512

/** The well-formed notices of the server's answer; anything else is dropped. */
export function validNotices(input: unknown): RecoveryNotice[] {
  if (!Array.isArray(input)) return []
  return input.slice(0, 20).flatMap((item): RecoveryNotice[] => {
    if (typeof item !== 'object' || item === null) return []
    const { id, kind, at, browser, ip, until } = item as Record<string, unknown>
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) return []
    if (typeof kind !== 'string' || !kinds.has(kind) || !isTime(at) || !isText(browser) || !isText(ip))
      return []
    if (kind === 'recovery_pending' && !isTime(until)) return []
    return [
      {
        id,
        kind: kind as RecoveryNotice['kind'],
        at,
        browser,
        ip,
        ...(kind === 'recovery_pending' ? { until: until as string } : {}),
      },
    ]
  })
}

/** A time in the frame's language and the visitor's time zone. */
export function formatTime(iso: string): string {
  const lang = (typeof document === 'undefined' ? '' : document.documentElement.lang) || undefined
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  } catch {
    return new Date(iso).toUTCString()
  }
}
