'use client'
import type { Latch } from '@latch/core'
import type { EmbeddedLoginStep, EmbeddedWalletConnector } from '@latch/core/embedded'
import { cancelSession, goBack, selectSession } from '@latch/core/internal'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { type Translate, useT } from '../../i18n/context.js'
import { CodeEntry } from './CodeEntry.js'
import { embeddedConnectorOf } from './embedded.js'
import type { ViewProps } from './index.js'

const IDLE: EmbeddedLoginStep = { step: 'idle' }

/** Text for an error of the email login: the catalog's for the ones the spec names, else the frame's own message (as text). */
export function loginErrorText(
  t: Translate,
  error: { name?: string; message: string; code?: string | undefined },
): string {
  const seconds = /after (\d+) seconds/.exec(error.message)?.[1]
  if (error.name === 'EmailThrottledError' || (error.code === 'THROTTLED' && seconds))
    return t('email.throttled', { n: Number(seconds ?? 30) })
  if (error.name === 'InvalidEmailError') return t('email.invalid')
  if (error.name === 'FrameLoadError') return t('embedded.loadFailed')
  if (error.code === 'INVALID_OTP') return t('embedded.otp.invalid')
  if (error.code === 'EXPIRED_OTP') return t('embedded.otp.expired')
  if (error.code === 'TOO_MANY_ATTEMPTS') return t('embedded.otp.tooMany')
  if (error.name === 'FrameRequestTimeoutError') return t('embedded.failed')
  return error.message || t('embedded.failed')
}

/**
 * The embedded wallet's email login after the address was sent: the device-confirmation wait,
 * the 6-digit code (typed or pasted; a new one after the 30 s throttle), 'Authenticating...', and
 * the spec's errors with a way back.
 */
export function EmbeddedWalletView({ latch }: ViewProps) {
  const connector = embeddedConnectorOf(latch)
  return connector ? <Login latch={latch} connector={connector} /> : null
}

function Login({ latch, connector }: { latch: Latch; connector: EmbeddedWalletConnector }) {
  const t = useT()
  const login = useSyncExternalStore(connector.subscribeLogin, connector.getLoginState, () => IDLE)
  const session = useLatchState((s) => s.sessions[connector.id], { latch })
  // Leaving the view (Back, close) ends the attempt; a late answer is then ignored. The attempt
  // was started by the email form, so a remount of this view (React's StrictMode) must not end it.
  useEffect(
    () => () => {
      const { modal, router } = latch.store.getState()
      if (modal.open && router.history.at(-1)?.view === 'EmbeddedWallet') return
      cancelSession(latch, { connectorId: connector.id })
    },
    [latch, connector],
  )
  if (login.step === 'verify-otp') return <OtpEntry connector={connector} login={login} />
  if (login.step === 'verify-device')
    return (
      <div className="latch-center" data-testid="latch-embedded-device">
        <div className="latch-spinner" role="progressbar" aria-label={t('embedded.device.title')} />
        <p className="latch-title">{t('embedded.device.title')}</p>
        <p className="latch-muted">{t('embedded.device.hint', { email: login.email })}</p>
      </div>
    )
  if (login.step === 'sending' || login.step === 'authenticating' || session?.status === 'connecting')
    return (
      <div className="latch-center" data-testid="latch-embedded-busy">
        <div className="latch-spinner" role="progressbar" aria-label={t('embedded.authenticating')} />
        <p role="status">
          {login.step === 'sending'
            ? t('embedded.sending', { email: login.email })
            : t('embedded.authenticating')}
        </p>
      </div>
    )
  const error = session?.error
  return (
    <div className="latch-center">
      {error && (
        <p className="latch-error" role="alert" data-testid="latch-embedded-error">
          {loginErrorText(t, { name: error.name, message: error.message })}
        </p>
      )}
      {error && <OpenWindow latch={latch} connector={connector} />}
      <button
        type="button"
        className="latch-secondary"
        data-autofocus={error && connector.windowOffer() ? undefined : true}
        data-testid="latch-embedded-retry"
        onClick={() => goBack(latch)}
      >
        {t('embedded.retry')}
      </button>
    </div>
  )
}

/**
 * Where the browser gives the frame no storage: the login goes on in the wallet's own window on
 * the frame origin (first party there, so the login is kept), with the same email.
 */
function OpenWindow({ latch, connector }: { latch: Latch; connector: EmbeddedWalletConnector }) {
  const t = useT()
  const [blocked, setBlocked] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const offer = connector.windowOffer()
  // It appears after the failed login, as the way on: the keyboard starts there.
  useEffect(() => {
    if (offer) button.current?.focus()
  }, [offer])
  if (!offer) return null
  const open = () => {
    // Synchronously in the click: browsers block a window opened later.
    if (!connector.openWindow()) {
      setBlocked(true)
      return
    }
    void selectSession(latch, { connectorId: connector.id, params: { email: offer.email } })
  }
  return (
    <>
      <button
        type="button"
        ref={button}
        className="latch-primary"
        data-autofocus
        data-testid="latch-embedded-open-window"
        onClick={open}
      >
        {t('embedded.openWindow')}
      </button>
      {blocked && (
        <p className="latch-error" role="alert" data-testid="latch-embedded-window-blocked">
          {t('embedded.windowBlocked')}
        </p>
      )}
    </>
  )
}

function OtpEntry({
  connector,
  login,
}: {
  connector: EmbeddedWalletConnector
  login: Extract<EmbeddedLoginStep, { step: 'verify-otp' }>
}) {
  const t = useT()
  const cooldown = useCooldown(connector)
  // A refused resend (the throttle, the server's) lands in the login state's error.
  const resend = () => void connector.resendCode().catch(() => {})
  return (
    <CodeEntry
      label={t('embedded.otp.lead', { email: login.email })}
      error={login.error ? loginErrorText(t, login.error) : undefined}
      submitting={login.submitting}
      onCode={(code) => connector.submitOtp(code)}
      testId="latch-embedded-otp"
      inputTestId="latch-otp-input"
      errorTestId="latch-otp-error"
    >
      <button
        type="button"
        className="latch-text-button"
        data-testid="latch-otp-resend"
        disabled={cooldown > 0}
        onClick={resend}
      >
        {cooldown > 0 ? t('email.throttled', { n: cooldown }) : t('embedded.otp.resend')}
      </button>
    </CodeEntry>
  )
}

/** Seconds until another code may be sent, ticking once a second while above zero. */
function useCooldown(connector: EmbeddedWalletConnector): number {
  const [now, setNow] = useState(() => Date.now())
  const seconds = connector.emailCooldownSeconds(now)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the one-second tick
  useEffect(() => {
    if (seconds <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), 1_000)
    return () => clearTimeout(timer)
  }, [seconds, now])
  return seconds
}
