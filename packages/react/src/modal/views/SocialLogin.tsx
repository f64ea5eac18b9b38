'use client'
import type { Latch } from '@latch/core'
import { embeddedWalletOf, selectSession } from '@latch/core/internal'
import { useState } from 'react'
import { useT } from '../../i18n/context.js'

/** The provider's window: a popup of the size the providers' own pages are made for. */
const WINDOW_FEATURES = 'popup,width=500,height=640'

/**
 * "Continue with Google" on Connect (spec §2: after the email field). The window opens on the
 * click itself, so no pop-up blocker stops it; the embedded connector sends it to the provider
 * and the frame takes the session. Closed or refused, Connect stays with the reason under it.
 */
export function SocialLogin({ latch }: { latch: Latch }) {
  const t = useT()
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const found = embeddedWalletOf(latch)
  if (!found) return null
  const { connector } = found
  const start = () => {
    const socialWindow = window.open('', 'latch-social', WINDOW_FEATURES)
    if (socialWindow === null) {
      setError(t('social.failed'))
      return
    }
    setError(undefined)
    setBusy(true)
    void selectSession(latch, {
      connectorId: connector.id,
      params: { provider: 'google', socialWindow },
    }).then(() => {
      setBusy(false)
      const failed = latch.store.getState().sessions[connector.id]?.error
      if (failed) setError(t(failed.code === 'user-rejected' ? 'social.cancelled' : 'social.failed'))
    })
  }
  return (
    <div className="latch-email">
      <button
        type="button"
        className="latch-secondary latch-social"
        onClick={start}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="latch-social-google"
      >
        {t('social.google')}
      </button>
      {error && (
        <p className="latch-error" role="alert" data-testid="latch-social-error">
          {error}
        </p>
      )}
    </div>
  )
}
