import type { OnrampAdapter } from './adapters.js'
import { checkoutUrlOf } from './dev-onramp.js'
import {
  apiPath,
  headerOf,
  isRecord,
  type OnrampCredentials,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampProviderClient,
  type OnrampPurchaseCurrency,
  ProviderError,
  type ProviderEvent,
  type ProviderQuote,
  providerJson,
  type SessionRequest,
  WebhookError,
} from './provider.js'
import { decimalOf, fiatSum } from './shapes.js'
import { badEvent, checkAge, hmacSha256, idOf, jsonOf, sameSignature, txHashOf } from './signing.js'

/**
 * Meld (an on-ramp aggregator), through its public API with the project's API key
 * (`Authorization: BASIC <key>`):
 * - currencies: `GET /service-providers/properties/crypto-currencies` and
 *   `GET /service-providers/limits/fiat-currency-purchases`
 *   (https://docs.meld.io/docs/recommended-white-label-flow);
 * - a quote: `POST /payments/crypto/quote`, answering `quotes[]` with JSON numbers
 *   (https://docs.meld.io/reference/crypto-quote-get);
 * - a checkout: `POST /crypto/session/widget` with `sessionType: BUY`, answering `id` and
 *   `widgetUrl` (https://docs.meld.io/api-reference/crypto/retail-ramp/crypto-session-widget-create);
 * - webhooks `TRANSACTION_CRYPTO_*` (https://docs.meld.io/docs/webhook-events-crypto) signed
 *   `meld-signature: base64url(HMAC-SHA256(secret, "<meld-signature-timestamp>.<url>.<body>"))`
 *   (https://docs.meld.io/docs/webhook-authentication); a completed one is read back with
 *   `GET /payments/transactions/{id}` for its hash and amount, as Meld advises
 *   (https://docs.meld.io/docs/fetch-transaction-information).
 */
export const meldDefaultApiUrl = 'https://api.meld.io'
const meldVersion = '2025-03-04'

/** Solana mainnet's CAIP-2 id (Meld names the chain SOL and gives it no chain id). */
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const methodIds: Record<string, string> = { card: 'CARD', ach_bank_account: 'ACH' }

/** Meld's crypto currency list as purchase currencies; its codes (`USDC_BASE`) kept per network. */
export function meldCurrencies(body: unknown): {
  currencies: OnrampPurchaseCurrency[]
  codes: Map<string, string>
} {
  if (!Array.isArray(body)) throw malformed('currency list')
  const byId = new Map<string, OnrampPurchaseCurrency>()
  const codes = new Map<string, string>()
  for (const entry of body.slice(0, 500)) {
    if (!isRecord(entry) || typeof entry.currencyCode !== 'string') throw malformed('currency list')
    const code = entry.currencyCode
    const symbol = code.split('_')[0] ?? ''
    if (!/^[A-Z0-9]{1,16}$/.test(symbol) || !/^[A-Z0-9_]{1,32}$/.test(code)) continue
    const chainId =
      typeof entry.chainId === 'string' && /^[1-9][0-9]{0,15}$/.test(entry.chainId)
        ? `eip155:${entry.chainId}`
        : entry.chainCode === 'SOL'
          ? solanaMainnet
          : undefined
    if (chainId === undefined) continue
    const chainName = typeof entry.chainName === 'string' ? entry.chainName.slice(0, 64) : chainId
    const network: OnrampNetwork = {
      name: chainName.toLowerCase(),
      display_name: chainName,
      chain_id: chainId,
      contract_address:
        typeof entry.contractAddress === 'string' && entry.contractAddress.length <= 64
          ? entry.contractAddress
          : '',
    }
    const known = byId.get(symbol)
    if (known) {
      if (!known.networks.some((n) => n.chain_id === chainId)) known.networks.push(network)
    } else
      byId.set(symbol, {
        id: symbol,
        name: typeof entry.name === 'string' && entry.name ? entry.name.slice(0, 64) : symbol,
        symbol,
        networks: [network],
      })
    codes.set(`${symbol}\n${chainId}`, code)
  }
  return { currencies: [...byId.values()], codes }
}

/** Meld's purchase limits per fiat currency, as card limits (Meld's default payment method). */
export function meldLimits(body: unknown): OnrampOptions['paymentCurrencies'] {
  if (!Array.isArray(body)) throw malformed('limits')
  return body.slice(0, 100).flatMap((entry) => {
    if (!isRecord(entry) || typeof entry.currencyCode !== 'string') throw malformed('limits')
    if (!/^[A-Z]{3}$/.test(entry.currencyCode)) return []
    const min = decimalOf(entry.minimumAmount, 'limits', 'fiat')
    const max = decimalOf(entry.maximumAmount, 'limits', 'fiat')
    return [{ id: entry.currencyCode, payment_method_limits: [{ id: 'card', min, max }] }]
  })
}

/** The quote request for an order (`sourceAmount` is a number in Meld's API). */
export function meldQuoteRequest(
  order: OnrampOrder,
  code: string,
  country: string,
  walletAddress?: string,
): Record<string, unknown> {
  return {
    countryCode: country,
    sourceCurrencyCode: order.paymentCurrency,
    sourceAmount: Number(order.amount),
    destinationCurrencyCode: code,
    paymentMethodType: methodIds[order.paymentMethod] ?? 'CARD',
    ...(walletAddress ? { walletAddress } : {}),
  }
}

/** The best of Meld's quotes (the most crypto for the amount), and the service provider behind it. */
export function meldBestQuote(
  body: unknown,
  order: OnrampOrder,
): { quote: ProviderQuote; serviceProvider: string } {
  if (!isRecord(body)) throw malformed('quote')
  if (!Array.isArray(body.quotes) || body.quotes.length === 0) {
    const said = typeof body.message === 'string' ? body.message.slice(0, 200) : ''
    throw new ProviderError('refused', said || 'Meld has no quote for this order')
  }
  const read = body.quotes.slice(0, 50).map((q) => {
    if (!isRecord(q) || typeof q.serviceProvider !== 'string' || !/^[A-Z0-9_]{1,40}$/.test(q.serviceProvider))
      throw malformed('quote')
    const networkFee =
      q.networkFee === null || q.networkFee === undefined ? '0.00' : decimalOf(q.networkFee, 'quote', 'fiat')
    const total = decimalOf(q.totalFee, 'quote', 'fiat')
    const providerFee = fiatSum(total, `-${networkFee}`)
    return {
      serviceProvider: q.serviceProvider,
      quote: {
        purchaseAmount: {
          amount: decimalOf(q.destinationAmount, 'quote', 'crypto'),
          currency: order.purchaseCurrency,
        },
        paymentAmount: {
          amount: decimalOf(q.sourceAmount, 'quote', 'fiat'),
          currency: order.paymentCurrency,
        },
        fees: { provider: providerFee.startsWith('-') ? '0.00' : providerFee, network: networkFee },
      },
    }
  })
  read.sort((a, b) => Number(b.quote.purchaseAmount.amount) - Number(a.quote.purchaseAmount.amount))
  return read[0]!
}

/** The widget session request: Meld's checkout for the chosen service provider and wallet. */
export function meldSessionRequest(
  request: SessionRequest,
  code: string,
  country: string,
  serviceProvider: string,
): Record<string, unknown> {
  return {
    sessionType: 'BUY',
    sessionData: {
      walletAddress: request.walletAddress,
      countryCode: country,
      sourceCurrencyCode: request.paymentCurrency,
      sourceAmount: request.amount,
      destinationCurrencyCode: code,
      serviceProvider,
      paymentMethodType: methodIds[request.paymentMethod] ?? 'CARD',
    },
    // Meld wants a new externalSessionId each time: the purchase's id; the customer is the wallet.
    externalSessionId: request.partnerRef,
    externalCustomerId: request.walletAddress.startsWith('0x')
      ? request.walletAddress.toLowerCase()
      : request.walletAddress,
  }
}

/** The widget session's id and URL. */
export function meldSession(body: unknown): { id: string; checkoutUrl: string } {
  if (!isRecord(body) || typeof body.id !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(body.id))
    throw malformed('session')
  return { id: body.id, checkoutUrl: checkoutUrlOf(body.widgetUrl) }
}

const eventStatuses: Record<string, ProviderEvent['status']> = {
  TRANSACTION_CRYPTO_PENDING: 'pending',
  TRANSACTION_CRYPTO_TRANSFERRING: 'pending',
  TRANSACTION_CRYPTO_COMPLETE: 'completed',
  TRANSACTION_CRYPTO_FAILED: 'failed',
}

/** The signature Meld puts in `meld-signature`. */
export function signMeldWebhook(secret: string, timestamp: string, url: string, rawBody: string): string {
  return hmacSha256(secret, `${timestamp}.${url}.${rawBody}`).toString('base64url').padEnd(44, '=')
}

/**
 * Checks a Meld webhook's signature (over the timestamp, the URL it was sent to and the raw body)
 * and its age, and reads the event; what the event does not say (the delivery's hash, the amount
 * delivered) is read from the transaction by `lookup`.
 */
export async function verifyMeldWebhook(
  request: { rawBody: string; headers: Record<string, string | string[] | undefined>; url: string },
  secret: string,
  nowSeconds: number,
  lookup?: (transactionId: string) => Promise<{ txHash?: string; amount?: string }>,
): Promise<ProviderEvent | null> {
  const signature = headerOf(request.headers, 'meld-signature') ?? ''
  const timestamp = headerOf(request.headers, 'meld-signature-timestamp') ?? ''
  if (!/^[A-Za-z0-9_-]{43}=?$/.test(signature) || timestamp.length === 0 || timestamp.length > 40)
    throw new WebhookError('bad_signature', 'The webhook signature is missing or malformed')
  const expected = hmacSha256(secret, `${timestamp}.${request.url}.${request.rawBody}`)
  if (!sameSignature(expected, Buffer.from(signature.replace(/=$/, ''), 'base64url')))
    throw new WebhookError('bad_signature', 'The webhook signature does not match')
  checkAge(Date.parse(timestamp) / 1000, nowSeconds)
  const body = jsonOf(request.rawBody)
  if (!isRecord(body) || typeof body.eventType !== 'string') throw badEvent()
  const status = eventStatuses[body.eventType]
  // Meld's other events (a test ping, KYC, bank linking) are about no purchase.
  if (status === undefined) return null
  const payload = body.payload
  if (!isRecord(payload)) throw badEvent()
  // A transaction Meld has not tied to a session yet (PENDING_CREATED) names no purchase.
  if (payload.externalSessionId === undefined || payload.sessionId === undefined) return null
  const transactionId = idOf(payload.paymentTransactionId)
  const event: ProviderEvent = {
    eventId: idOf(body.eventId),
    sessionId: idOf(payload.sessionId),
    partnerRef: idOf(payload.externalSessionId, 64),
    status,
  }
  if (status === 'completed') {
    if (!lookup) throw badEvent()
    const found = await lookup(transactionId)
    event.txHash = txHashOf(found.txHash)
    if (event.txHash === undefined) throw badEvent()
    if (found.amount !== undefined) event.purchaseAmount = { amount: found.amount, currency: '' }
  }
  return event
}

/** A Meld transaction's delivery: its hash on chain and the amount delivered. */
export function meldTransaction(body: unknown): { txHash?: string; amount?: string } {
  if (!isRecord(body) || !isRecord(body.transaction)) throw malformed('transaction')
  const { transaction } = body
  const details = isRecord(transaction.cryptoDetails) ? transaction.cryptoDetails : {}
  return {
    ...(typeof details.blockchainTransactionId === 'string'
      ? { txHash: details.blockchainTransactionId }
      : {}),
    ...(transaction.destinationAmount === undefined || transaction.destinationAmount === null
      ? {}
      : { amount: decimalOf(transaction.destinationAmount, 'transaction', 'crypto') }),
  }
}

const malformed = (what: string) => new ProviderError('invalid_response', `Meld's ${what} is malformed`)

// Meld's currency list, kept a minute per account: quotes and sessions need its codes.
const currencyCache = new Map<
  string,
  { expiresAt: number; value: Promise<ReturnType<typeof meldCurrencies>> }
>()

function createMeldClient(credentials: OnrampCredentials, timeoutMs: number) {
  const country = credentials.country ?? 'US'
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>) =>
    providerJson(apiPath(credentials.apiUrl, path, query), {
      method,
      headers: { authorization: `BASIC ${credentials.secret}`, 'meld-version': meldVersion },
      body,
      timeoutMs,
    })
  const currencies = () => {
    const key = `${credentials.apiUrl}\n${credentials.secret}`
    const hit = currencyCache.get(key)
    if (hit && hit.expiresAt > Date.now()) return hit.value
    if (currencyCache.size > 100) currencyCache.clear()
    const value = call('GET', 'service-providers/properties/crypto-currencies', undefined, {
      accountFilter: 'true',
      categories: 'CRYPTO_ONRAMP',
    }).then(meldCurrencies)
    currencyCache.set(key, { expiresAt: Date.now() + 60_000, value })
    value.catch(() => currencyCache.delete(key))
    return value
  }
  const codeOf = async (order: OnrampOrder) => {
    const code = (await currencies()).codes.get(`${order.purchaseCurrency}\n${order.network}`)
    if (!code)
      throw new ProviderError('refused', `${order.purchaseCurrency} on ${order.network} is not offered`)
    return code
  }
  const client: OnrampProviderClient & {
    transaction(id: string): Promise<{ txHash?: string; amount?: string }>
  } = {
    async options() {
      const [{ currencies: purchase }, limits] = await Promise.all([
        currencies(),
        call('GET', 'service-providers/limits/fiat-currency-purchases', undefined, {
          accountFilter: 'true',
          categories: 'CRYPTO_ONRAMP',
        }),
      ])
      return { purchaseCurrencies: purchase, paymentCurrencies: meldLimits(limits) }
    },
    async quote(order) {
      const body = await call(
        'POST',
        'payments/crypto/quote',
        meldQuoteRequest(order, await codeOf(order), country),
      )
      return meldBestQuote(body, order).quote
    },
    async createSession(request) {
      const code = await codeOf(request)
      const best = meldBestQuote(
        await call(
          'POST',
          'payments/crypto/quote',
          meldQuoteRequest(request, code, country, request.walletAddress),
        ),
        request,
      )
      const session = meldSession(
        await call(
          'POST',
          'crypto/session/widget',
          meldSessionRequest(request, code, country, best.serviceProvider),
        ),
      )
      return { ...session, purchaseAmount: best.quote.purchaseAmount }
    },
    async transaction(id) {
      return meldTransaction(await call('GET', `payments/transactions/${encodeURIComponent(id)}`))
    },
  }
  return client
}

export const meldAdapter: OnrampAdapter = {
  defaultApiUrl: meldDefaultApiUrl,
  requires: ['webhookSecret'],
  accepts: ['webhookSecret', 'country'],
  client: createMeldClient,
  verifyWebhook(request, credentials, now, timeoutMs) {
    const client = createMeldClient(credentials, timeoutMs)
    return verifyMeldWebhook(request, credentials.webhookSecret ?? '', now, (id) =>
      client.transaction(id).catch((error: unknown) => {
        // Answered 503: Meld sends the event again later.
        throw new WebhookError(
          'unavailable',
          `The transaction could not be read: ${(error as Error).message}`,
        )
      }),
    )
  },
}
