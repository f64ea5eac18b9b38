'use client'
import type { Latch, LatchState } from '@latch/core'
import { useLatchState } from '../hooks/useLatchState.js'
import { type Translate, useT } from '../i18n/context.js'
import type { MessageId } from '../i18n/en.js'

/**
 * The spec's alerts (§8): 'project id not configured' (an app server without a project id),
 * 'invalid app configuration' (this site is not an allowed origin of the project), 'switch
 * network not found', … Warnings only go to the console (with `debug`, the default).
 */
export function Alerts({ latch }: { latch: Latch }) {
  const t = useT()
  const alerts = useLatchState((s) => s.alerts, { latch })
  const shown = alerts.filter((a) => a.variant === 'error')
  if (shown.length === 0) return null
  return (
    <div role="alert" className="latch-alert" data-testid="latch-alert">
      {shown.map((a) => (
        <p key={a.id}>{alertText(t, a.id)}</p>
      ))}
    </div>
  )
}

type AlertId = LatchState['alerts'][number]['id']

/** The alerts with a text of their own in the catalog. */
const OWN_TEXT = new Set<AlertId>([
  'PROJECT_ID_NOT_CONFIGURED',
  'INVALID_APP_CONFIGURATION',
  'SWITCH_NETWORK_NOT_FOUND',
  'IFRAME_LOAD_FAILED',
  'IFRAME_REQUEST_TIMEOUT',
])

/** An alert's text from the catalog, by its id (never the alert's English message). */
function alertText(t: Translate, id: AlertId): string {
  return OWN_TEXT.has(id) ? t(`alert.${id}` as MessageId) : t('alert.unknown')
}
