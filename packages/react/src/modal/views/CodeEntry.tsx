'use client'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useT } from '../../i18n/context.js'

/**
 * The 6-digit one-time-code form: typed or pasted digits (sent as soon as there are six), the
 * error line, 'Authenticating...' while the code is checked, and whatever the caller adds below
 * the submit button (a resend button, say).
 */
export function CodeEntry({
  label,
  error,
  submitting,
  onCode,
  testId,
  inputTestId,
  errorTestId,
  children,
}: {
  label: ReactNode
  error: string | undefined
  submitting: boolean
  /** Sends a full code; a rejection clears the field. */
  onCode: (code: string) => Promise<unknown>
  testId: string
  inputTestId: string
  errorTestId: string
  children?: ReactNode
}) {
  const t = useT()
  const id = useId()
  const [code, setCode] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // The code form replaces a "sending" state inside the same view: focus the field when it
  // appears, and again once a refused code was cleared.
  useEffect(() => {
    if (!submitting) input.current?.focus()
  }, [submitting])
  const submit = (value: string) => {
    if (value.length !== 6 || submitting) return
    void onCode(value).catch(() => setCode(''))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit(code)
  }
  return (
    <form className="latch-center" onSubmit={onSubmit} noValidate data-testid={testId}>
      <label htmlFor={id}>{label}</label>
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
        disabled={submitting}
        data-testid={inputTestId}
        onChange={(event) => {
          // Pasted codes often carry spaces or dashes ("123 456"): no maxLength, digits are kept.
          const digits = event.target.value.replace(/\D/g, '').slice(0, 6)
          setCode(digits)
          if (digits.length === 6) submit(digits)
        }}
      />
      {error && (
        <p id={`${id}-error`} className="latch-error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      )}
      {submitting && <p role="status">{t('embedded.authenticating')}</p>}
      <button type="submit" className="latch-primary" disabled={code.length !== 6 || submitting}>
        {t('embedded.otp.submit')}
      </button>
      {children}
    </form>
  )
}
