'use client'
import type { Latch } from '@latch/core'
import type { EmbeddedLoginStep, EmbeddedWalletCapability, FlowError } from '@latch/core/embedded'
import { cancelSession, embeddedWalletOf, goBack, selectSession } from '@latch/core/internal'
import { useEffect, useRef, useState } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { type Translate, useT } from '../../i18n/context.js'
import { CodeEntry } from './CodeEntry.js'
import type { ViewProps } from './index.js'

const IDLE: EmbeddedLoginStep = { step: 'idle' }

/** The errors that mean the wallet (the frame, its server) could not be reached, by class or frame code. */
const UNREACHABLE = new Set(['FrameLoadError', 'FrameRequestTimeoutError', 'SessionUnreachableError'])
const isUnreachable = (error: Pick<FlowError, 'name' | 'code'>) =>
  UNREACHABLE.has(error.name) || error.code === 'NETWORK'

/** Text for an error of the email login: the catalog's for the ones the kit knows (by class and code), else the frame's own message (as text). */
export function loginErrorText(t: Translate, error: FlowError): string {
  if (error.name === 'EmailThrottledError') return t('email.throttled', { n: error.seconds ?? 30 })
  if (error.name === 'InvalidEmailError') return t('email.invalid')
  if (isUnreachable(error)) return t('embedded.unreachable')
  if (error.code === 'INVALID_OTP') return t('embedded.otp.invalid')
  if (error.code === 'EXPIRED_OTP') return t('embedded.otp.expired')
  if (error.code === 'TOO_MANY_ATTEMPTS') return t('embedded.otp.tooMany')
  if (error.code === 'WINDOW_CLOSED') return t('embedded.windowClosed')
  // The server's refusals while a recovery is held (its own text is English and names a GMT time).
  if (error.code === 'recovery_frozen') return t('embedded.refused.frozen')
  if (error.code === 'device_unfinished') return t('embedded.refused.unfinished')
  if (error.code === 'recovery_cancelled') return t('embedded.refused.cancelled')
  return error.message || t('embedded.failed')
}

/**
 * The embedded wallet's email login after the address was sent: the device-confirmation wait,
 * the 6-digit code (typed or pasted; a new one after the 30 s throttle), 'Authenticating...', and
 * the spec's errors with a way back — or, when the wallet server can't be reached, Retry.
 */
export function EmbeddedWalletView({ latch }: ViewProps) {
  const found = embeddedWalletOf(latch)
  return found ? <Login latch={latch} connectorId={found.connector.id} embedded={found.embedded} /> : null
}

function Login({
  latch,
  connectorId,
  embedded,
}: {
  latch: Latch
  connectorId: string
  embedded: EmbeddedWalletCapability
}) {
  const t = useT()
  const login = useLatchState((s) => s.sessions[connectorId]?.login ?? IDLE, { latch })
  const status = useLatchState((s) => s.sessions[connectorId]?.status, { latch })
  const sessionError = useLatchState((s) => s.sessions[connectorId]?.error, { latch })
  // Leaving the view (Back, close) ends the attempt; a late answer is then ignored. The attempt
  // was started by the email form, so a remount of this view (React's StrictMode) must not end it.
  useEffect(
    () => () => {
      const { modal, router } = latch.store.getState()
      if (modal.open && router.history.at(-1)?.view === 'EmbeddedWallet') return
      cancelSession(latch, { connectorId })
    },
    [latch, connectorId],
  )
  if (login.step === 'verify-otp') return <OtpEntry embedded={embedded} login={login} />
  if (login.step === 'verify-device')
    return (
      <div className="latch-center" data-testid="latch-embedded-device">
        <div className="latch-spinner" role="progressbar" aria-label={t('embedded.device.title')} />
        <p className="latch-title">{t('embedded.device.title')}</p>
        <p className="latch-muted">{t('embedded.device.hint', { email: login.email })}</p>
      </div>
    )
  if (login.step === 'failed' && isUnreachable(login.error))
    return <Unreachable latch={latch} connectorId={connectorId} email={login.email} />
  if (
    login.step === 'sending' ||
    login.step === 'authenticating' ||
    (status === 'connecting' && login.step !== 'failed')
  )
    return (
      <div className="latch-center" data-testid="latch-embedded-busy">
        <div className="latch-spinner" role="progressbar" aria-label={t('embedded.authenticating')} />
        <p role="status" data-testid="latch-embedded-busy-text">
          {login.step === 'sending'
            ? t('embedded.sending', { email: login.email })
            : // The recovery step shows in the wallet's own window: the page says where to look.
              embedded.inWindow()
              ? t('embedded.inWindow')
              : t('embedded.authenticating')}
        </p>
      </div>
    )
  const error: FlowError | undefined = login.step === 'failed' ? login.error : sessionError
  return (
    <div className="latch-center">
      {error && (
        <p className="latch-error" role="alert" data-testid="latch-embedded-error">
          {loginErrorText(t, error)}
        </p>
      )}
      {error && <OpenWindow latch={latch} connectorId={connectorId} embedded={embedded} />}
      <button
        type="button"
        className="latch-secondary"
        data-autofocus={error && embedded.windowOffer() ? undefined : true}
        data-testid="latch-embedded-retry"
        onClick={() => goBack(latch)}
      >
        {t('embedded.retry')}
      </button>
    </div>
  )
}

/** The wallet server is down or hung: say so, and try the same email again on Retry. */
function Unreachable({ latch, connectorId, email }: { latch: Latch; connectorId: string; email: string }) {
  const t = useT()
  const retry = useRef<HTMLButtonElement>(null)
  // It replaces the spinner inside the same view: the keyboard starts on Retry.
  useEffect(() => retry.current?.focus(), [])
  return (
    <div className="latch-center" data-testid="latch-embedded-unreachable">
      <p className="latch-error" role="alert" data-testid="latch-embedded-error">
        {t('embedded.unreachable')}
      </p>
      <button
        type="button"
        ref={retry}
        className="latch-primary"
        data-autofocus
        data-testid="latch-embedded-unreachable-retry"
        onClick={() => void selectSession(latch, { connectorId, params: { email } })}
      >
        {t('embedded.unreachable.retry')}
      </button>
    </div>
  )
}

/**
 * Where the browser gives the frame no storage: the login goes on in the wallet's own window on
 * the frame origin (first party there, so the login is kept), with the same email.
 */
function OpenWindow({
  latch,
  connectorId,
  embedded,
}: {
  latch: Latch
  connectorId: string
  embedded: EmbeddedWalletCapability
}) {
  const t = useT()
  const [blocked, setBlocked] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const offer = embedded.windowOffer()
  // It appears after the failed login, as the way on: the keyboard starts there.
  useEffect(() => {
    if (offer) button.current?.focus()
  }, [offer])
  if (!offer) return null
  const open = () => {
    // Synchronously in the click: browsers block a window opened later.
    if (!embedded.openWindow()) {
      setBlocked(true)
      return
    }
    void selectSession(latch, { connectorId, params: { email: offer.email } })
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
  embedded,
  login,
}: {
  embedded: EmbeddedWalletCapability
  login: Extract<EmbeddedLoginStep, { step: 'verify-otp' }>
}) {
  const t = useT()
  const cooldown = useCooldown(embedded)
  // A refused resend (the throttle, the server's) lands in the login state's error.
  const resend = () => void embedded.resendCode().catch(() => {})
  return (
    <CodeEntry
      label={t('embedded.otp.lead', { email: login.email })}
      error={login.error ? loginErrorText(t, login.error) : undefined}
      submitting={login.submitting}
      onCode={(code) => embedded.submitOtp(code)}
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
function useCooldown(embedded: EmbeddedWalletCapability): number {
  const [now, setNow] = useState(() => Date.now())
  const seconds = embedded.emailCooldownSeconds(now)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the one-second tick
  useEffect(() => {
    if (seconds <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), 1_000)
    return () => clearTimeout(timer)
  }, [seconds, now])
  return seconds
}
