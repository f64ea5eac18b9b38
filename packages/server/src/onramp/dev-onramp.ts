import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  apiPath,
  cleanText,
  isRecord,
  type OnrampProviderClient,
  ProviderError,
  type ProviderEvent,
  providerJson,
  WebhookError,
} from './provider.js'
import { amountOf, fiat, parseOptions } from './shapes.js'
import { checkAge } from './signing.js'

/**
 * The adapter of a generic "session token → hosted checkout → signed webhook" provider, the API
 * the test kit's Dev Onramp serves:
 * - `GET /v1/options`: `purchaseCurrencies` and `paymentCurrencies` (spec §3 shapes);
 * - `POST /v1/quotes` with the order: `purchaseAmount`, `paymentAmount`, `fees` {provider, network};
 * - `POST /v1/sessions` with the order, `walletAddress` and `partnerRef`: `id`, `checkoutUrl`,
 *   `purchaseAmount`;
 * each with `Authorization: Bearer <secret>`; and webhooks signed
 * `Dev-Onramp-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 */
export function createDevOnrampClient(
  setting: { apiUrl: string; secret: string },
  timeoutMs: number,
): OnrampProviderClient {
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    providerJson(apiPath(setting.apiUrl, path), {
      method,
      headers: { authorization: `Bearer ${setting.secret}` },
      body,
      timeoutMs,
    })
  return {
    async options() {
      return parseOptions(await call('GET', 'v1/options'))
    },
    async quote(order) {
      const body = await call('POST', 'v1/quotes', order)
      if (!isRecord(body) || !isRecord(body.fees))
        throw new ProviderError('invalid_response', "The provider's quote is malformed")
      return {
        purchaseAmount: amountOf(body.purchaseAmount, 'quote', 'crypto'),
        paymentAmount: amountOf(body.paymentAmount, 'quote', 'fiat'),
        fees: { provider: fiat(body.fees.provider, 'quote'), network: fiat(body.fees.network, 'quote') },
      }
    },
    async createSession({ clientIp: _ip, origin: _origin, ...order }) {
      const body = await call('POST', 'v1/sessions', order)
      if (!isRecord(body) || typeof body.id !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(body.id))
        throw new ProviderError('invalid_response', "The provider's session is malformed")
      return {
        id: body.id,
        checkoutUrl: checkoutUrlOf(body.checkoutUrl),
        purchaseAmount: amountOf(body.purchaseAmount, 'session', 'crypto'),
      }
    },
  }
}

/** The checkout page's URL: https, or http on this machine only; never a script or data URL. */
export function checkoutUrlOf(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048 || !URL.canParse(value))
    throw new ProviderError('invalid_response', "The provider's checkout URL is malformed")
  const parsed = new URL(value)
  const local = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(parsed.hostname)
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local))
    throw new ProviderError('invalid_response', "The provider's checkout URL is not https")
  return parsed.toString()
}

/** The header that carries Dev Onramp's signature. */
export const devOnrampSignatureHeader = 'dev-onramp-signature'

const statuses = {
  'purchase.pending': 'pending',
  'purchase.completed': 'completed',
  'purchase.failed': 'failed',
} as const

/**
 * Verifies a Dev Onramp webhook over its raw body (HMAC-SHA256 with the project's secret, compared
 * in constant time, within five minutes) and reads the event.
 */
export function verifyDevOnrampWebhook(
  rawBody: string,
  signature: string | undefined,
  secret: string,
  nowSeconds: number,
): ProviderEvent {
  const parts = new Map(
    (signature ?? '')
      .split(',')
      .slice(0, 8)
      .map((part) => part.trim().split('=', 2) as [string, string | undefined]),
  )
  const t = parts.get('t') ?? ''
  const v1 = parts.get('v1') ?? ''
  if (!/^[0-9]{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1))
    throw new WebhookError('bad_signature', 'The webhook signature is missing or malformed')
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest()
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex')))
    throw new WebhookError('bad_signature', 'The webhook signature does not match')
  checkAge(Number(t), nowSeconds)
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    throw new WebhookError('invalid_event', 'The webhook body is not JSON')
  }
  const bad = () => new WebhookError('invalid_event', 'The webhook event is malformed')
  if (!isRecord(body) || !isRecord(body.data)) throw bad()
  const { id, type, data } = body
  const status = typeof type === 'string' ? statuses[type as keyof typeof statuses] : undefined
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(id) || status === undefined) throw bad()
  if (typeof data.sessionId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(data.sessionId)) throw bad()
  if (typeof data.partnerRef !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(data.partnerRef)) throw bad()
  const txHash = data.txHash ?? undefined
  if (
    txHash !== undefined &&
    (typeof txHash !== 'string' || !/^(?:0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/.test(txHash))
  )
    throw bad()
  if (status === 'completed' && txHash === undefined) throw bad()
  let purchaseAmount: ProviderEvent['purchaseAmount']
  try {
    purchaseAmount =
      data.purchaseAmount === undefined ? undefined : amountOf(data.purchaseAmount, 'event', 'crypto')
  } catch {
    throw bad()
  }
  return {
    eventId: cleanText(id, 128),
    sessionId: data.sessionId,
    partnerRef: data.partnerRef,
    status,
    txHash:
      typeof txHash === 'string' ? (txHash.startsWith('0x') ? txHash.toLowerCase() : txHash) : undefined,
    purchaseAmount,
  }
}
