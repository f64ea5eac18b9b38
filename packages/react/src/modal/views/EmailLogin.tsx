'use client'
import type { Latch } from '@latch/core'
import { embeddedWalletOf, isEmail, pushView, selectSession } from '@latch/core/internal'
import { type FormEvent, useId, useState } from 'react'
import { useT } from '../../i18n/context.js'

/**
 * The email field of Connect (spec §2: email first). An invalid address and the 30 s throttle
 * (spec §5) are said under the field and send nothing; otherwise the login view opens and the
 * embedded connector asks the frame to email a code.
 */
export function EmailLogin({ latch }: { latch: Latch }) {
  const t = useT()
  const id = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const found = embeddedWalletOf(latch)
  if (!found) return null
  const { connector, embedded } = found
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (!isEmail(value)) {
      setError(t('email.invalid'))
      return
    }
    const seconds = embedded.emailCooldownSeconds()
    if (seconds > 0) {
      setError(t('email.throttled', { n: seconds }))
      return
    }
    setError(undefined)
    pushView(latch, { view: 'EmbeddedWallet', params: { connectorId: connector.id } })
    void selectSession(latch, { connectorId: connector.id, params: { email: value } })
  }
  return (
    <form className="latch-email" onSubmit={submit} noValidate data-testid="latch-email-form">
      <label htmlFor={id} className="latch-visually-hidden">
        {t('email.label')}
      </label>
      <div className="latch-email-row">
        <input
          id={id}
          className="latch-search"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('email.label')}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="latch-email-input"
          onChange={(event) => {
            setEmail(event.target.value)
            setError(undefined)
          }}
        />
        <button type="submit" className="latch-primary" data-testid="latch-email-submit">
          {t('email.continue')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="latch-error" role="alert" data-testid="latch-email-error">
          {error}
        </p>
      )}
    </form>
  )
}
