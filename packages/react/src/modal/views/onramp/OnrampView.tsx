'use client'
import type { CaipNetwork, Latch } from '@latch/core'
import {
  createOnrampSession,
  fetchOnrampQuotes,
  goBack,
  isRestrictedTimeZone,
  type OnrampOptions,
  type OnrampOrder,
  onrampAmountProblem,
  onrampCurrenciesOn,
  onrampOptionsQueryOptions,
  onrampPurchasesQueryOptions,
  paymentMethodLimits,
  refreshAfterPurchase,
  sortOnrampQuotes,
} from '@latch/core/internal'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useLatchAccount } from '../../../hooks/useLatchAccount.js'
import { useNetworkState } from '../../../hooks/useNetworkState.js'
import { useQuery } from '../../../hooks/useQuery.js'
import { type Translate, useT } from '../../../i18n/context.js'
import type { MessageId } from '../../../i18n/en.js'
import type { ViewProps } from '../index.js'

// The quotes are asked for once the visitor pauses typing, not at every key.
const QUOTE_PAUSE_MS = 400
// How often the purchase's status is read while the provider's window is open.
const PURCHASE_POLL_MS = 2_000
const WINDOW_FEATURES = 'popup,width=480,height=720'

/** Providers' names as people know them; another provider shows its id. */
const PROVIDER_NAMES: Record<string, string> = {
  'dev-onramp': 'Dev Onramp',
  coinbase: 'Coinbase',
  meld: 'Meld',
  moonpay: 'MoonPay',
  transak: 'Transak',
}
export const providerName = (id: string) => PROVIDER_NAMES[id] ?? id

const METHOD_LABELS: Record<string, MessageId> = {
  card: 'onramp.method.card',
  ach_bank_account: 'onramp.method.ach_bank_account',
}
const methodLabel = (t: Translate, id: string) => (METHOD_LABELS[id] ? t(METHOD_LABELS[id]) : id)

const problemMessage = {
  invalid: 'onramp.error.invalid',
  belowMinimum: 'onramp.error.belowMinimum',
  aboveMaximum: 'onramp.error.aboveMaximum',
} as const satisfies Record<string, MessageId>

/** The visitor's time zone, as the browser reports it. */
const visitorTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/**
 * Buy (spec §2: the on-ramp purchase view): a currency sold on the account's network, what to pay
 * and how within the method's limits, the providers' quotes with their fees, then Continue opens
 * the chosen provider's checkout in a window of its own (opened on the click, so no pop-up blocker
 * stops it) and waits for the purchase to complete. Not offered in restricted time zones (§9).
 */
export default function OnrampView({ latch, entry }: ViewProps<'Onramp'>) {
  const t = useT()
  const account = useLatchAccount({ latch })
  const { caipNetwork, unsupported } = useNetworkState(latch)
  if (isRestrictedTimeZone(visitorTimeZone()))
    return (
      <p className="latch-muted" role="alert" data-testid="latch-onramp-restricted">
        {t('onramp.restricted')}
      </p>
    )
  if (
    !account.address ||
    (account.namespace !== 'eip155' && account.namespace !== 'solana') ||
    !caipNetwork ||
    unsupported ||
    !latch.options.apiUrl
  )
    return (
      <p className="latch-muted" data-testid="latch-onramp-unavailable">
        {t('onramp.unavailable')}
      </p>
    )
  return (
    <OnrampOptionsLoader
      key={`${caipNetwork.caipNetworkId}:${account.address}`}
      latch={latch}
      address={account.address}
      caipNetwork={caipNetwork}
      params={entry.params}
    />
  )
}

interface FormProps {
  latch: Latch
  address: string
  caipNetwork: CaipNetwork
  params: ViewProps<'Onramp'>['entry']['params']
}

function OnrampOptionsLoader(props: FormProps) {
  const t = useT()
  const options = useQuery(onrampOptionsQueryOptions(props.latch), { latch: props.latch })
  if (options.isError)
    return (
      <p className="latch-muted" role="alert" data-testid="latch-onramp-options-error">
        {t('onramp.optionsUnavailable')}
      </p>
    )
  if (!options.data)
    return <div className="latch-skeleton latch-full" aria-busy="true" data-testid="latch-onramp-loading" />
  const currencies = onrampCurrenciesOn(options.data, props.caipNetwork.caipNetworkId)
  if (currencies.length === 0 || options.data.paymentCurrencies.length === 0)
    return (
      <p className="latch-muted" data-testid="latch-onramp-unavailable">
        {t('onramp.unavailable')}
      </p>
    )
  return <OnrampForm {...props} options={options.data} />
}

type Phase =
  | { kind: 'editing'; error?: MessageId | undefined }
  | { kind: 'opening'; provider: string }
  | { kind: 'waiting'; provider: string; purchaseId: string }

/** The form, then the wait for the provider's window. */
export function OnrampForm({
  latch,
  address,
  caipNetwork,
  params,
  options,
}: FormProps & { options: OnrampOptions }) {
  const t = useT()
  const id = useId()
  const currencies = onrampCurrenciesOn(options, caipNetwork.caipNetworkId)
  const [currencyId, setCurrencyId] = useState(
    () => currencies.find((c) => c.id === params?.purchaseCurrency)?.id ?? currencies[0]!.id,
  )
  const currency = currencies.find((c) => c.id === currencyId) ?? currencies[0]!
  const [paymentId, setPaymentId] = useState(
    () => (options.paymentCurrencies.find((c) => c.id === 'USD') ?? options.paymentCurrencies[0]!).id,
  )
  const payment = options.paymentCurrencies.find((c) => c.id === paymentId) ?? options.paymentCurrencies[0]!
  const methods = paymentMethodLimits(payment)
  const [methodId, setMethodId] = useState(() => methods[0]!.id)
  const method = methods.find((m) => m.id === methodId) ?? methods[0]!
  const [amount, setAmount] = useState(() =>
    typeof params?.amount === 'string' ? params.amount.slice(0, 12) : '',
  )
  const [paused, setPaused] = useState(amount)
  const [chosen, setChosen] = useState<string>()
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' })
  useEffect(() => {
    const timer = setTimeout(() => setPaused(amount), QUOTE_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [amount])

  const problem = amount === '' ? undefined : onrampAmountProblem(amount.trim(), method)
  const order: OnrampOrder | undefined =
    amount !== '' && problem === undefined && paused === amount
      ? {
          purchaseCurrency: currency.id,
          paymentCurrency: payment.id,
          paymentMethod: method.id,
          amount: amount.trim(),
          network: caipNetwork.caipNetworkId,
        }
      : undefined
  const quotes = useQuery(
    {
      queryKey: ['latch', 'onrampQuotes', order ?? null],
      queryFn: ({ signal }) => fetchOnrampQuotes(latch, order!, signal),
      enabled: order !== undefined && phase.kind === 'editing',
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    { latch },
  )
  const result = order ? quotes.data : undefined
  const sorted = result?.quotes ? sortOnrampQuotes(result.quotes) : []
  const quote = sorted.find((q) => q.provider === chosen) ?? sorted[0]

  if (phase.kind === 'waiting')
    return (
      <OnrampWait
        latch={latch}
        address={address}
        caipNetwork={caipNetwork}
        phase={phase}
        onRetry={() => setPhase({ kind: 'editing' })}
      />
    )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!order || !quote || phase.kind !== 'editing') return
    // Opened now, while the click still counts as the visitor's: a window opened after the
    // server's answer would be blocked.
    const checkout = window.open('', 'latch-onramp', WINDOW_FEATURES)
    if (checkout === null) {
      setPhase({ kind: 'editing', error: 'onramp.windowBlocked' })
      return
    }
    // The provider's page gets no handle on this one.
    checkout.opener = null
    setPhase({ kind: 'opening', provider: quote.provider })
    createOnrampSession(latch, { ...order, provider: quote.provider, address }).then(
      (session) => {
        checkout.location.href = session.checkoutUrl
        setPhase({ kind: 'waiting', provider: session.provider, purchaseId: session.purchaseId })
      },
      () => {
        checkout.close()
        setPhase({ kind: 'editing', error: 'onramp.sessionFailed' })
      },
    )
  }

  const opening = phase.kind === 'opening'
  const limits = t('onramp.limits', {
    min: `${method.min} ${payment.id}`,
    max: `${method.max} ${payment.id}`,
  })
  return (
    <form className="latch-send" onSubmit={submit} noValidate data-testid="latch-onramp-form">
      <label htmlFor={`${id}-currency`}>{t('onramp.currency')}</label>
      <select
        id={`${id}-currency`}
        className="latch-search"
        value={currency.id}
        disabled={opening}
        data-testid="latch-onramp-currency"
        onChange={(event) => setCurrencyId(event.target.value)}
      >
        {currencies.map((c) => (
          <option key={c.id} value={c.id}>
            {`${c.symbol} · ${c.networks.find((n) => n.chain_id === caipNetwork.caipNetworkId)?.display_name ?? caipNetwork.name}`}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-method`}>{t('onramp.paymentMethod')}</label>
      <div className="latch-email-row">
        <select
          id={`${id}-method`}
          className="latch-search"
          value={method.id}
          disabled={opening}
          data-testid="latch-onramp-method"
          onChange={(event) => setMethodId(event.target.value)}
        >
          {methods.map((m) => (
            <option key={m.id} value={m.id}>
              {methodLabel(t, m.id)}
            </option>
          ))}
        </select>
        <select
          className="latch-search"
          aria-label={t('onramp.paymentCurrency')}
          value={payment.id}
          disabled={opening}
          data-testid="latch-onramp-payment-currency"
          onChange={(event) => setPaymentId(event.target.value)}
        >
          {options.paymentCurrencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id}
            </option>
          ))}
        </select>
      </div>
      <label htmlFor={`${id}-amount`}>{t('onramp.amount', { currency: payment.id })}</label>
      <input
        id={`${id}-amount`}
        className="latch-search"
        inputMode="decimal"
        autoComplete="off"
        placeholder={method.min}
        value={amount}
        disabled={opening}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-limits${problem ? ` ${id}-error` : ''}`}
        data-testid="latch-onramp-amount"
        onChange={(event) => setAmount(event.target.value)}
      />
      <p id={`${id}-limits`} className="latch-muted-small" data-testid="latch-onramp-limits">
        {limits}
      </p>
      {problem && (
        <p id={`${id}-error`} className="latch-error" role="alert" data-testid="latch-onramp-amount-error">
          {t(problemMessage[problem], {
            amount: `${problem === 'aboveMaximum' ? method.max : method.min} ${payment.id}`,
          })}
        </p>
      )}
      {result && result.quotes === null ? (
        <p className="latch-error" role="alert" data-testid="latch-onramp-quote-error">
          {result.message || t('onramp.quoteUnavailable')}
        </p>
      ) : quote ? (
        <fieldset className="latch-list latch-full" data-testid="latch-onramp-quotes">
          <legend className="latch-visually-hidden">{t('onramp.quotes')}</legend>
          {sorted.map((q) => (
            <div
              key={q.provider}
              className="latch-item"
              data-testid="latch-onramp-quote"
              data-provider={q.provider}
            >
              {sorted.length > 1 && (
                <input
                  type="radio"
                  name={`${id}-quote`}
                  value={q.provider}
                  aria-label={providerName(q.provider)}
                  checked={q === quote}
                  onChange={() => setChosen(q.provider)}
                />
              )}
              <dl className="latch-send-summary">
                <dt>{t('onramp.receive')}</dt>
                <dd data-testid="latch-onramp-receive">{`${q.purchaseAmount.amount} ${currency.symbol}`}</dd>
                <dt>{t('onramp.providerFee', { provider: providerName(q.provider) })}</dt>
                <dd data-testid="latch-onramp-provider-fee">{`${q.fees.provider} ${q.paymentAmount.currency}`}</dd>
                <dt>{t('onramp.networkFee')}</dt>
                <dd data-testid="latch-onramp-network-fee">{`${q.fees.network} ${q.paymentAmount.currency}`}</dd>
              </dl>
            </div>
          ))}
          {result?.errors.map((e) => (
            <p key={e.provider} className="latch-muted-small" data-testid="latch-onramp-provider-error">
              {`${providerName(e.provider)}: ${e.message}`}
            </p>
          ))}
        </fieldset>
      ) : (
        order && (
          <p className="latch-muted" role="status" aria-busy="true" data-testid="latch-onramp-quoting">
            {t('onramp.quoting')}
          </p>
        )
      )}
      {phase.kind === 'editing' && phase.error && (
        <p className="latch-error" role="alert" data-testid="latch-onramp-error">
          {t(phase.error)}
        </p>
      )}
      <button
        type="submit"
        className="latch-primary latch-full"
        disabled={opening || !quote || !order}
        aria-busy={opening || undefined}
        data-testid="latch-onramp-continue"
      >
        {t('onramp.continue')}
      </button>
    </form>
  )
}

/** While the provider's window is open: the purchase's status, read from the app's server. */
function OnrampWait({
  latch,
  address,
  caipNetwork,
  phase,
  onRetry,
}: {
  latch: Latch
  address: string
  caipNetwork: CaipNetwork
  phase: { provider: string; purchaseId: string }
  onRetry: () => void
}) {
  const t = useT()
  const purchases = useQuery(
    { ...onrampPurchasesQueryOptions(latch, { address, caipNetwork }), refetchInterval: PURCHASE_POLL_MS },
    { latch },
  )
  const purchase = purchases.data?.find((p) => p.id === phase.purchaseId)
  const status = purchase?.status ?? 'pending'
  useEffect(() => {
    if (status === 'completed') void refreshAfterPurchase(latch)
  }, [latch, status])
  return (
    <div className="latch-send" data-testid="latch-onramp-wait" data-status={status}>
      {status === 'completed' ? (
        <p className="latch-success" role="status" data-testid="latch-onramp-success">
          {t('onramp.completed', {
            amount: `${purchase!.purchaseAmount.amount} ${purchase!.purchaseAmount.currency}`,
          })}
        </p>
      ) : status === 'failed' ? (
        <p className="latch-error" role="alert" data-testid="latch-onramp-failed">
          {t('onramp.failed')}
        </p>
      ) : (
        <p className="latch-muted" role="status" aria-busy="true" data-testid="latch-onramp-waiting">
          {t('onramp.waiting', { provider: providerName(phase.provider) })}
        </p>
      )}
      <div className="latch-email-row">
        {status === 'failed' && (
          <button type="button" className="latch-secondary" onClick={onRetry}>
            {t('send.retry')}
          </button>
        )}
        <button
          type="button"
          className="latch-primary"
          data-testid="latch-onramp-done"
          onClick={() => goBack(latch)}
        >
          {t('send.done')}
        </button>
      </div>
    </div>
  )
}
