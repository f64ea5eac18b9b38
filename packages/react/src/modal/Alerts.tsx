'use client'
import type { Latch } from '@latch/core'
import { useLatchState } from '../hooks/useLatchState.js'

/**
 * The spec's alerts (§8): 'project id not configured' (an app server without a project id),
 * 'invalid app configuration' (this site is not an allowed origin of the project), 'switch
 * network not found', … Warnings only go to the console (with `debug`, the default).
 */
export function Alerts({ latch }: { latch: Latch }) {
  const alerts = useLatchState((s) => s.alerts, { latch })
  const shown = alerts.filter((a) => a.variant === 'error')
  if (shown.length === 0) return null
  return (
    <div role="alert" className="latch-alert" data-testid="latch-alert">
      {shown.map((a) => (
        <p key={a.id}>{a.message}</p>
      ))}
    </div>
  )
}
