'use client'
import type { Latch } from '@latch/core'
import { embeddedWalletOf, isInAppBrowser, pushView, selectSession } from '@latch/core/internal'
import { useId, useState } from 'react'
import { useT } from '../../i18n/context.js'
import type { MessageId } from '../../i18n/en.js'

/** The provider's window: a popup of the size the providers' own pages are made for. */
const WINDOW_FEATURES = 'popup,width=500,height=640'

/** The socials the embedded wallet's server logs in with: spec §1's six and Farcaster. */
const BUILT_SOCIALS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const
type BuiltSocial = (typeof BUILT_SOCIALS)[number]
export const isBuiltSocial = (id: string): id is BuiltSocial =>
  (BUILT_SOCIALS as readonly string[]).includes(id)

/**
 * How many socials stand as buttons on Connect; the rest wait behind "More", a disclosure, so the
 * wallets below stay in view however many socials a project turns on.
 */
export const SHOWN_SOCIALS = 1

const LABELS = {
  google: 'social.google',
  x: 'social.x',
  farcaster: 'social.farcaster',
  discord: 'social.discord',
  apple: 'social.apple',
  github: 'social.github',
  facebook: 'social.facebook',
} as const satisfies Record<BuiltSocial, MessageId>
/** The providers' own names, as they write them (not translated): spec §1's six. */
export const SOCIAL_NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
}

/**
 * "Continue with Google", "Continue with GitHub" on Connect (spec §2: after the email field). The
 * window opens on the click itself, so no pop-up blocker stops it; the embedded connector sends it
 * to the provider and the frame takes the session. Closed or refused, Connect stays with the
 * reason under the buttons.
 */
export function SocialLogin({ latch, providers }: { latch: Latch; providers: readonly BuiltSocial[] }) {
  const t = useT()
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState<BuiltSocial | undefined>()
  const [more, setMore] = useState(false)
  const moreId = useId()
  const found = embeddedWalletOf(latch)
  if (!found) return null
  const { connector } = found
  const start = (provider: BuiltSocial) => {
    // Farcaster opens no window: its view shows the link's QR code and starts the login itself.
    if (provider === 'farcaster') {
      pushView(latch, { view: 'ConnectingFarcaster', params: { connectorId: connector.id } })
      return
    }
    const values = { provider: SOCIAL_NAMES[provider] as string }
    // Google refuses its sign-in page inside apps' built-in browsers: say so, open nothing.
    if (provider === 'google' && isInAppBrowser()) {
      setError(t('social.inApp', values))
      return
    }
    const socialWindow = window.open('', 'latch-social', WINDOW_FEATURES)
    if (socialWindow === null) {
      setError(t('social.failed', values))
      return
    }
    setError(undefined)
    setBusy(provider)
    void selectSession(latch, {
      connectorId: connector.id,
      params: { provider, socialWindow },
    }).then(() => {
      setBusy(undefined)
      const failed = latch.store.getState().sessions[connector.id]?.error
      if (failed) setError(t(failed.code === 'user-rejected' ? 'social.cancelled' : 'social.failed', values))
    })
  }
  const button = (provider: BuiltSocial) => (
    <button
      key={provider}
      type="button"
      className="latch-secondary latch-social"
      onClick={() => start(provider)}
      disabled={busy !== undefined}
      aria-busy={busy === provider || undefined}
      data-testid={`latch-social-${provider}`}
    >
      {t(LABELS[provider])}
    </button>
  )
  const shown = providers.slice(0, SHOWN_SOCIALS)
  const rest = providers.slice(SHOWN_SOCIALS)
  return (
    <div className="latch-email">
      {shown.map(button)}
      {rest.length > 0 && (
        <>
          <button
            type="button"
            className="latch-secondary latch-social"
            aria-expanded={more}
            aria-controls={moreId}
            onClick={() => setMore(!more)}
            data-testid="latch-social-more"
          >
            {t('social.more')}
          </button>
          <div id={moreId} className="latch-social-rest" hidden={!more} data-testid="latch-social-rest">
            {/* Rendered only when open: the modal's button styles would override `hidden`. */}
            {more && rest.map(button)}
          </div>
        </>
      )}
      {error && (
        <p className="latch-error" role="alert" data-testid="latch-social-error">
          {error}
        </p>
      )}
    </div>
  )
}
