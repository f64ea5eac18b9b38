import type { OnrampOrder } from '@latch/core/internal'

/**
 * What the on-ramp routes need from a provider, whatever its API: its currencies and limits, a
 * quote, a checkout session created with the project's secret, and its signed webhooks read.
 * One adapter per provider (`adapters.ts`); the routes never see a provider's own shapes.
 */

/** A network a currency can be bought on (spec §3); `chain_id` is the CAIP-2 id. */
export interface OnrampNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

/** A currency to buy (spec §3 on-ramp currency). */
export interface OnrampPurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: OnrampNetwork[]
}

/** A payment method's limits, decimals with two places ('10.00'). */
export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}

/** A currency to pay with and its payment methods' limits (spec §3 payment currency). */
export interface OnrampPaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}

export interface OnrampOptions {
  purchaseCurrencies: OnrampPurchaseCurrency[]
  paymentCurrencies: OnrampPaymentCurrency[]
}

/** What a quote or a session is asked for; `amount` is what the visitor pays, fees included. */
export type { OnrampOrder } from '@latch/core/internal'

export interface OnrampAmount {
  amount: string
  currency: string
}

/** A provider's quote: what the visitor receives for what they pay, and the fees in between. */
export interface ProviderQuote {
  purchaseAmount: OnrampAmount
  paymentAmount: OnrampAmount
  fees: { provider: string; network: string }
}

/** A checkout session: the provider's id for it, and the page the visitor pays on. */
export interface ProviderSession {
  id: string
  checkoutUrl: string
  purchaseAmount: OnrampAmount
}

/** A webhook event, once its signature was verified. */
export interface ProviderEvent {
  eventId: string
  /** The provider's session id. */
  sessionId: string
  /** The id the server gave the purchase when it created the session. */
  partnerRef: string
  status: 'pending' | 'completed' | 'failed'
  txHash?: string | undefined
  purchaseAmount?: OnrampAmount | undefined
}

/** What a session is created for: the order, where it is delivered, and who asks. */
export interface SessionRequest extends OnrampOrder {
  walletAddress: string
  /** The id the server gave the purchase; the provider echoes it in its webhooks. */
  partnerRef: string
  /** The visitor's IP address, as the server saw it (some providers bind the session to it). */
  clientIp: string
  /** The dapp page's origin (some providers want the domain the checkout is opened from). */
  origin: string | undefined
}

export interface OnrampProviderClient {
  options(): Promise<OnrampOptions>
  quote(order: OnrampOrder): Promise<ProviderQuote>
  createSession(request: SessionRequest): Promise<ProviderSession>
}

/**
 * A project's account at a provider, as `latch-server project set-onramp` stored it: the API's
 * base URL and secret, and what else the provider needs (a key id, a publishable key, the secret
 * its webhooks are signed with, the host of its checkout, the country quotes are asked for).
 */
export interface OnrampCredentials {
  apiUrl: string
  secret: string
  keyId?: string | undefined
  publicKey?: string | undefined
  webhookSecret?: string | undefined
  widgetUrl?: string | undefined
  country?: string | undefined
}

/** A webhook as it arrived: its exact bytes, its headers, and the URL it was sent to. */
export interface WebhookRequest {
  rawBody: string
  headers: Record<string, string | string[] | undefined>
  url: string
}

/** One header's value, or undefined when it is missing or repeated. */
export function headerOf(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return typeof value === 'string' ? value : undefined
}

/** Why a provider could not answer: down or slow ('unavailable'), refused, or an answer of the wrong shape. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError'
  constructor(
    readonly reason: 'unavailable' | 'refused' | 'invalid_response',
    message: string,
  ) {
    super(message)
  }
}

/**
 * Why a webhook is refused: its signature, its age, or its body; or 'unavailable' when reading
 * what it refers to failed (the provider sends it again).
 */
export class WebhookError extends Error {
  override readonly name = 'WebhookError'
  constructor(
    readonly reason: 'bad_signature' | 'invalid_event' | 'unavailable',
    message: string,
  ) {
    super(message)
  }
}

// A provider's answer larger than this is not one of ours.
const maxBytes = 256 * 1024

/**
 * A JSON request to a provider, bounded in time and size: a network failure, a timeout or a 5xx
 * is 'unavailable', another non-OK status 'refused' (with the provider's `message` when it gave a
 * short one), anything not JSON 'invalid_response'. The secret never appears in an error.
 */
export async function providerJson(
  url: URL,
  init: {
    method: 'GET' | 'POST'
    /** The provider's authentication headers. */
    headers: Record<string, string>
    body?: unknown
    timeoutMs: number
  },
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...init.headers,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError'
    throw new ProviderError(
      'unavailable',
      timedOut ? 'The provider timed out' : 'The provider could not be reached',
    )
  }
  const text = await boundedText(response)
  if (response.status >= 500)
    throw new ProviderError('unavailable', `The provider answered ${response.status}`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    if (!response.ok) throw new ProviderError('refused', `The provider answered ${response.status}`)
    throw new ProviderError('invalid_response', 'The provider answer is not JSON')
  }
  if (!response.ok) {
    const message = isRecord(body) ? (body.message ?? body.error) : undefined
    const said = typeof message === 'string' ? cleanText(message, 200) : ''
    throw new ProviderError('refused', said || `The provider answered ${response.status}`)
  }
  return body
}

async function boundedText(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel()
    throw new ProviderError('invalid_response', 'The provider answer is too large')
  }
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        throw new ProviderError('invalid_response', 'The provider answer is too large')
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error
    throw new ProviderError('unavailable', 'The provider answer was cut off')
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Text from a provider for a page: no control characters, bounded. */
export function cleanText(value: string, max: number): string {
  return value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, max)
}

/** An API URL under the configured base: `apiPath(base, 'v1/x')` keeps the base's own path. */
export function apiPath(base: string, path: string, query?: Record<string, string>): URL {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`)
  if (query) for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  return url
}
