import { jwtVerify } from 'jose'
import type { OnrampAdapter } from './adapters.js'
import { checkoutUrlOf } from './dev-onramp.js'
import {
  apiPath,
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
import { decimalOf } from './shapes.js'
import { badEvent, idOf, jsonOf, txHashOf } from './signing.js'

/**
 * Transak, through its public API with the project's API key and secret:
 * - a partner access token: `POST /partners/api/v2/refresh-token` with `api-secret`, kept until
 *   it expires (https://docs.transak.com/api/public/refresh-access-token);
 * - currencies: `GET /api/v2/currencies/crypto-currencies` and `/fiat-currencies` with each
 *   payment option's limits (https://docs.transak.com/api/public/get-crypto-currencies);
 * - a quote: `GET /api/v1/pricing/public/quotes` (https://docs.transak.com/api/public/get-price);
 * - a checkout: `POST https://api-gateway.transak.com/api/v2/auth/session` with `widgetParams`,
 *   answering `data.widgetUrl` (https://docs.transak.com/api/public/create-widget-url);
 * - webhooks: `{ "data": "<JWT signed with the access token>" }` holding `eventID` and
 *   `webhookData` (https://docs.transak.com/docs/webhooks).
 * The purchase's id travels as `partnerOrderId` and comes back in the webhooks.
 */
export const transakDefaultApiUrl = 'https://api.transak.com'
const transakGatewayUrl = 'https://api-gateway.transak.com'

const methods: Record<string, string> = {
  card: 'credit_debit_card',
  ach_bank_account: 'pm_us_wire_bank_transfer',
}
const malformed = (what: string) => new ProviderError('invalid_response', `Transak's ${what} is malformed`)
const responseOf = (body: unknown, what: string) => {
  if (!isRecord(body) || body.response === undefined) throw malformed(what)
  return body.response
}

/** Transak's crypto currencies (each on one network) as purchase currencies; `network.chainId` gives the CAIP-2 id. */
export function transakCryptoCurrencies(body: unknown): {
  currencies: OnrampPurchaseCurrency[]
  networks: Map<string, string>
} {
  const list = responseOf(body, 'currency list')
  if (!Array.isArray(list)) throw malformed('currency list')
  const byId = new Map<string, OnrampPurchaseCurrency>()
  const networks = new Map<string, string>()
  for (const entry of list.slice(0, 2000)) {
    if (!isRecord(entry) || typeof entry.symbol !== 'string' || !isRecord(entry.network))
      throw malformed('currency list')
    if (entry.isAllowed === false || entry.isSuspended === true || !/^[A-Z0-9]{1,16}$/.test(entry.symbol))
      continue
    const { name, chainId } = entry.network
    if (typeof name !== 'string' || !/^[a-z0-9-]{1,40}$/.test(name)) continue
    const caip2 =
      typeof chainId === 'string' && /^[1-9][0-9]{0,15}$/.test(chainId)
        ? `eip155:${chainId}`
        : name === 'solana'
          ? 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
          : undefined
    if (!caip2) continue
    const network = {
      name,
      display_name: name.charAt(0).toUpperCase() + name.slice(1),
      chain_id: caip2,
      contract_address:
        typeof entry.address === 'string' &&
        entry.address.length <= 64 &&
        entry.address !== '0x0000000000000000000000000000000000000000'
          ? entry.address
          : '',
    }
    const known = byId.get(entry.symbol)
    if (known) {
      if (!known.networks.some((n) => n.chain_id === caip2)) known.networks.push(network)
    } else
      byId.set(entry.symbol, {
        id: entry.symbol,
        name: typeof entry.name === 'string' ? entry.name.slice(0, 64) : entry.symbol,
        symbol: entry.symbol,
        networks: [network],
      })
    networks.set(caip2, name)
  }
  return { currencies: [...byId.values()], networks }
}

/** Transak's fiat currencies and their payment options' limits (card and bank, when offered). */
export function transakFiatCurrencies(body: unknown): OnrampOptions['paymentCurrencies'] {
  const list = responseOf(body, 'fiat currency list')
  if (!Array.isArray(list)) throw malformed('fiat currency list')
  return list.slice(0, 200).flatMap((entry) => {
    if (!isRecord(entry) || typeof entry.symbol !== 'string' || !Array.isArray(entry.paymentOptions))
      throw malformed('fiat currency list')
    if (entry.isAllowed === false || !/^[A-Z]{3}$/.test(entry.symbol)) return []
    const limits = entry.paymentOptions.flatMap((option) => {
      if (!isRecord(option) || typeof option.id !== 'string') throw malformed('fiat currency list')
      const ours = Object.entries(methods).find(([, theirs]) => theirs === option.id)?.[0]
      if (!ours || option.isActive === false) return []
      return [
        {
          id: ours,
          min: decimalOf(option.minAmount, 'fiat currency list', 'fiat'),
          max: decimalOf(option.maxAmount, 'fiat currency list', 'fiat'),
        },
      ]
    })
    return limits.length > 0 ? [{ id: entry.symbol, payment_method_limits: limits }] : []
  })
}

/** The price request's query. */
export function transakQuoteQuery(
  order: OnrampOrder,
  apiKey: string,
  network: string,
): Record<string, string> {
  return {
    partnerApiKey: apiKey,
    fiatCurrency: order.paymentCurrency,
    cryptoCurrency: order.purchaseCurrency,
    isBuyOrSell: 'BUY',
    network,
    paymentMethod: methods[order.paymentMethod] ?? 'credit_debit_card',
    fiatAmount: order.amount,
  }
}

/** The price as the kit shows it: Transak's fee and the network fee from its fee breakdown. */
export function transakQuote(body: unknown, order: OnrampOrder): ProviderQuote {
  const quote = responseOf(body, 'quote')
  if (!isRecord(quote) || !Array.isArray(quote.feeBreakdown)) throw malformed('quote')
  const fee = (id: string) => {
    const entry = (quote.feeBreakdown as unknown[]).find((f) => isRecord(f) && f.id === id)
    return isRecord(entry) ? decimalOf(entry.value, 'quote', 'fiat') : '0.00'
  }
  return {
    purchaseAmount: {
      amount: decimalOf(quote.cryptoAmount, 'quote', 'crypto'),
      currency: order.purchaseCurrency,
    },
    paymentAmount: { amount: decimalOf(quote.fiatAmount, 'quote', 'fiat'), currency: order.paymentCurrency },
    fees: { provider: fee('transak_fee'), network: fee('network_fee') },
  }
}

/** The Create Widget URL request: the order, the wallet, and the purchase's id as the partner's order id. */
export function transakWidgetRequest(
  request: SessionRequest,
  apiKey: string,
  network: string,
): Record<string, unknown> {
  return {
    widgetParams: {
      apiKey,
      referrerDomain: request.origin ? new URL(request.origin).host : 'localhost',
      productsAvailed: 'BUY',
      cryptoCurrencyCode: request.purchaseCurrency,
      network,
      walletAddress: request.walletAddress,
      disableWalletAddressForm: true,
      fiatCurrency: request.paymentCurrency,
      fiatAmount: request.amount,
      paymentMethod: methods[request.paymentMethod] ?? 'credit_debit_card',
      partnerOrderId: request.partnerRef,
    },
  }
}

const statuses: Record<string, ProviderEvent['status']> = {
  ORDER_CREATED: 'pending',
  ORDER_PAYMENT_VERIFYING: 'pending',
  ORDER_PROCESSING: 'pending',
  ORDER_COMPLETED: 'completed',
  ORDER_FAILED: 'failed',
  ORDER_REFUNDED: 'failed',
}

/**
 * Reads a Transak webhook: its `data` is a JWT signed (HS256) with the partner access token, so
 * only Transak, which issued the token, could have made it.
 */
export async function verifyTransakWebhook(
  rawBody: string,
  accessToken: string,
): Promise<ProviderEvent | null> {
  const body = jsonOf(rawBody)
  if (!isRecord(body) || typeof body.data !== 'string' || body.data.length > 16_000)
    throw new WebhookError('bad_signature', 'The webhook signature is missing or malformed')
  let payload: Record<string, unknown>
  try {
    payload = (await jwtVerify(body.data, new TextEncoder().encode(accessToken), { algorithms: ['HS256'] }))
      .payload
  } catch {
    throw new WebhookError('bad_signature', 'The webhook signature does not match')
  }
  const eventId = payload.eventID
  const data = payload.webhookData
  if (typeof eventId !== 'string' || !isRecord(data)) throw badEvent()
  const status = statuses[eventId]
  if (status === undefined || data.partnerOrderId === undefined) return null
  const ref = idOf(data.partnerOrderId, 64)
  const txHash = txHashOf(data.transactionHash)
  if (status === 'completed' && txHash === undefined) throw badEvent()
  let amount: string | undefined
  try {
    amount = data.cryptoAmount === undefined ? undefined : decimalOf(data.cryptoAmount, 'event', 'crypto')
  } catch {
    throw badEvent()
  }
  return {
    eventId: `${idOf(data.id)}:${typeof data.status === 'string' ? data.status.slice(0, 64) : eventId}`,
    sessionId: ref,
    partnerRef: ref,
    status,
    txHash,
    ...(amount === undefined ? {} : { purchaseAmount: { amount, currency: '' } }),
  }
}

// Partner access tokens, per API key, until a minute before they expire.
const tokens = new Map<string, { token: string; expiresAt: number }>()

async function accessToken(credentials: OnrampCredentials, timeoutMs: number): Promise<string> {
  const key = `${credentials.apiUrl}\n${credentials.publicKey}`
  const hit = tokens.get(key)
  if (hit && hit.expiresAt > Date.now() + 60_000) return hit.token
  const body = await providerJson(apiPath(credentials.apiUrl, 'partners/api/v2/refresh-token'), {
    method: 'POST',
    headers: { 'api-secret': credentials.secret },
    body: { apiKey: credentials.publicKey },
    timeoutMs,
  })
  if (
    !isRecord(body) ||
    !isRecord(body.data) ||
    typeof body.data.accessToken !== 'string' ||
    typeof body.data.expiresAt !== 'number'
  )
    throw malformed('access token')
  if (tokens.size > 100) tokens.clear()
  tokens.set(key, { token: body.data.accessToken, expiresAt: body.data.expiresAt * 1000 })
  return body.data.accessToken
}

function createTransakClient(credentials: OnrampCredentials, timeoutMs: number): OnrampProviderClient {
  const apiKey = credentials.publicKey ?? ''
  const get = (path: string, query?: Record<string, string>) =>
    providerJson(apiPath(credentials.apiUrl, path, query), { method: 'GET', headers: {}, timeoutMs })
  const crypto = async () => transakCryptoCurrencies(await get('api/v2/currencies/crypto-currencies'))
  const networkOf = async (order: OnrampOrder) => {
    const network = (await crypto()).networks.get(order.network)
    if (!network)
      throw new ProviderError('refused', `${order.purchaseCurrency} on ${order.network} is not offered`)
    return network
  }
  const quote = async (order: OnrampOrder, network?: string) =>
    transakQuote(
      await get(
        'api/v1/pricing/public/quotes',
        transakQuoteQuery(order, apiKey, network ?? (await networkOf(order))),
      ),
      order,
    )
  return {
    async options() {
      const [purchase, fiat] = await Promise.all([crypto(), get('api/v2/currencies/fiat-currencies')])
      return { purchaseCurrencies: purchase.currencies, paymentCurrencies: transakFiatCurrencies(fiat) }
    },
    quote: (order) => quote(order),
    async createSession(request) {
      const network = await networkOf(request)
      const quoted = await quote(request, network)
      const body = await providerJson(
        apiPath(credentials.widgetUrl ?? transakGatewayUrl, 'api/v2/auth/session'),
        {
          method: 'POST',
          headers: { 'access-token': await accessToken(credentials, timeoutMs) },
          body: transakWidgetRequest(request, apiKey, network),
          timeoutMs,
        },
      )
      if (!isRecord(body) || !isRecord(body.data)) throw malformed('widget URL')
      return {
        id: request.partnerRef,
        checkoutUrl: checkoutUrlOf(body.data.widgetUrl),
        purchaseAmount: quoted.purchaseAmount,
      }
    },
  }
}

export const transakAdapter: OnrampAdapter = {
  defaultApiUrl: transakDefaultApiUrl,
  requires: ['publicKey'],
  accepts: ['publicKey', 'widgetUrl'],
  client: createTransakClient,
  async verifyWebhook(request, credentials, _now, timeoutMs) {
    let token: string
    try {
      token = await accessToken(credentials, timeoutMs)
    } catch (error) {
      throw new WebhookError('unavailable', `The access token could not be read: ${(error as Error).message}`)
    }
    return verifyTransakWebhook(request.rawBody, token)
  },
}
