'use client'
import type { EmbeddedEmailUpdateStep, EmbeddedWalletConnector } from '@latch/core/embedded'
import { goBack } from '@latch/core/internal'
import { type FormEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { type Translate, useT } from '../../i18n/context.js'
import { loginErrorText } from './EmbeddedWalletView.js'
import { embeddedConnectorOf } from './embedded.js'
import type { ViewProps } from './index.js'

const IDLE: EmbeddedEmailUpdateStep = { step: 'idle' }

function updateErrorText(t: Translate, error: { name?: string; message: string; code?: string | undefined }) {
  if (error.code === 'email_taken') return t('updateEmail.taken')
  if (error.code === 'same_email') return t('updateEmail.same')
  if (error.code === 'invalid_email' || error.code === 'INVALID_PAYLOAD') return t('email.invalid')
  return loginErrorText(t, error)
}

/**
 * Changing the login email of an embedded wallet (spec §4): the new address, then the code sent
 * to the current address, then the code sent to the new one; back to Account when it is done.
 */
export function UpdateEmailView({ latch }: ViewProps<'UpdateEmail'>) {
  const connector = embeddedConnectorOf(latch)
  const state = useSyncExternalStore(
    connector?.subscribeEmailUpdate ?? (() => () => {}),
    connector?.getEmailUpdateState ?? (() => IDLE),
    () => IDLE,
  )
  // Leaving the view ends the change (nothing moves unless the second code was accepted).
  useEffect(() => () => connector?.cancelEmailUpdate(), [connector])
  useEffect(() => {
    if (state.step === 'done') {
      connector?.cancelEmailUpdate()
      goBack(latch)
    }
  }, [state.step, connector, latch])
  if (!connector) return null
  if (state.step === 'verify-primary' || state.step === 'verify-secondary')
    return <CodeForm key={state.step} connector={connector} state={state} />
  if (state.step === 'done') return null
  return <NewEmailForm connector={connector} state={state} />
}

function NewEmailForm({
  connector,
  state,
}: {
  connector: EmbeddedWalletConnector
  state: EmbeddedEmailUpdateStep
}) {
  const t = useT()
  const id = useId()
  const [email, setEmail] = useState(state.step === 'enter-email' ? state.email : '')
  const busy = state.step === 'enter-email' && state.submitting
  const error = state.step === 'enter-email' && state.error ? updateErrorText(t, state.error) : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) void connector.updateEmail(email).catch(() => {})
  }
  return (
    <form className="latch-center" onSubmit={onSubmit} noValidate data-testid="latch-update-email">
      <label htmlFor={id}>{t('updateEmail.label')}</label>
      <input
        id={id}
        className="latch-search"
        type="email"
        autoComplete="email"
        value={email}
        data-autofocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={busy}
        data-testid="latch-update-email-input"
        onChange={(event) => setEmail(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="latch-error" role="alert" data-testid="latch-update-email-error">
          {error}
        </p>
      )}
      {busy && <p role="status">{t('embedded.sending', { email: email.trim() })}</p>}
      <button
        type="submit"
        className="latch-primary"
        disabled={busy || email.trim() === ''}
        data-testid="latch-update-email-submit"
      >
        {t('email.continue')}
      </button>
    </form>
  )
}

function CodeForm({
  connector,
  state,
}: {
  connector: EmbeddedWalletConnector
  state: Exclude<EmbeddedEmailUpdateStep, { step: 'idle' | 'done' }> & {
    step: 'verify-primary' | 'verify-secondary'
  }
}) {
  const t = useT()
  const id = useId()
  const [code, setCode] = useState('')
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!state.submitting) input.current?.focus()
  }, [state.submitting])
  const submit = (value: string) => {
    if (value.length !== 6 || state.submitting) return
    void connector.submitEmailUpdateOtp(value).catch(() => setCode(''))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit(code)
  }
  const error = state.error ? updateErrorText(t, state.error) : undefined
  return (
    <form className="latch-center" onSubmit={onSubmit} noValidate data-testid={`latch-update-${state.step}`}>
      <label htmlFor={id}>
        {state.step === 'verify-primary'
          ? t('updateEmail.primary')
          : t('embedded.otp.lead', { email: state.email })}
      </label>
      <input
        id={id}
        ref={input}
        className="latch-search latch-otp"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        value={code}
        data-autofocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={state.submitting}
        data-testid="latch-update-otp-input"
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 6)
          setCode(digits)
          if (digits.length === 6) submit(digits)
        }}
      />
      {error && (
        <p id={`${id}-error`} className="latch-error" role="alert" data-testid="latch-update-otp-error">
          {error}
        </p>
      )}
      {state.submitting && <p role="status">{t('embedded.authenticating')}</p>}
      <button type="submit" className="latch-primary" disabled={code.length !== 6 || state.submitting}>
        {t('embedded.otp.submit')}
      </button>
    </form>
  )
}
