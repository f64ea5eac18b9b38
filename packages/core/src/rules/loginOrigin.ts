import { ALERTS, type Alert } from '../errors/alerts.js'
import { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from '../schema/origin.js'

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
