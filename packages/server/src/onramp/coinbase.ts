import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
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
  ProviderError,
  type ProviderEvent,
  type ProviderQuote,
  providerJson,
  type SessionRequest,
  WebhookError,
} from './provider.js'
import { decimalOf } from './shapes.js'
import { badEvent, checkAge, hmacSha256, idOf, jsonOf, sameSignature, txHashOf } from './signing.js'

/**
 * Coinbase Onramp, through the CDP API with the project's Secret API key (each call carries a
 * fresh JWT signed with it: https://docs.cdp.coinbase.com/api-reference/authentication):
 * - currencies: `GET /onramp/v1/buy/options?country=` answering `purchase_currencies` and
 *   `payment_currencies` with their limits
 *   (https://docs.cdp.coinbase.com/api-reference/rest-api/onramp-offramp/get-buy-options);
 * - a quote: `POST /onramp/v1/buy/quote`
 *   (https://docs.cdp.coinbase.com/api-reference/rest-api/onramp-offramp/create-buy-quote);
 * - a checkout: `POST /onramp/v1/token` with the wallet, its network and the visitor's IP, then
 *   `https://pay.coinbase.com/buy/select-asset?sessionToken=…`
 *   (https://docs.cdp.coinbase.com/onramp-&-offramp/session-token-authentication);
 * - webhooks `onramp.transaction.*` (https://docs.cdp.coinbase.com/webhooks/onramp), signed
 *   `X-Hook0-Signature: t=…,h=…,v1=<hex HMAC-SHA256(secret, "<t>.<h>.<header values>.<body>")>`
 *   (https://docs.cdp.coinbase.com/webhooks/verify-signatures).
 * The purchase's id travels as `partnerUserRef` and comes back in the webhooks.
 */
export const coinbaseDefaultApiUrl = 'https://api.developer.coinbase.com'
const coinbasePayUrl = 'https://pay.coinbase.com'

/** Spec §9: the networks Coinbase Onramp is offered on; another network falls back to Ethereum. */
export const coinbaseNetworks: Readonly<Record<string, string>> = {
  ethereum: 'eip155:1',
  arbitrum: 'eip155:42161',
  polygon: 'eip155:137',
  berachain: 'eip155:80094',
  'avalanche-c-chain': 'eip155:43114',
  optimism: 'eip155:10',
  celo: 'eip155:42220',
  base: 'eip155:8453',
}

/** Coinbase's network name for a CAIP-2 id (spec §9: Ethereum when it is none of its networks). */
export function coinbaseNetworkOf(caip2: string): string {
  return Object.entries(coinbaseNetworks).find(([, id]) => id === caip2)?.[0] ?? 'ethereum'
}

const methods: Record<string, string> = { CARD: 'card', ACH_BANK_ACCOUNT: 'ach_bank_account' }
const methodOf = (id: string) => Object.entries(methods).find(([, ours]) => ours === id)?.[0] ?? 'CARD'
const malformed = (what: string) => new ProviderError('invalid_response', `Coinbase's ${what} is malformed`)
/** A field in the API's snake_case, or its camelCase twin. */
const field = (record: Record<string, unknown>, snake: string) =>
  record[snake] ?? record[snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())]

/** Coinbase's buy options as currencies and limits; only the networks of spec §9. */
export function coinbaseOptions(body: unknown): OnrampOptions {
  if (!isRecord(body)) throw malformed('buy options')
  const purchase = field(body, 'purchase_currencies')
  const payment = field(body, 'payment_currencies')
  if (!Array.isArray(purchase) || !Array.isArray(payment)) throw malformed('buy options')
  return {
    purchaseCurrencies: purchase.slice(0, 300).flatMap((currency) => {
      if (!isRecord(currency) || typeof currency.symbol !== 'string' || !Array.isArray(currency.networks))
        throw malformed('buy options')
      if (!/^[A-Z0-9]{1,16}$/.test(currency.symbol)) return []
      const networks = currency.networks.flatMap((n): OnrampNetwork[] => {
        if (!isRecord(n) || typeof n.name !== 'string') throw malformed('buy options')
        const chainId = coinbaseNetworks[n.name]
        if (!chainId) return []
        const display = field(n, 'display_name')
        const contract = field(n, 'contract_address')
        return [
          {
            name: n.name,
            display_name: typeof display === 'string' ? display.slice(0, 64) : n.name,
            chain_id: chainId,
            contract_address: typeof contract === 'string' && contract.length <= 64 ? contract : '',
          },
        ]
      })
      if (networks.length === 0) return []
      const name = typeof currency.name === 'string' ? currency.name.slice(0, 64) : currency.symbol
      return [{ id: currency.symbol, name, symbol: currency.symbol, networks }]
    }),
    paymentCurrencies: payment.slice(0, 100).flatMap((currency) => {
      if (!isRecord(currency) || typeof currency.id !== 'string' || !Array.isArray(currency.limits))
        throw malformed('buy options')
      if (!/^[A-Z]{3}$/.test(currency.id)) return []
      const limits = currency.limits.flatMap((limit) => {
        if (!isRecord(limit) || typeof limit.id !== 'string') throw malformed('buy options')
        const id = methods[limit.id]
        return id
          ? [
              {
                id,
                min: decimalOf(limit.min, 'buy options', 'fiat'),
                max: decimalOf(limit.max, 'buy options', 'fiat'),
              },
            ]
          : []
      })
      return limits.length > 0 ? [{ id: currency.id, payment_method_limits: limits }] : []
    }),
  }
}

/** The buy quote request for an order. */
export function coinbaseQuoteRequest(order: OnrampOrder, country: string): Record<string, unknown> {
  return {
    purchaseCurrency: order.purchaseCurrency,
    purchaseNetwork: coinbaseNetworkOf(order.network),
    paymentAmount: order.amount,
    paymentCurrency: order.paymentCurrency,
    paymentMethod: methodOf(order.paymentMethod),
    country,
  }
}

/** An amount object: `{ value, currency }` (or `amount`). */
function money(value: unknown, kind: 'fiat' | 'crypto'): string {
  if (!isRecord(value)) throw malformed('quote')
  return decimalOf(value.value ?? value.amount, 'quote', kind)
}

/** The buy quote as the kit shows it. */
export function coinbaseQuote(body: unknown, order: OnrampOrder): ProviderQuote {
  if (!isRecord(body)) throw malformed('quote')
  return {
    purchaseAmount: {
      amount: money(field(body, 'purchase_amount'), 'crypto'),
      currency: order.purchaseCurrency,
    },
    paymentAmount: { amount: money(field(body, 'payment_total'), 'fiat'), currency: order.paymentCurrency },
    fees: {
      provider: money(field(body, 'coinbase_fee'), 'fiat'),
      network: money(field(body, 'network_fee'), 'fiat'),
    },
  }
}

/** The session token request: where the crypto goes, on which network, for whom. */
export function coinbaseTokenRequest(request: SessionRequest): Record<string, unknown> {
  return {
    addresses: [{ address: request.walletAddress, blockchains: [coinbaseNetworkOf(request.network)] }],
    assets: [request.purchaseCurrency],
    clientIp: request.clientIp,
  }
}

/** The hosted checkout's URL for a session token, the order prefilled. */
export function coinbaseCheckoutUrl(base: string, token: string, request: SessionRequest): string {
  const url = apiPath(base, 'buy/select-asset')
  url.search = new URLSearchParams({
    sessionToken: token,
    defaultNetwork: coinbaseNetworkOf(request.network),
    defaultAsset: request.purchaseCurrency,
    presetFiatAmount: request.amount,
    fiatCurrency: request.paymentCurrency,
    defaultPaymentMethod: methodOf(request.paymentMethod),
    partnerUserRef: request.partnerRef,
  }).toString()
  return checkoutUrlOf(url.toString())
}

/** The CDP API key as a signing key: an EC key in PEM (ES256), or a base64 Ed25519 key (EdDSA). */
export function cdpSigningKey(secret: string): { key: KeyObject; alg: 'ES256' | 'EdDSA' } {
  try {
    if (secret.startsWith('-----BEGIN ')) return { key: createPrivateKey(secret), alg: 'ES256' }
    const bytes = Buffer.from(secret, 'base64')
    if (bytes.length !== 64) throw new Error('not 64 bytes')
    const key = createPrivateKey({
      format: 'jwk',
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        d: bytes.subarray(0, 32).toString('base64url'),
        x: bytes.subarray(32).toString('base64url'),
      },
    })
    return { key, alg: 'EdDSA' }
  } catch {
    throw new ProviderError(
      'refused',
      'The Coinbase API key secret is neither an EC PEM key nor a base64 Ed25519 key',
    )
  }
}

/** A CDP bearer JWT for one request (`uri` = "<METHOD> <host><path>", two minutes). */
export async function cdpJwt(
  keyId: string,
  secret: string,
  method: string,
  url: URL,
  now = Date.now(),
): Promise<string> {
  const { key, alg } = cdpSigningKey(secret)
  const seconds = Math.floor(now / 1000)
  return new SignJWT({ uri: `${method} ${url.host}${url.pathname}` })
    .setProtectedHeader({ alg, kid: keyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setIssuer('cdp')
    .setSubject(keyId)
    .setNotBefore(seconds)
    .setExpirationTime(seconds + 120)
    .sign(key)
}

const statuses: Record<string, ProviderEvent['status']> = {
  'onramp.transaction.created': 'pending',
  'onramp.transaction.updated': 'pending',
  'onramp.transaction.success': 'completed',
  'onramp.transaction.failed': 'failed',
}

/** The `X-Hook0-Signature` value for a body and the headers it names. */
export function signCoinbaseWebhook(
  secret: string,
  body: string,
  headers: Record<string, string>,
  t = Math.floor(Date.now() / 1000),
): string {
  const names = Object.keys(headers).join(' ')
  const values = Object.values(headers).join('.')
  return `t=${t},h=${names},v1=${hmacSha256(secret, `${t}.${names}.${values}.${body}`).toString('hex')}`
}

/** Checks a Coinbase webhook's signature and age, and reads the onramp transaction event. */
export function verifyCoinbaseWebhook(
  request: { rawBody: string; headers: Record<string, string | string[] | undefined> },
  secret: string,
  nowSeconds: number,
): ProviderEvent | null {
  const parts = new Map(
    (headerOf(request.headers, 'x-hook0-signature') ?? '')
      .split(',')
      .slice(0, 8)
      .map((part) => {
        const at = part.indexOf('=')
        return [part.slice(0, at), part.slice(at + 1)] as [string, string]
      }),
  )
  const t = parts.get('t') ?? ''
  const h = parts.get('h') ?? ''
  const v1 = parts.get('v1') ?? ''
  if (!/^[0-9]{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1) || !/^[a-z0-9 -]{0,200}$/.test(h))
    throw new WebhookError('bad_signature', 'The webhook signature is missing or malformed')
  const values =
    h === ''
      ? ''
      : h
          .split(' ')
          .map((name) => headerOf(request.headers, name) ?? '')
          .join('.')
  const expected = hmacSha256(secret, `${t}.${h}.${values}.${request.rawBody}`)
  if (!sameSignature(expected, Buffer.from(v1, 'hex')))
    throw new WebhookError('bad_signature', 'The webhook signature does not match')
  checkAge(Number(t), nowSeconds)
  const body = jsonOf(request.rawBody)
  if (!isRecord(body) || typeof body.eventType !== 'string') throw badEvent()
  const status = statuses[body.eventType]
  if (status === undefined) return null
  if (body.partnerUserRef === undefined || body.partnerUserRef === '') return null
  const ref = idOf(body.partnerUserRef, 64)
  const transactionId = idOf(body.transactionId)
  const txHash = body.txHash === '0x' ? undefined : txHashOf(body.txHash)
  if (status === 'completed' && txHash === undefined) throw badEvent()
  let amount: string | undefined
  try {
    amount = body.purchaseAmount === undefined ? undefined : money(body.purchaseAmount, 'crypto')
  } catch {
    throw badEvent()
  }
  return {
    eventId:
      headerOf(request.headers, 'x-event-id')?.slice(0, 128) ??
      `${transactionId}:${body.eventType}:${String(body.status).slice(0, 64)}`,
    sessionId: ref,
    partnerRef: ref,
    status,
    txHash,
    ...(amount === undefined ? {} : { purchaseAmount: { amount, currency: '' } }),
  }
}

function createCoinbaseClient(credentials: OnrampCredentials, timeoutMs: number): OnrampProviderClient {
  const country = credentials.country ?? 'US'
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ) => {
    const url = apiPath(credentials.apiUrl, path, query)
    const jwt = await cdpJwt(credentials.keyId ?? '', credentials.secret, method, url)
    return providerJson(url, { method, headers: { authorization: `Bearer ${jwt}` }, body, timeoutMs })
  }
  const quote = async (order: OnrampOrder) =>
    coinbaseQuote(await call('POST', 'onramp/v1/buy/quote', coinbaseQuoteRequest(order, country)), order)
  return {
    async options() {
      return coinbaseOptions(await call('GET', 'onramp/v1/buy/options', undefined, { country }))
    },
    quote,
    async createSession(request) {
      const quoted = await quote(request)
      const body = await call('POST', 'onramp/v1/token', coinbaseTokenRequest(request))
      if (!isRecord(body) || typeof body.token !== 'string' || body.token.length > 2048)
        throw malformed('session token')
      return {
        // The webhooks name the purchase by partnerUserRef: that is the session's reference.
        id: request.partnerRef,
        checkoutUrl: coinbaseCheckoutUrl(credentials.widgetUrl ?? coinbasePayUrl, body.token, request),
        purchaseAmount: quoted.purchaseAmount,
      }
    },
  }
}

export const coinbaseAdapter: OnrampAdapter = {
  defaultApiUrl: coinbaseDefaultApiUrl,
  requires: ['keyId', 'webhookSecret'],
  accepts: ['keyId', 'webhookSecret', 'widgetUrl', 'country'],
  client: createCoinbaseClient,
  verifyWebhook: async (request, credentials, now) =>
    verifyCoinbaseWebhook(request, credentials.webhookSecret ?? '', now),
}
