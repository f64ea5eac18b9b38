'use client'
import type { CaipNetwork, Latch, TokenBalance } from '@latch/core'
import {
  executeSwap,
  fetchSwapQuote,
  formatPriceImpact,
  formatSwapAmount,
  goBack,
  needsApproval,
  parseAmount,
  rawBalance,
  type SwapOutcome,
  type SwapStep,
  sendAmountProblem,
  swapNetworkFee,
  swapRate,
  swapTokenAddress,
} from '@latch/core/internal'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useLatchAccount } from '../../../hooks/useLatchAccount.js'
import { useNetworkState } from '../../../hooks/useNetworkState.js'
import { useQuery } from '../../../hooks/useQuery.js'
import { useT } from '../../../i18n/context.js'
import type { MessageId } from '../../../i18n/en.js'
import type { ViewProps } from '../index.js'
import { AmountField } from '../send/AmountField.js'
import { useAccountTokens } from '../send/accountTokens.js'

// The quote is asked for once the visitor pauses typing, not at every key.
const QUOTE_PAUSE_MS = 400
// Before any quote, Max keeps this share of the native coin for the network fee.
const NATIVE_RESERVE_DIVISOR = 100n

const failureMessage: Record<Exclude<SwapOutcome['status'], 'success'>, MessageId> = {
  rejected: 'swap.failure.rejected',
  reverted: 'swap.failure.reverted',
  failed: 'swap.failure.failed',
}

const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()

/**
 * Swap (spec §1, §2): one token of the account for another at a quote of the app's server
 * (`/swap/v1/quote`), then the connected wallet approves the router when it must and swaps.
 * Opened from Account, or with arguments: `openModal(latch, { view: 'Swap', params: { from, to, amount } })`.
 */
export default function SwapView({ latch, entry }: ViewProps<'Swap'>) {
  const t = useT()
  const account = useLatchAccount({ latch })
  const { caipNetwork, unsupported } = useNetworkState(latch)
  if (
    !account.address ||
    account.namespace !== 'eip155' ||
    !caipNetwork ||
    unsupported ||
    !latch.options.apiUrl
  )
    return <p className="latch-muted">{t('swap.unavailable')}</p>
  return (
    <SwapTokens
      // A new network or account starts the form over.
      key={`${caipNetwork.caipNetworkId}:${account.address}`}
      latch={latch}
      address={account.address}
      caipNetwork={caipNetwork}
      params={entry.params}
    />
  )
}

function SwapTokens(props: {
  latch: Latch
  address: string
  caipNetwork: CaipNetwork
  params: ViewProps<'Swap'>['entry']['params']
}) {
  const { latch, address, caipNetwork } = props
  const t = useT()
  const list = useAccountTokens(latch, { namespace: 'eip155', address, caipNetwork })
  if ('placeholder' in list) return list.placeholder
  if (list.tokens.length < 2) return <p className="latch-muted">{t('swap.unavailable')}</p>
  return <SwapForm {...props} tokens={list.tokens} />
}

type Phase =
  | { kind: 'editing' }
  | { kind: 'pending'; step: SwapStep | undefined; toBefore: bigint }
  | { kind: 'done'; outcome: SwapOutcome; toBefore: bigint }

/** The form: from, to, amount with Max; the quote as it comes; then the wallet's steps. */
export function SwapForm({
  latch,
  address,
  caipNetwork,
  params,
  tokens,
}: {
  latch: Latch
  address: string
  caipNetwork: CaipNetwork
  params: ViewProps<'Swap'>['entry']['params']
  tokens: TokenBalance[]
}) {
  const t = useT()
  const id = useId()
  // The app's arguments are taken only when they are what they should be: a token's address of
  // the account's list, an amount as text (checked like a typed one).
  const byAddress = (wanted: unknown) =>
    typeof wanted === 'string'
      ? tokens.find((token) => sameAddress(swapTokenAddress(token), wanted))
      : undefined
  const [fromKey, setFromKey] = useState(() => swapTokenAddress(byAddress(params?.from) ?? tokens[0]!))
  const from = byAddress(fromKey) ?? tokens[0]!
  const others = tokens.filter((token) => token !== from)
  const [toKey, setToKey] = useState(() => swapTokenAddress(byAddress(params?.to) ?? others[0]!))
  const to = others.find((token) => sameAddress(swapTokenAddress(token), toKey)) ?? others[0]!
  const [amount, setAmount] = useState(() =>
    typeof params?.amount === 'string' ? params.amount.slice(0, 80) : '',
  )
  const [paused, setPaused] = useState(amount)
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' })
  useEffect(() => {
    const timer = setTimeout(() => setPaused(amount), QUOTE_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [amount])

  const decimals = Number(from.quantity.decimals)
  const typedProblem = amount === '' ? undefined : sendAmountProblem(amount, from)
  const raw = parseAmount(amount, decimals)
  const request =
    typedProblem === undefined && typeof raw === 'bigint' && paused === amount
      ? { caipNetwork, from: swapTokenAddress(from), to: swapTokenAddress(to), amount: raw, taker: address }
      : undefined
  const quote = useQuery(
    {
      queryKey: [
        'latch',
        'swapQuote',
        {
          caipNetworkId: caipNetwork.caipNetworkId,
          from: request?.from,
          to: request?.to,
          amount: request?.amount.toString(),
          taker: address,
        },
      ],
      queryFn: ({ signal }) => fetchSwapQuote(latch, request!, signal),
      enabled: request !== undefined && phase.kind === 'editing',
      retry: false,
      staleTime: 15_000,
      refetchOnWindowFocus: false,
    },
    { latch },
  )
  const current = request && quote.data ? quote.data : undefined
  const fee = current ? swapNetworkFee(current) : undefined
  // The native coin pays the network fee too: the amount and the fee must fit in the balance.
  const problem = amount === '' ? undefined : sendAmountProblem(amount, from, from.address ? undefined : fee)
  const toNow = rawBalance(to)
  const nativeSymbol = caipNetwork.nativeCurrency.symbol
  const nativeDecimals = caipNetwork.nativeCurrency.decimals

  const fillMax = () => {
    const balance = rawBalance(from)
    const reserve = from.address ? 0n : fee !== undefined ? fee * 2n : balance / NATIVE_RESERVE_DIVISOR
    const max = balance > reserve ? balance - reserve : 0n
    setAmount(formatSwapAmount(max, decimals, decimals).replace(/^< .*/, '0'))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!current || problem || phase.kind !== 'editing') return
    const toBefore = toNow
    setPhase({ kind: 'pending', step: undefined, toBefore })
    void executeSwap(latch, {
      quote: current,
      caipNetwork,
      onStep: (step) => setPhase({ kind: 'pending', step, toBefore }),
    }).then((outcome) => setPhase({ kind: 'done', outcome, toBefore }))
  }

  if (phase.kind === 'done') {
    const { outcome } = phase
    const received = toNow - phase.toBefore
    return (
      <div className="latch-send" data-testid="latch-swap-result">
        {outcome.status === 'success' ? (
          <p className="latch-success" role="status" data-testid="latch-swap-success">
            {received > 0n
              ? // The native coin also paid the network fees: its rise is what is left of them.
                t(to.address ? 'swap.received' : 'swap.receivedNet', {
                  amount: `${formatSwapAmount(received, Number(to.quantity.decimals))} ${to.symbol}`,
                })
              : t('swap.success')}
          </p>
        ) : (
          <p className="latch-error" role="alert" data-testid="latch-swap-failure">
            {t(failureMessage[outcome.status])}
          </p>
        )}
        {outcome.hash && (
          <p className="latch-muted-small">
            {t('send.hash')}{' '}
            <code className="latch-break" data-testid="latch-swap-hash" title={outcome.hash}>
              {outcome.hash}
            </code>
          </p>
        )}
        <div className="latch-email-row">
          {outcome.status !== 'success' && (
            <button type="button" className="latch-secondary" onClick={() => setPhase({ kind: 'editing' })}>
              {t('send.retry')}
            </button>
          )}
          <button
            type="button"
            className="latch-primary"
            data-testid="latch-swap-done"
            onClick={() => goBack(latch)}
          >
            {t('send.done')}
          </button>
        </div>
      </div>
    )
  }

  const pending = phase.kind === 'pending'
  const quoteError = request && quote.isError ? quote.error : undefined
  // The server's own words when it refused (no route, a token it does not know), as text.
  const said = (quoteError as { serverMessage?: unknown } | undefined)?.serverMessage
  const serverMessage = typeof said === 'string' ? said : undefined
  const approval = current ? needsApproval(current) : false
  const option = (token: TokenBalance) => (
    <option key={swapTokenAddress(token)} value={swapTokenAddress(token)}>
      {`${token.symbol} · ${formatSwapAmount(rawBalance(token), Number(token.quantity.decimals))}`}
    </option>
  )
  return (
    <form className="latch-send" onSubmit={submit} noValidate data-testid="latch-swap-form">
      <label htmlFor={`${id}-from`}>{t('swap.from')}</label>
      <select
        id={`${id}-from`}
        className="latch-search"
        value={swapTokenAddress(from)}
        disabled={pending}
        data-testid="latch-swap-from"
        onChange={(event) => {
          if (sameAddress(event.target.value, swapTokenAddress(to))) setToKey(swapTokenAddress(from))
          setFromKey(event.target.value)
          setAmount('')
        }}
      >
        {tokens.map(option)}
      </select>
      <label htmlFor={`${id}-to`}>{t('swap.to')}</label>
      <select
        id={`${id}-to`}
        className="latch-search"
        value={swapTokenAddress(to)}
        disabled={pending}
        data-testid="latch-swap-to"
        onChange={(event) => setToKey(event.target.value)}
      >
        {others.map(option)}
      </select>
      <AmountField
        id={`${id}-amount`}
        testId="latch-swap"
        value={amount}
        disabled={pending}
        problem={problem}
        balance={`${formatSwapAmount(rawBalance(from), decimals)} ${from.symbol}`}
        onChange={setAmount}
        onMax={fillMax}
      />
      {quoteError ? (
        <p className="latch-error" role="alert" data-testid="latch-swap-quote-error">
          {serverMessage ?? t('swap.quoteUnavailable')}
        </p>
      ) : current ? (
        <dl className="latch-send-summary" data-testid="latch-swap-quote">
          <dt>{t('swap.receive')}</dt>
          <dd data-testid="latch-swap-buy">{`${formatSwapAmount(BigInt(current.buyAmount), current.to.decimals)} ${current.to.symbol}`}</dd>
          <dt>{t('swap.rate')}</dt>
          <dd data-testid="latch-swap-rate">{`1 ${current.from.symbol} = ${swapRate(current)} ${current.to.symbol}`}</dd>
          {/* Some quote providers do not tell the price impact: no row rather than a guess. */}
          {current.priceImpact !== null && (
            <>
              <dt>{t('swap.priceImpact')}</dt>
              <dd data-testid="latch-swap-impact">{`${formatPriceImpact(current.priceImpact)} %`}</dd>
            </>
          )}
          <dt>{t('swap.minimum', { slippage: String(current.slippage) })}</dt>
          <dd data-testid="latch-swap-minimum">{`${formatSwapAmount(BigInt(current.minBuyAmount), current.to.decimals)} ${current.to.symbol}`}</dd>
          <dt>{t('send.fee')}</dt>
          <dd data-testid="latch-swap-fee">{`${formatSwapAmount(fee ?? 0n, nativeDecimals, 8)} ${nativeSymbol}`}</dd>
        </dl>
      ) : (
        request &&
        !problem && (
          <p className="latch-muted" role="status" aria-busy="true" data-testid="latch-swap-quoting">
            {t('swap.quoting')}
          </p>
        )
      )}
      {pending && (
        <p className="latch-muted" role="status" data-testid="latch-swap-pending">
          {phase.step === 'approve'
            ? t('swap.pending.approve', { symbol: from.symbol })
            : t('swap.pending.swap')}
        </p>
      )}
      <button
        type="submit"
        className="latch-primary latch-full"
        disabled={pending || !current || Boolean(problem)}
        aria-busy={pending || undefined}
        data-testid="latch-swap-confirm"
      >
        {approval ? t('swap.approveFirst', { symbol: from.symbol }) : t('swap.confirm')}
      </button>
    </form>
  )
}
