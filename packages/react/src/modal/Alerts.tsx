'use client'
import type { Latch } from '@latch/core'
import { useLatchState } from '../hooks/useLatchState.js'

/**
 * Configuration errors the visitor should see (e.g. 'invalid app configuration': this site is not
 * an allowed origin of the project). Warnings and the missing project id only go to the console:
 * injected wallets keep working without one.
 */
export function Alerts({ latch }: { latch: Latch }) {
  const alerts = useLatchState((s) => s.alerts, { latch })
  const shown = alerts.filter((a) => a.variant === 'error' && a.id !== 'PROJECT_ID_NOT_CONFIGURED')
  if (shown.length === 0) return null
  return (
    <div role="alert" className="latch-alert" data-testid="latch-alert">
      {shown.map((a) => (
        <p key={a.id}>{a.message}</p>
      ))}
    </div>
  )
}
