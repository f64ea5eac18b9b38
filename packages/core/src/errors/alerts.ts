/**
 * Alerts are shown in the modal, never thrown: the kit keeps working (e.g. without a project id
 * injected wallets still connect).
 */
export interface Alert {
  id: AlertId
  variant: 'error' | 'warning'
  message: string
}

export type AlertId =
  | 'PROJECT_ID_NOT_CONFIGURED'
  | 'INVALID_APP_CONFIGURATION'
  | 'SWITCH_NETWORK_NOT_FOUND'
  | 'LOCAL_CONFIGURATION_IGNORED'
  | 'IFRAME_LOAD_FAILED'
  | 'IFRAME_REQUEST_TIMEOUT'
  | 'UNVERIFIED_DOMAIN'

/** Every alert of the spec, by id. Frozen so an instance cannot alter another's copy. */
export const ALERTS: Readonly<Record<AlertId, Readonly<Alert>>> = Object.freeze({
  PROJECT_ID_NOT_CONFIGURED: alert('PROJECT_ID_NOT_CONFIGURED', 'error', 'project id not configured'),
  INVALID_APP_CONFIGURATION: alert('INVALID_APP_CONFIGURATION', 'error', 'invalid app configuration'),
  SWITCH_NETWORK_NOT_FOUND: alert('SWITCH_NETWORK_NOT_FOUND', 'error', 'switch network not found'),
  LOCAL_CONFIGURATION_IGNORED: alert('LOCAL_CONFIGURATION_IGNORED', 'warning', 'Local configuration ignored'),
  IFRAME_LOAD_FAILED: alert('IFRAME_LOAD_FAILED', 'error', 'iframe load failed'),
  IFRAME_REQUEST_TIMEOUT: alert('IFRAME_REQUEST_TIMEOUT', 'error', 'iframe request timeout'),
  UNVERIFIED_DOMAIN: alert('UNVERIFIED_DOMAIN', 'error', 'unverified domain'),
})

function alert(id: AlertId, variant: Alert['variant'], message: string): Readonly<Alert> {
  return Object.freeze({ id, variant, message })
}
