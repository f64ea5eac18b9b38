'use client'
import type { Latch, TokenBalance } from '@latch/core'
import {
  fillMaxAmount,
  formatBalance,
  reviewSend,
  type SendState,
  sendAmountProblem,
  setSendForm,
} from '@latch/core/internal'
import { type FormEvent, useId } from 'react'
import { useT } from '../../../i18n/context.js'
import { problemMessage } from './messages.js'

export interface SendFormProps {
  latch: Latch
  send: SendState
  token: TokenBalance
  tokens: readonly TokenBalance[]
  tokenKey: (token: TokenBalance) => string
}

/** The form: token, recipient, amount with Max; Review checks it and estimates the fee. */
export function SendForm({ latch, send, token, tokens, tokenKey }: SendFormProps) {
  const t = useT()
  const id = useId()
  // The amount is checked as it is typed; the recipient when the visitor asks for the review.
  const typed = send.amount === '' ? undefined : sendAmountProblem(send.amount, token)
  const amountProblem = typed ?? (send.problem !== 'recipient' ? send.problem : undefined)
  const recipientProblem = send.problem === 'recipient'
  const busy = send.status === 'preparing'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) void reviewSend(latch, { token }).catch(() => {})
  }
  return (
    <form className="latch-send" onSubmit={submit} noValidate data-testid="latch-send-form">
      <label htmlFor={`${id}-token`}>{t('send.token')}</label>
      <select
        id={`${id}-token`}
        className="latch-search"
        value={tokenKey(token)}
        data-testid="latch-send-token"
        onChange={(event) => setSendForm(latch, { token: event.target.value, amount: '' })}
      >
        {tokens.map((option) => (
          <option key={tokenKey(option)} value={tokenKey(option)}>
            {`${option.symbol} · ${formatBalance(option.quantity.numeric)}`}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-to`}>{t('send.recipient')}</label>
      <input
        id={`${id}-to`}
        className="latch-search"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        value={send.to}
        aria-invalid={recipientProblem || undefined}
        aria-describedby={recipientProblem ? `${id}-to-error` : undefined}
        data-testid="latch-send-recipient"
        onChange={(event) => setSendForm(latch, { to: event.target.value })}
      />
      {recipientProblem && (
        <p
          id={`${id}-to-error`}
          className="latch-error"
          role="alert"
          data-testid="latch-send-recipient-error"
        >
          {t('send.error.recipient')}
        </p>
      )}
      <label htmlFor={`${id}-amount`}>{t('send.amount')}</label>
      <div className="latch-email-row">
        <input
          id={`${id}-amount`}
          className="latch-search"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={send.amount}
          aria-invalid={amountProblem ? true : undefined}
          aria-describedby={amountProblem ? `${id}-amount-error` : undefined}
          data-testid="latch-send-amount"
          onChange={(event) => setSendForm(latch, { amount: event.target.value })}
        />
        <button
          type="button"
          className="latch-secondary"
          data-testid="latch-send-max"
          onClick={() => void fillMaxAmount(latch, { token }).catch(() => {})}
        >
          {t('send.max')}
        </button>
      </div>
      <p className="latch-muted-small">
        {t('send.balance', { amount: `${formatBalance(token.quantity.numeric)} ${token.symbol}` })}
      </p>
      {amountProblem && (
        <p
          id={`${id}-amount-error`}
          className="latch-error"
          role="alert"
          data-testid="latch-send-amount-error"
        >
          {t(problemMessage[amountProblem])}
        </p>
      )}
      {send.failure === 'fee' && (
        <p className="latch-error" role="alert" data-testid="latch-send-failure">
          {t('send.failure.fee')}
        </p>
      )}
      <button
        type="submit"
        className="latch-primary latch-full"
        disabled={busy || Boolean(amountProblem) || send.amount === '' || send.to === ''}
        aria-busy={busy || undefined}
        data-testid="latch-send-review"
      >
        {busy ? t('send.preparing') : t('send.review')}
      </button>
    </form>
  )
}
