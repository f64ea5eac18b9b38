'use client'
import type { Latch } from '@latch/core'
import type { EmbeddedEmailUpdateStep, EmbeddedWalletCapability, FlowError } from '@latch/core/embedded'
import { embeddedWalletOf, goBack, pushView } from '@latch/core/internal'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { type Translate, useT } from '../../i18n/context.js'
import { CodeEntry } from './CodeEntry.js'
import { loginErrorText } from './EmbeddedWalletView.js'
import type { ViewProps } from './index.js'

const IDLE: EmbeddedEmailUpdateStep = { step: 'idle' }

function updateErrorText(t: Translate, error: FlowError) {
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
  const found = embeddedWalletOf(latch)
  const embedded = found?.embedded
  const state = useLatchState(
    (s) => (found ? s.sessions[found.connector.id]?.emailUpdate : undefined) ?? IDLE,
    { latch },
  )
  // Going back from the view ends the change (nothing moves unless the second code was accepted);
  // closing the modal does not: the visitor may close it to read the mail, and Account brings the
  // change back when the modal opens again (useResumedEmailUpdate). Closing has marked the modal
  // closed by the time the view unmounts; a remount in place (React's StrictMode) leaves the view
  // on top of the history.
  useEffect(
    () => () => {
      const { modal, router } = latch.store.getState()
      if (modal.open && router.history.at(-1)?.view !== 'UpdateEmail') embedded?.cancelEmailUpdate()
    },
    [embedded, latch],
  )
  useEffect(() => {
    if (state.step === 'done') {
      embedded?.cancelEmailUpdate()
      goBack(latch)
    }
  }, [state.step, embedded, latch])
  if (!embedded) return null
  if (state.step === 'verify-primary' || state.step === 'verify-secondary')
    return <CodeForm key={state.step} embedded={embedded} state={state} />
  if (state.step === 'done') return null
  return <NewEmailForm embedded={embedded} state={state} />
}

/**
 * For Account: an email change the visitor left by closing the modal, waiting for a code, opens
 * again at that code; one that finished meanwhile is cleared.
 */
export function useResumedEmailUpdate(latch: Latch, connectorId: string | undefined) {
  useEffect(() => {
    const embedded = embeddedWalletOf(latch)
    if (!embedded || embedded.connector.id !== connectorId) return
    const step = latch.store.getState().sessions[connectorId]?.emailUpdate?.step
    if (step === 'done') embedded.embedded.cancelEmailUpdate()
    // Once: a second run of this effect (StrictMode) finds the change already on top.
    // Only in an open modal: the closing one shows Account while it fades out.
    const { modal, router } = latch.store.getState()
    const here = modal.open && router.history.at(-1)?.view === 'Account'
    if ((step === 'verify-primary' || step === 'verify-secondary') && here)
      pushView(latch, { view: 'UpdateEmail', params: { connectorId } })
  }, [latch, connectorId])
}

function NewEmailForm({
  embedded,
  state,
}: {
  embedded: EmbeddedWalletCapability
  state: EmbeddedEmailUpdateStep
}) {
  const t = useT()
  const id = useId()
  const [email, setEmail] = useState(state.step === 'enter-email' ? state.email : '')
  const busy = state.step === 'enter-email' && state.submitting
  const error = state.step === 'enter-email' && state.error ? updateErrorText(t, state.error) : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) void embedded.updateEmail(email).catch(() => {})
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
  embedded,
  state,
}: {
  embedded: EmbeddedWalletCapability
  state: Exclude<EmbeddedEmailUpdateStep, { step: 'idle' | 'done' }> & {
    step: 'verify-primary' | 'verify-secondary'
  }
}) {
  const t = useT()
  return (
    <CodeEntry
      label={
        state.step === 'verify-primary'
          ? t('updateEmail.primary')
          : t('embedded.otp.lead', { email: state.email })
      }
      error={state.error ? updateErrorText(t, state.error) : undefined}
      submitting={state.submitting}
      onCode={(code) => embedded.submitEmailUpdateOtp(code)}
      testId={`latch-update-${state.step}`}
      inputTestId="latch-update-otp-input"
      errorTestId="latch-update-otp-error"
    />
  )
}
