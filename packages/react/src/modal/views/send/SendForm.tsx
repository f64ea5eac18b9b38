'use client'
import { type Latch, resolveNameQueryOptions, type TokenBalance } from '@latch/core'
import {
  fillMaxAmount,
  formatBalance,
  parseRecipientInput,
  reviewSend,
  type SendState,
  sendAmountProblem,
  setSendForm,
} from '@latch/core/internal'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useLatchState } from '../../../hooks/useLatchState.js'
import { useQuery } from '../../../hooks/useQuery.js'
import { useT } from '../../../i18n/context.js'
import { AmountField } from './AmountField.js'
import { failureMessage, problemMessage } from './messages.js'

// A typed name is looked up once the visitor pauses, not at every key.
const NAME_PAUSE_MS = 300

/** The name being typed (after a short pause), or undefined when the recipient is not one. */
function usePausedName(latch: Latch, to: string): string | undefined {
  const namespace = useLatchState((s) => s.activeNamespace, { latch })
  const adapter = namespace ? latch.adapters.get(namespace) : undefined
  const typed = adapter ? parseRecipientInput(to, adapter) : undefined
  const name = typed?.kind === 'name' ? typed.name : undefined
  const [paused, setPaused] = useState(name)
  useEffect(() => {
    if (name === undefined) return setPaused(undefined)
    const timer = setTimeout(() => setPaused(name), NAME_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [name])
  return name === paused ? paused : undefined
}

/**
 * Under the recipient: the address a typed name (ENS) resolves to, in full, so the visitor sees
 * where it goes before the review; or why it does not resolve.
 */
function ResolvedName({ latch, name, id }: { latch: Latch; name: string; id: string }) {
  const t = useT()
  const namespace = useLatchState((s) => s.activeNamespace, { latch }) ?? 'eip155'
  const query = useQuery(resolveNameQueryOptions(latch, { namespace, name }), { latch })
  if (query.data)
    return (
      <p id={id} className="latch-muted-small latch-break" data-testid="latch-send-recipient-resolved">
        {t('send.resolvedTo', { address: query.data })}
      </p>
    )
  if (query.data === null || query.isError)
    return (
      <p id={id} className="latch-error" role="alert" data-testid="latch-send-recipient-error">
        {t(query.isError ? 'send.failure.name' : 'send.error.name')}
      </p>
    )
  return null
}

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
  const amountProblem =
    typed ?? (send.problem !== 'recipient' && send.problem !== 'name' ? send.problem : undefined)
  const recipientProblem = send.problem === 'recipient' || send.problem === 'name' ? send.problem : undefined
  const pausedName = usePausedName(latch, send.to)
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
        aria-invalid={recipientProblem ? true : undefined}
        aria-describedby={recipientProblem ? `${id}-to-error` : pausedName ? `${id}-to-name` : undefined}
        data-testid="latch-send-recipient"
        onChange={(event) => setSendForm(latch, { to: event.target.value })}
      />
      {recipientProblem ? (
        <p
          id={`${id}-to-error`}
          className="latch-error"
          role="alert"
          data-testid="latch-send-recipient-error"
        >
          {t(problemMessage[recipientProblem])}
        </p>
      ) : (
        pausedName && <ResolvedName latch={latch} name={pausedName} id={`${id}-to-name`} />
      )}
      <AmountField
        id={`${id}-amount`}
        testId="latch-send"
        value={send.amount}
        problem={amountProblem}
        balance={`${formatBalance(token.quantity.numeric)} ${token.symbol}`}
        onChange={(amount) => setSendForm(latch, { amount })}
        onMax={() => void fillMaxAmount(latch, { token }).catch(() => {})}
      />
      {(send.failure === 'fee' || send.failure === 'name') && (
        <p className="latch-error" role="alert" data-testid="latch-send-failure">
          {t(failureMessage[send.failure])}
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
