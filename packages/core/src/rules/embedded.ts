import { EMAIL_COOLDOWN_MS } from '../constants.js'
import { ALERTS, type Alert } from '../errors/alerts.js'
import { EmailThrottledError } from '../errors/embedded.js'
import { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from '../schema/origin.js'

/**
 * Email login is allowed once per 30 s (spec §5). Call before sending anything: it throws
 * 'Please try again after {n} seconds' (n rounded up) while the cooldown runs.
 * @throws EmailThrottledError
 */
export function assertEmailLoginAllowed({
  lastEmailLoginTime,
  now,
}: {
  lastEmailLoginTime: number | undefined
  now: number
}): void {
  if (lastEmailLoginTime === undefined) return
  const remainingMs = lastEmailLoginTime + EMAIL_COOLDOWN_MS - now
  if (remainingMs > 0) throw new EmailThrottledError({ remainingMs })
}

/**
 * With email or social login on, the page's origin must be among the project's allowed origins
 * or the default allowed ancestors (spec §5); otherwise the 'invalid app configuration' alert.
 */
export function appOriginAlert({
  origin,
  allowedOrigins,
  loginEnabled,
}: {
  origin: string
  allowedOrigins: readonly string[]
  loginEnabled: boolean
}): Alert | undefined {
  if (!loginEnabled) return undefined
  if (isOriginAllowed(origin, [...allowedOrigins, ...DEFAULT_ALLOWED_ANCESTORS])) return undefined
  return { ...ALERTS.INVALID_APP_CONFIGURATION }
}
