'use client'
import type { SendProblem } from '@latch/core/internal'
import { useT } from '../../../i18n/context.js'
import { problemMessage } from './messages.js'

export interface AmountFieldProps {
  /** The input's id; its error is `${id}-error`. */
  id: string
  /** The form's test-id prefix: `latch-send` or `latch-swap`. */
  testId: string
  value: string
  disabled?: boolean
  problem?: SendProblem | undefined
  /** What the account holds of the token, formatted with its symbol. */
  balance: string
  onChange: (value: string) => void
  onMax: () => void
}

/** An amount to send or swap: the field, Max, the balance it is taken from, and what is wrong with it. */
export function AmountField({
  id,
  testId,
  value,
  disabled,
  problem,
  balance,
  onChange,
  onMax,
}: AmountFieldProps) {
  const t = useT()
  return (
    <>
      <label htmlFor={id}>{t('send.amount')}</label>
      <div className="latch-email-row">
        <input
          id={id}
          className="latch-search"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={value}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          data-testid={`${testId}-amount`}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="latch-secondary"
          disabled={disabled}
          data-testid={`${testId}-max`}
          onClick={onMax}
        >
          {t('send.max')}
        </button>
      </div>
      <p className="latch-muted-small" data-testid={`${testId}-balance`}>
        {t('send.balance', { amount: balance })}
      </p>
      {problem && (
        <p id={`${id}-error`} className="latch-error" role="alert" data-testid={`${testId}-amount-error`}>
          {t(problemMessage[problem])}
        </p>
      )}
    </>
  )
}
