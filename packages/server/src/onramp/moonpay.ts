import type { OnrampAdapter } from './adapters.js'
import { checkoutUrlOf } from './dev-onramp.js'
import {
  apiPath,
  headerOf,
  isRecord,
  type OnrampCredentials,
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
import {
  badEvent,
  checkAge,
  headerParts,
  hmacSha256,
  idOf,
  jsonOf,
  sameSignature,
  txHashOf,
} from './signing.js'

/**
 * MoonPay, through its public API with the project's publishable key (`apiKey`), its widget URL
 * signed with the secret key, and its webhooks checked with the webhook key:
 * - currencies: `GET /v3/currencies` (crypto with `metadata.chainId`, fiat with buy limits)
 *   (https://dev.moonpay.com/api-reference/widget/getcurrencies);
 * - a quote: `GET /v3/currencies/{code}/buy_quote`
 *   (https://dev.moonpay.com/api-reference/widget/getbuyquote);
 * - a checkout: `https://buy.moonpay.com?apiKey=…&walletAddress=…&signature=<base64
 *   HMAC-SHA256(secret key, "?<query>")>` (https://dev.moonpay.com/widget/on-ramp/customization/url-signing);
 * - webhooks `transaction_created|updated|failed` signed
 *   `Moonpay-Signature-V2: t=<unix>,s=<hex HMAC-SHA256(webhook key, "<t>.<body>")>`
 *   (https://dev.moonpay.com/api-reference/widget/webhooks/signature).
 * The purchase's id travels as `externalTransactionId` and comes back in the webhooks.
 */
export const moonpayDefaultApiUrl = 'https://api.moonpay.com'
const moonpayWidgetUrl = 'https://buy.moonpay.com'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const methods: Record<string, string> = { card: 'credit_debit_card', ach_bank_account: 'ach_bank_transfer' }
const malformed = (what: string) => new ProviderError('invalid_response', `MoonPay's ${what} is malformed`)

/** MoonPay's currency list as purchase and payment currencies; its codes (`eth_base`) kept per network. */
export function moonpayCurrencies(body: unknown): { options: OnrampOptions; codes: Map<string, string> } {
  if (!Array.isArray(body)) throw malformed('currency list')
  const purchase = new Map<string, OnrampPurchaseCurrency>()
  const codes = new Map<string, string>()
  const payment: OnrampOptions['paymentCurrencies'] = []
  for (const entry of body.slice(0, 1000)) {
    if (!isRecord(entry) || typeof entry.code !== 'string' || typeof entry.type !== 'string')
      throw malformed('currency list')
    if (entry.isSuspended === true) continue
    if (entry.type === 'fiat') {
      const id = entry.code.toUpperCase()
      if (!/^[A-Z]{3}$/.test(id)) continue
      const min = decimalOf(entry.minBuyAmount ?? entry.minAmount, 'currency list', 'fiat')
      const max = decimalOf(entry.maxBuyAmount ?? entry.maxAmount, 'currency list', 'fiat')
      payment.push({ id, payment_method_limits: [{ id: 'card', min, max }] })
      continue
    }
    if (entry.type !== 'crypto' || !/^[a-z0-9_]{1,32}$/.test(entry.code)) continue
    const metadata = isRecord(entry.metadata) ? entry.metadata : {}
    const chainId =
      typeof metadata.chainId === 'string' && /^[1-9][0-9]{0,15}$/.test(metadata.chainId)
        ? `eip155:${metadata.chainId}`
        : metadata.networkCode === 'solana'
          ? solanaMainnet
          : undefined
    if (chainId === undefined) continue
    const symbol = (entry.code.split('_')[0] ?? '').toUpperCase()
    const networkName = typeof metadata.networkCode === 'string' ? metadata.networkCode.slice(0, 64) : chainId
    const network = {
      name: networkName,
      display_name: networkName.charAt(0).toUpperCase() + networkName.slice(1),
      chain_id: chainId,
      contract_address:
        typeof metadata.contractAddress === 'string' && metadata.contractAddress.length <= 64
          ? metadata.contractAddress
          : '',
    }
    const known = purchase.get(symbol)
    if (known) {
      if (!known.networks.some((n) => n.chain_id === chainId)) known.networks.push(network)
    } else
      purchase.set(symbol, {
        id: symbol,
        name: typeof entry.name === 'string' ? entry.name.slice(0, 64) : symbol,
        symbol,
        networks: [network],
      })
    codes.set(`${symbol}\n${chainId}`, entry.code)
  }
  return { options: { purchaseCurrencies: [...purchase.values()], paymentCurrencies: payment }, codes }
}

/** The buy quote request's query. */
export function moonpayQuoteQuery(order: OnrampOrder, publicKey: string): Record<string, string> {
  return {
    apiKey: publicKey,
    baseCurrencyCode: order.paymentCurrency.toLowerCase(),
    baseCurrencyAmount: order.amount,
    paymentMethod: methods[order.paymentMethod] ?? 'credit_debit_card',
    areFeesIncluded: 'true',
  }
}

/** The buy quote as the kit shows it (MoonPay's fee plus the partner's extra fee as the provider's). */
export function moonpayQuote(body: unknown, order: OnrampOrder): ProviderQuote {
  if (!isRecord(body)) throw malformed('quote')
  return {
    purchaseAmount: {
      amount: decimalOf(body.quoteCurrencyAmount, 'quote', 'crypto'),
      currency: order.purchaseCurrency,
    },
    paymentAmount: { amount: decimalOf(body.totalAmount, 'quote', 'fiat'), currency: order.paymentCurrency },
    fees: {
      provider: fiatSum(
        decimalOf(body.feeAmount, 'quote', 'fiat'),
        decimalOf(body.extraFeeAmount ?? 0, 'quote', 'fiat'),
      ),
      network: decimalOf(body.networkFeeAmount, 'quote', 'fiat'),
    },
  }
}

/** The widget URL for an order, signed with the secret key (the signature last, as MoonPay requires). */
export function moonpaySignedUrl(
  base: string,
  publicKey: string,
  secretKey: string,
  code: string,
  request: SessionRequest,
): string {
  const url = new URL(base)
  url.search = new URLSearchParams({
    apiKey: publicKey,
    currencyCode: code,
    walletAddress: request.walletAddress,
    baseCurrencyCode: request.paymentCurrency.toLowerCase(),
    baseCurrencyAmount: request.amount,
    paymentMethod: methods[request.paymentMethod] ?? 'credit_debit_card',
    externalTransactionId: request.partnerRef,
    lockAmount: 'true',
  }).toString()
  const signature = hmacSha256(secretKey, url.search).toString('base64')
  return checkoutUrlOf(`${url.toString()}&signature=${encodeURIComponent(signature)}`)
}

/** The `Moonpay-Signature-V2` value for a body. */
export function signMoonpayWebhook(
  webhookKey: string,
  body: string,
  t = Math.floor(Date.now() / 1000),
): string {
  return `t=${t},s=${hmacSha256(webhookKey, `${t}.${body}`).toString('hex')}`
}

const statuses: Record<string, ProviderEvent['status']> = {
  pending: 'pending',
  waitingPayment: 'pending',
  waitingAuthorization: 'pending',
  completed: 'completed',
  failed: 'failed',
}

/** Checks a MoonPay webhook's signature and age, and reads the transaction event. */
export function verifyMoonpayWebhook(
  request: { rawBody: string; headers: Record<string, string | string[] | undefined> },
  webhookKey: string,
  nowSeconds: number,
): ProviderEvent | null {
  const parts = headerParts(headerOf(request.headers, 'moonpay-signature-v2'))
  const t = parts.get('t') ?? ''
  const s = parts.get('s') ?? ''
  if (!/^[0-9]{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(s))
    throw new WebhookError('bad_signature', 'The webhook signature is missing or malformed')
  if (!sameSignature(hmacSha256(webhookKey, `${t}.${request.rawBody}`), Buffer.from(s, 'hex')))
    throw new WebhookError('bad_signature', 'The webhook signature does not match')
  checkAge(Number(t), nowSeconds)
  const body = jsonOf(request.rawBody)
  if (!isRecord(body) || typeof body.type !== 'string' || !isRecord(body.data)) throw badEvent()
  if (!body.type.startsWith('transaction_')) return null
  const { data } = body
  if (data.externalTransactionId === undefined || data.externalTransactionId === null) return null
  const ref = idOf(data.externalTransactionId, 64)
  const status = typeof data.status === 'string' ? statuses[data.status] : undefined
  if (status === undefined) return null
  const txHash = txHashOf(data.cryptoTransactionId)
  if (status === 'completed' && txHash === undefined) throw badEvent()
  let amount: string | undefined
  try {
    amount =
      data.quoteCurrencyAmount === undefined || data.quoteCurrencyAmount === null
        ? undefined
        : decimalOf(data.quoteCurrencyAmount, 'event', 'crypto')
  } catch {
    throw badEvent()
  }
  const transactionId = idOf(data.id)
  return {
    eventId: `${transactionId}:${data.status as string}`,
    sessionId: ref,
    partnerRef: ref,
    status,
    txHash,
    ...(amount === undefined ? {} : { purchaseAmount: { amount, currency: '' } }),
  }
}

function createMoonpayClient(credentials: OnrampCredentials, timeoutMs: number): OnrampProviderClient {
  const publicKey = credentials.publicKey ?? ''
  const call = (path: string, query: Record<string, string>) =>
    providerJson(apiPath(credentials.apiUrl, path, query), { method: 'GET', headers: {}, timeoutMs })
  const currencies = async () => moonpayCurrencies(await call('v3/currencies', { apiKey: publicKey }))
  const codeOf = async (order: OnrampOrder) => {
    const code = (await currencies()).codes.get(`${order.purchaseCurrency}\n${order.network}`)
    if (!code)
      throw new ProviderError('refused', `${order.purchaseCurrency} on ${order.network} is not offered`)
    return code
  }
  const quote = async (order: OnrampOrder, code?: string) =>
    moonpayQuote(
      await call(
        `v3/currencies/${encodeURIComponent(code ?? (await codeOf(order)))}/buy_quote`,
        moonpayQuoteQuery(order, publicKey),
      ),
      order,
    )
  return {
    async options() {
      return (await currencies()).options
    },
    quote: (order) => quote(order),
    async createSession(request) {
      const code = await codeOf(request)
      const quoted = await quote(request, code)
      return {
        id: request.partnerRef,
        checkoutUrl: moonpaySignedUrl(
          credentials.widgetUrl ?? moonpayWidgetUrl,
          publicKey,
          credentials.secret,
          code,
          request,
        ),
        purchaseAmount: quoted.purchaseAmount,
      }
    },
  }
}

export const moonpayAdapter: OnrampAdapter = {
  defaultApiUrl: moonpayDefaultApiUrl,
  requires: ['publicKey', 'webhookSecret'],
  accepts: ['publicKey', 'webhookSecret', 'widgetUrl'],
  client: createMoonpayClient,
  verifyWebhook: async (request, credentials, now) =>
    verifyMoonpayWebhook(request, credentials.webhookSecret ?? '', now),
}
