import { createHmac, type KeyObject, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { jwtVerify, SignJWT } from 'jose'
import { createPublicClient, createWalletClient, formatEther, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { escapeHtml, page, readText, sameSecret, sendJson } from './dev-oauth-shared.js'

/** How Dev Onramp's API answers: normally, 503, slower than any caller waits, or not JSON. */
export type DevOnrampMode = 'ok' | 'down' | 'slow' | 'garbage'

export interface StartDevOnrampOptions {
  /** 0 (default): a free port. */
  port?: number
  /** The local chain it delivers on (its chain id is asked from the node). */
  rpcUrl: string
  /** More chains it delivers on, by CAIP-2 id. */
  rpcUrls?: Record<string, string>
  /** The funded account that sends what is bought (e.g. one of `TEST_ACCOUNTS`). */
  funderKey: Hex
  /** Where its signed webhooks go: the app server's webhook URL for the project. */
  webhookUrl: string
  /** The project's API secret: the bearer token of the API and the webhooks' HMAC key. */
  secret: string
  /** US dollars per ETH (default 2500). */
  ethPriceUsd?: number
  /**
   * Also speak Meld's API under `<url>/meld` (its API key is `secret`): Meld's currency list,
   * limits, quotes, widget sessions and transactions, and its signed `TRANSACTION_CRYPTO_*`
   * webhooks to `webhookUrl` with `webhookSecret`.
   */
  meld?: { webhookUrl: string; webhookSecret: string }
  /**
   * Also speak MoonPay's API under `<url>/moonpay` (`secret` is its secret key, which signs the
   * widget URL): its currency list and buy quotes for `publishableKey`, the widget at
   * `<url>/moonpay/buy` (refused unless its signature is right), and `Moonpay-Signature-V2`
   * webhooks to `webhookUrl` signed with `webhookKey`.
   */
  moonpay?: { publishableKey: string; webhookUrl: string; webhookKey: string }
  /**
   * Also speak Coinbase Onramp's API under `<url>/coinbase`: each call's bearer must be a CDP JWT
   * (`iss` cdp, `sub` = `keyId`, `uri` = "<METHOD> <host><path>", two minutes) signed by the key
   * whose public half is `publicKey`; buy options, buy quotes, single-use session tokens, the
   * hosted checkout at `<url>/coinbase/buy/select-asset`, and `X-Hook0-Signature` webhooks to
   * `webhookUrl` signed with `webhookSecret`.
   */
  coinbase?: { keyId: string; publicKey: KeyObject; webhookUrl: string; webhookSecret: string }
  /**
   * Also speak Transak's API under `<url>/transak` (`secret` is the API secret): partner access
   * tokens for `apiKey`, currencies, prices, Create Widget URL (the gateway's, on the same prefix)
   * and webhooks to `webhookUrl` whose `data` is a JWT signed with the current access token.
   */
  transak?: { apiKey: string; webhookUrl: string }
}

/** A checkout session, as Dev Onramp keeps it. */
export interface DevOnrampSession {
  id: string
  purchaseCurrency: string
  paymentCurrency: string
  paymentMethod: string
  amount: string
  network: string
  walletAddress: string
  partnerRef: string
  purchaseAmount: string
  status: 'open' | 'paid' | 'delivered' | 'cancelled'
  txHash?: Hex
  /** The API it was created through: Dev Onramp's own, or its Meld or MoonPay face. */
  face: 'dev' | 'meld' | 'moonpay' | 'coinbase' | 'transak'
  /** Meld: the customer, and the transaction once paid. */
  externalCustomerId?: string
  transactionId?: string
}

export interface DevOnramp {
  /** The API's base URL (what `latch-server project set-onramp --api-url` takes). */
  url: string
  /** The header its webhooks carry their signature in. */
  signatureHeader: string
  mode: DevOnrampMode
  /** How long a 'slow' answer waits (default 10 s). */
  slowMs: number
  sessions: Map<string, DevOnrampSession>
  /** Every webhook it sent: the body, and the server's answer. */
  webhooks: { body: string; status: number }[]
  /** Pays a session as the checkout page's Pay button does; resolves with the delivery's hash. */
  pay(sessionId: string): Promise<Hex>
  close(): Promise<void>
}

/**
 * A Meld webhook's headers: `meld-signature-timestamp` and `meld-signature`, the base64url (with
 * padding) HMAC-SHA256 of "<timestamp>.<url>.<body>" with the webhook secret.
 */
export function signMeldWebhook(
  secret: string,
  url: string,
  body: string,
  timestamp = new Date().toISOString(),
): Record<string, string> {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${url}.${body}`).digest('base64url')
  return { 'meld-signature-timestamp': timestamp, 'meld-signature': signature.padEnd(44, '=') }
}

/** A Coinbase webhook's `X-Hook0-Signature` over the body and the headers it names. */
export function signCoinbaseWebhook(
  secret: string,
  body: string,
  headers: Record<string, string>,
  t = Math.floor(Date.now() / 1000),
): string {
  const names = Object.keys(headers).join(' ')
  const signed = `${t}.${names}.${Object.values(headers).join('.')}.${body}`
  return `t=${t},h=${names},v1=${createHmac('sha256', secret).update(signed).digest('hex')}`
}

/** A MoonPay webhook's `Moonpay-Signature-V2`: `t=<unix seconds>,s=<hex HMAC-SHA256(key, "t.body")>`. */
export function signMoonpayWebhook(
  webhookKey: string,
  body: string,
  t = Math.floor(Date.now() / 1000),
): string {
  return `t=${t},s=${createHmac('sha256', webhookKey).update(`${t}.${body}`).digest('hex')}`
}

/** Dev Onramp's webhook signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`. */
export function signDevOnrampWebhook(
  secret: string,
  body: string,
  t = Math.floor(Date.now() / 1000),
): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/** Meld's code for ETH on a chain (ETH on Ethereum, ETH_BASE on Base, …). */
const meldCode = (chainId: string) => {
  const reference = chainId.split(':')[1]!
  return reference === '1' ? 'ETH' : `ETH_${(NETWORK_NAMES[reference]?.[0] ?? reference).toUpperCase()}`
}
const meldId = () => randomBytes(16).toString('base64url').replace(/[-_]/g, 'x').slice(0, 22)

const NETWORK_NAMES: Record<string, [string, string]> = {
  '1': ['ethereum', 'Ethereum'],
  '8453': ['base', 'Base'],
  '10': ['optimism', 'Optimism'],
  '42161': ['arbitrum', 'Arbitrum'],
}

const fiatPattern = /^[0-9]{1,9}(?:\.[0-9]{1,2})?$/
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}
const fromCents = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`
const LIMITS: Record<string, { id: string; min: string; max: string }[]> = {
  USD: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
  EUR: [{ id: 'card', min: '10.00', max: '7500.00' }],
}
// Cents of US dollars per cent of the currency.
const USD_PER: Record<string, bigint> = { USD: 100n, EUR: 108n }

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const value = JSON.parse(await readText(request)) as unknown
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('Not an object')
  return value as Record<string, unknown>
}

/**
 * Dev Onramp: a local stand-in for an on-ramp provider of the common "session token → hosted
 * checkout → signed webhook" kind, for tests and the demo. Its API (bearer secret) lists ETH on
 * the chains it delivers on and USD / EUR with card and bank limits, quotes at a fixed price with a
 * 1.5 % fee and a 0.50 network fee, and creates checkout sessions. The checkout page shows the
 * order with Pay and Cancel; Pay "delivers" by sending the ETH on the local chain from the funded
 * account to the wallet, then POSTs signed `purchase.pending` and `purchase.completed` webhooks
 * (Cancel: `purchase.failed`). No real money, card or provider is involved.
 */
export async function startDevOnramp(options: StartDevOnrampOptions): Promise<DevOnramp> {
  const account = privateKeyToAccount(options.funderKey)
  const chains = new Map<string, string>(Object.entries(options.rpcUrls ?? {}))
  const first = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId()
  chains.set(`eip155:${first}`, options.rpcUrl)
  const priceCents = BigInt(Math.round((options.ethPriceUsd ?? 2500) * 100))
  const sessions = new Map<string, DevOnrampSession>()
  let base = ''
  let queue: Promise<unknown> = Promise.resolve()

  const quoteOf = (order: Record<string, unknown>) => {
    const { purchaseCurrency, paymentCurrency, paymentMethod, amount, network } = order
    if (purchaseCurrency !== 'ETH') return 'Only ETH is sold'
    if (typeof network !== 'string' || !chains.has(network)) return 'That network is not served'
    if (typeof paymentCurrency !== 'string' || !LIMITS[paymentCurrency])
      return 'That currency is not accepted'
    const limit = LIMITS[paymentCurrency].find((l) => l.id === paymentMethod)
    if (!limit) return 'That payment method is not accepted'
    if (typeof amount !== 'string' || !fiatPattern.test(amount)) return 'The amount is not valid'
    const paid = cents(amount)
    if (paid < cents(limit.min) || paid > cents(limit.max))
      return `The amount must be ${limit.min} to ${limit.max}`
    const providerFee = (paid * 15n + 999n) / 1000n
    const networkFee = 50n
    const netUsdCents = ((paid - providerFee - networkFee) * USD_PER[paymentCurrency]!) / 100n
    const wei = (netUsdCents * 10n ** 18n) / priceCents
    // Eight decimal places, cut: what the page shows is what is sent.
    const sent = wei - (wei % 10n ** 10n)
    return {
      purchaseAmount: { amount: formatEther(sent), currency: 'ETH' },
      paymentAmount: { amount: fromCents(paid), currency: paymentCurrency },
      fees: { provider: fromCents(providerFee), network: fromCents(networkFee) },
    }
  }

  async function sendMeldWebhook(type: 'pending' | 'completed' | 'failed', session: DevOnrampSession) {
    const meld = options.meld!
    const eventType = {
      pending: 'TRANSACTION_CRYPTO_PENDING',
      completed: 'TRANSACTION_CRYPTO_COMPLETE',
      failed: 'TRANSACTION_CRYPTO_FAILED',
    }[type]
    const body = JSON.stringify({
      eventType,
      eventId: meldId(),
      timestamp: new Date().toISOString(),
      accountId: 'DevOnrampAccount',
      profileId: 'DevOnrampProfile',
      version: '2025-03-01',
      payload: {
        accountId: 'DevOnrampAccount',
        paymentTransactionId: session.transactionId,
        customerId: 'DevOnrampCustomer',
        externalCustomerId: session.externalCustomerId,
        externalSessionId: session.partnerRef,
        sessionId: session.id,
        paymentTransactionStatus: { pending: 'PENDING', completed: 'SETTLED', failed: 'FAILED' }[type],
      },
    })
    await deliver(meld.webhookUrl, body, () => signMeldWebhook(meld.webhookSecret, meld.webhookUrl, body))
  }

  async function deliver(url: string, body: string, sign: () => Record<string, string>) {
    // As providers do, a failed delivery is tried again a few times.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...sign() },
          body,
          signal: AbortSignal.timeout(5_000),
        })
        devOnramp.webhooks.push({ body, status: response.status })
        await response.body?.cancel()
        if (response.ok || (response.status >= 400 && response.status < 500)) return
      } catch {
        devOnramp.webhooks.push({ body, status: 0 })
      }
      await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)))
    }
  }

  async function sendMoonpayWebhook(type: 'pending' | 'completed' | 'failed', session: DevOnrampSession) {
    const moonpay = options.moonpay!
    const body = JSON.stringify({
      type:
        type === 'failed'
          ? 'transaction_failed'
          : type === 'pending'
            ? 'transaction_created'
            : 'transaction_updated',
      data: {
        id: session.transactionId,
        status: type,
        walletAddress: session.walletAddress,
        baseCurrencyAmount: Number(session.amount),
        quoteCurrencyAmount: Number(session.purchaseAmount),
        cryptoTransactionId: session.txHash ?? null,
        externalTransactionId: session.partnerRef,
      },
      externalCustomerId: null,
    })
    await deliver(moonpay.webhookUrl, body, () => ({
      'moonpay-signature-v2': signMoonpayWebhook(moonpay.webhookKey, body),
    }))
  }

  async function sendCoinbaseWebhook(type: 'pending' | 'completed' | 'failed', session: DevOnrampSession) {
    const coinbase = options.coinbase!
    const eventType = {
      pending: 'onramp.transaction.created',
      completed: 'onramp.transaction.success',
      failed: 'onramp.transaction.failed',
    }[type]
    const body = JSON.stringify({
      eventType,
      transactionId: session.transactionId,
      status: {
        pending: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
        completed: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
        failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
      }[type],
      purchaseCurrency: 'ETH',
      purchaseNetwork: NETWORK_NAMES[session.network.split(':')[1]!]?.[0] ?? 'ethereum',
      purchaseAmount: { currency: 'ETH', value: session.purchaseAmount },
      paymentTotal: { currency: session.paymentCurrency, value: session.amount },
      txHash: session.txHash ?? '0x',
      walletAddress: session.walletAddress,
      partnerUserRef: session.partnerRef,
      type: 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND',
    })
    const headers = {
      'content-type': 'application/json',
      'x-event-id': randomUUID(),
      'x-event-type': eventType,
    }
    await deliver(coinbase.webhookUrl, body, () => ({
      ...headers,
      'x-hook0-signature': signCoinbaseWebhook(coinbase.webhookSecret, body, headers),
    }))
  }

  async function sendTransakWebhook(type: 'pending' | 'completed' | 'failed', session: DevOnrampSession) {
    const transak = options.transak!
    const eventID = { pending: 'ORDER_PROCESSING', completed: 'ORDER_COMPLETED', failed: 'ORDER_FAILED' }[
      type
    ]
    const data = await new SignJWT({
      eventID,
      webhookData: {
        id: session.transactionId,
        status: { pending: 'PROCESSING', completed: 'COMPLETED', failed: 'CANCELLED' }[type],
        walletAddress: session.walletAddress,
        fiatCurrency: session.paymentCurrency,
        fiatAmount: Number(session.amount),
        cryptoCurrency: 'ETH',
        isBuyOrSell: 'BUY',
        cryptoAmount: Number(session.purchaseAmount),
        partnerOrderId: session.partnerRef,
        ...(session.txHash ? { transactionHash: session.txHash } : {}),
      },
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(transakToken))
    await deliver(transak.webhookUrl, JSON.stringify({ data }), () => ({}))
  }

  async function sendWebhook(type: string, session: DevOnrampSession) {
    if (session.face === 'transak')
      return sendTransakWebhook(
        type === 'purchase.completed' ? 'completed' : type === 'purchase.failed' ? 'failed' : 'pending',
        session,
      )
    if (session.face === 'coinbase')
      return sendCoinbaseWebhook(
        type === 'purchase.completed' ? 'completed' : type === 'purchase.failed' ? 'failed' : 'pending',
        session,
      )
    if (session.face === 'moonpay')
      return sendMoonpayWebhook(
        type === 'purchase.completed' ? 'completed' : type === 'purchase.failed' ? 'failed' : 'pending',
        session,
      )
    if (session.face === 'meld')
      return sendMeldWebhook(
        type === 'purchase.completed' ? 'completed' : type === 'purchase.failed' ? 'failed' : 'pending',
        session,
      )
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      createdAt: new Date().toISOString(),
      data: {
        sessionId: session.id,
        partnerRef: session.partnerRef,
        walletAddress: session.walletAddress,
        network: session.network,
        purchaseAmount: { amount: session.purchaseAmount, currency: session.purchaseCurrency },
        ...(session.txHash ? { txHash: session.txHash } : {}),
      },
    })
    await deliver(options.webhookUrl, body, () => ({
      'dev-onramp-signature': signDevOnrampWebhook(options.secret, body),
    }))
  }

  async function pay(sessionId: string): Promise<Hex> {
    const session = sessions.get(sessionId)
    if (session?.status !== 'open') throw new Error('No open session')
    session.status = 'paid'
    session.transactionId = meldId()
    await sendWebhook('purchase.pending', session)
    const rpcUrl = chains.get(session.network)!
    // One delivery at a time: the funder's nonces stay in order.
    const delivery = queue.then(async () => {
      const wallet = createWalletClient({ account, transport: http(rpcUrl) })
      const hash = await wallet.sendTransaction({
        chain: null,
        to: session.walletAddress as Hex,
        value: parseEther(session.purchaseAmount),
      })
      await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })
      return hash
    })
    queue = delivery.catch(() => undefined)
    const hash = await delivery
    session.txHash = hash
    session.status = 'delivered'
    await sendWebhook('purchase.completed', session)
    return hash
  }

  const authorized = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? ''
    return header.startsWith('Bearer ') && sameSecret(header.slice(7), options.secret)
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    if (!authorized(request)) return sendJson(response, 401, { message: 'Unauthorized' })
    if (devOnramp.mode === 'down') return sendJson(response, 503, { message: 'Service Unavailable' })
    if (devOnramp.mode === 'garbage')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops')
    if (devOnramp.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, devOnramp.slowMs))
    if (request.method === 'GET' && path === '/v1/options')
      return sendJson(response, 200, {
        purchaseCurrencies: [
          {
            id: 'ETH',
            name: 'Ether',
            symbol: 'ETH',
            networks: [...chains.keys()].map((chainId) => {
              const [name, display] = NETWORK_NAMES[chainId.split(':')[1]!] ?? [chainId, chainId]
              return { name, display_name: display, chain_id: chainId, contract_address: '' }
            }),
          },
        ],
        paymentCurrencies: Object.entries(LIMITS).map(([id, limits]) => ({
          id,
          payment_method_limits: limits,
        })),
      })
    if (request.method !== 'POST') return sendJson(response, 404, { message: 'Not found' })
    let order: Record<string, unknown>
    try {
      order = await readJson(request)
    } catch {
      return sendJson(response, 400, { message: 'The body is not JSON' })
    }
    const quote = quoteOf(order)
    if (typeof quote === 'string') return sendJson(response, 400, { message: quote })
    if (path === '/v1/quotes') return sendJson(response, 200, quote)
    if (path !== '/v1/sessions') return sendJson(response, 404, { message: 'Not found' })
    const { walletAddress, partnerRef } = order
    if (typeof walletAddress !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(walletAddress))
      return sendJson(response, 400, { message: 'walletAddress is not an address' })
    if (typeof partnerRef !== 'string' || partnerRef.length > 64)
      return sendJson(response, 400, { message: 'partnerRef is required' })
    const id = `cs_${randomBytes(12).toString('hex')}`
    sessions.set(id, {
      id,
      face: 'dev',
      purchaseCurrency: 'ETH',
      paymentCurrency: order.paymentCurrency as string,
      paymentMethod: order.paymentMethod as string,
      amount: quote.paymentAmount.amount,
      network: order.network as string,
      walletAddress,
      partnerRef,
      purchaseAmount: quote.purchaseAmount.amount,
      status: 'open',
    })
    return sendJson(response, 200, {
      id,
      checkoutUrl: `${base}/checkout/${id}`,
      purchaseAmount: quote.purchaseAmount,
    })
  }

  const meldAuthorized = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? ''
    return /^basic /i.test(header) && sameSecret(header.slice(6), options.secret)
  }

  /** Meld's API, as its public docs give it (numbers for amounts, its own currency codes). */
  async function meldApi(request: IncomingMessage, response: ServerResponse, path: string) {
    if (!options.meld || !meldAuthorized(request))
      return sendJson(response, 401, { code: 'UNAUTHORIZED', message: 'Invalid credentials' })
    if (devOnramp.mode === 'down') return sendJson(response, 503, { message: 'Service Unavailable' })
    if (devOnramp.mode === 'garbage')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops')
    if (devOnramp.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, devOnramp.slowMs))
    if (request.method === 'GET' && path === '/service-providers/properties/crypto-currencies')
      return sendJson(
        response,
        200,
        [...chains.keys()].map((chainId) => {
          const [, display] = NETWORK_NAMES[chainId.split(':')[1]!] ?? [chainId, chainId]
          return {
            currencyCode: meldCode(chainId),
            name: 'Ethereum',
            chainCode: meldCode(chainId).split('_')[1] ?? 'ETH',
            chainName: display,
            chainId: chainId.split(':')[1],
            contractAddress: null,
            symbolImageUrl: null,
          }
        }),
      )
    if (request.method === 'GET' && path === '/service-providers/limits/fiat-currency-purchases')
      return sendJson(
        response,
        200,
        Object.entries(LIMITS).map(([currencyCode, limits]) => ({
          currencyCode,
          defaultAmount: 100,
          minimumAmount: Number(limits[0]!.min),
          maximumAmount: Number(limits[0]!.max),
        })),
      )
    const transaction = /^\/payments\/transactions\/([A-Za-z0-9]{1,64})$/.exec(path)
    if (request.method === 'GET' && transaction) {
      const session = [...sessions.values()].find((s) => s.transactionId === transaction[1])
      if (!session) return sendJson(response, 404, { code: 'NOT_FOUND', message: 'No such transaction' })
      return sendJson(response, 200, {
        transaction: {
          id: session.transactionId,
          status:
            session.status === 'delivered'
              ? 'SETTLED'
              : session.status === 'cancelled'
                ? 'FAILED'
                : 'PENDING',
          sessionId: session.id,
          externalSessionId: session.partnerRef,
          externalCustomerId: session.externalCustomerId,
          transactionType: 'CRYPTO_PURCHASE',
          serviceProvider: 'DEVONRAMP',
          sourceAmount: Number(session.amount),
          sourceCurrencyCode: session.paymentCurrency,
          destinationAmount: Number(session.purchaseAmount),
          destinationCurrencyCode: meldCode(session.network),
          cryptoDetails: {
            walletAddress: session.walletAddress,
            chainId: session.network.split(':')[1],
            ...(session.txHash ? { blockchainTransactionId: session.txHash } : {}),
          },
        },
      })
    }
    if (request.method !== 'POST') return sendJson(response, 404, { code: 'NOT_FOUND', message: 'Not found' })
    let body: Record<string, unknown>
    try {
      body = await readJson(request)
    } catch {
      return sendJson(response, 400, { code: 'BAD_REQUEST', message: 'The body is not JSON' })
    }
    const data =
      path === '/crypto/session/widget' && typeof body.sessionData === 'object'
        ? (body.sessionData as Record<string, unknown>)
        : body
    const code = data.destinationCurrencyCode
    const network = [...chains.keys()].find((chainId) => meldCode(chainId) === code)
    const method = data.paymentMethodType === 'ACH' ? 'ach_bank_account' : 'card'
    const quote = quoteOf({
      purchaseCurrency: network ? 'ETH' : code,
      network,
      paymentCurrency: data.sourceCurrencyCode,
      paymentMethod: method,
      amount: typeof data.sourceAmount === 'number' ? data.sourceAmount.toFixed(2) : data.sourceAmount,
    })
    if (typeof quote === 'string') return sendJson(response, 400, { code: 'BAD_REQUEST', message: quote })
    if (path === '/payments/crypto/quote')
      return sendJson(response, 200, {
        quotes: [
          {
            transactionType: 'CRYPTO_PURCHASE',
            sourceAmount: Number(quote.paymentAmount.amount),
            sourceAmountWithoutFees:
              Number(quote.paymentAmount.amount) - Number(quote.fees.provider) - Number(quote.fees.network),
            sourceCurrencyCode: quote.paymentAmount.currency,
            countryCode: data.countryCode,
            totalFee: Number(quote.fees.provider) + Number(quote.fees.network),
            networkFee: Number(quote.fees.network),
            transactionFee: Number(quote.fees.provider),
            destinationAmount: Number(quote.purchaseAmount.amount),
            destinationCurrencyCode: code,
            paymentMethodType: data.paymentMethodType ?? 'CARD',
            customerScore: 20,
            serviceProvider: 'DEVONRAMP',
          },
        ],
        message: null,
        error: null,
      })
    if (path !== '/crypto/session/widget' || body.sessionType !== 'BUY')
      return sendJson(response, 404, { code: 'NOT_FOUND', message: 'Not found' })
    const { walletAddress } = data
    if (typeof walletAddress !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(walletAddress))
      return sendJson(response, 400, { code: 'BAD_REQUEST', message: 'walletAddress is not an address' })
    if (typeof body.externalSessionId !== 'string' || body.externalSessionId.length > 64)
      return sendJson(response, 400, { code: 'BAD_REQUEST', message: 'externalSessionId is required' })
    if ([...sessions.values()].some((s) => s.partnerRef === body.externalSessionId))
      return sendJson(response, 400, { code: 'BAD_REQUEST', message: 'externalSessionId must be unique' })
    const id = meldId()
    sessions.set(id, {
      id,
      face: 'meld',
      purchaseCurrency: 'ETH',
      paymentCurrency: quote.paymentAmount.currency,
      paymentMethod: method,
      amount: quote.paymentAmount.amount,
      network: network!,
      walletAddress,
      partnerRef: body.externalSessionId,
      ...(typeof body.externalCustomerId === 'string' ? { externalCustomerId: body.externalCustomerId } : {}),
      purchaseAmount: quote.purchaseAmount.amount,
      status: 'open',
    })
    return sendJson(response, 200, {
      id,
      customerId: 'DevOnrampCustomer',
      externalCustomerId: body.externalCustomerId ?? null,
      externalSessionId: body.externalSessionId,
      token: randomBytes(16).toString('hex'),
      widgetUrl: `${base}/checkout/${id}`,
    })
  }

  const moonpayCode = (chainId: string) => meldCode(chainId).toLowerCase()

  /** MoonPay's API and widget, as its public docs give them. */
  async function moonpayApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const moonpay = options.moonpay
    const path = url.pathname.slice('/moonpay'.length)
    if (!moonpay || url.searchParams.get('apiKey') !== moonpay.publishableKey)
      return sendJson(response, 401, { message: 'Invalid API key', type: 'UnauthorizedError' })
    if (request.method === 'GET' && path === '/buy') {
      // The widget checks the URL's signature: the HMAC of everything before `&signature=`.
      const raw = url.search
      const at = raw.lastIndexOf('&signature=')
      const given = at < 0 ? '' : decodeURIComponent(raw.slice(at + '&signature='.length))
      const expected = createHmac('sha256', options.secret).update(raw.slice(0, at)).digest('base64')
      if (at < 0 || !sameSecret(given, expected))
        return response
          .writeHead(403, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              'Dev Onramp',
              '<p role="alert" data-testid="dev-onramp-bad-signature">The URL signature is invalid.</p>',
            ),
          )
      const code = url.searchParams.get('currencyCode')
      const network = [...chains.keys()].find((chainId) => moonpayCode(chainId) === code)
      const quote = quoteOf({
        purchaseCurrency: network ? 'ETH' : code,
        network,
        paymentCurrency: url.searchParams.get('baseCurrencyCode')?.toUpperCase(),
        paymentMethod: 'card',
        amount: url.searchParams.get('baseCurrencyAmount'),
      })
      const walletAddress = url.searchParams.get('walletAddress') ?? ''
      const ref = url.searchParams.get('externalTransactionId') ?? ''
      if (typeof quote === 'string' || !/^0x[0-9a-fA-F]{40}$/.test(walletAddress) || !ref || ref.length > 64)
        return sendJson(response, 400, {
          message: typeof quote === 'string' ? quote : 'Invalid widget parameters',
        })
      const id = meldId()
      sessions.set(id, {
        id,
        face: 'moonpay',
        purchaseCurrency: 'ETH',
        paymentCurrency: quote.paymentAmount.currency,
        paymentMethod: 'card',
        amount: quote.paymentAmount.amount,
        network: network!,
        walletAddress,
        partnerRef: ref,
        purchaseAmount: quote.purchaseAmount.amount,
        status: 'open',
      })
      return response.writeHead(303, { location: `/checkout/${id}` }).end()
    }
    if (devOnramp.mode === 'down') return sendJson(response, 503, { message: 'Service Unavailable' })
    if (request.method !== 'GET') return sendJson(response, 404, { message: 'Not found' })
    if (path === '/v3/currencies')
      return sendJson(response, 200, [
        ...[...chains.keys()].map((chainId) => {
          const [name] = NETWORK_NAMES[chainId.split(':')[1]!] ?? [chainId]
          return {
            id: moonpayCode(chainId),
            type: 'crypto',
            code: moonpayCode(chainId),
            name: 'Ethereum',
            isSuspended: false,
            metadata: { chainId: chainId.split(':')[1], networkCode: name, contractAddress: null },
          }
        }),
        ...Object.entries(LIMITS).map(([code, limits]) => ({
          id: code.toLowerCase(),
          type: 'fiat',
          code: code.toLowerCase(),
          name: code,
          minBuyAmount: Number(limits[0]!.min),
          maxBuyAmount: Number(limits[0]!.max),
        })),
      ])
    const match = /^\/v3\/currencies\/([a-z0-9_]{1,32})\/buy_quote$/.exec(path)
    if (!match) return sendJson(response, 404, { message: 'Not found' })
    const network = [...chains.keys()].find((chainId) => moonpayCode(chainId) === match[1])
    const quote = quoteOf({
      purchaseCurrency: network ? 'ETH' : match[1],
      network,
      paymentCurrency: url.searchParams.get('baseCurrencyCode')?.toUpperCase(),
      paymentMethod:
        url.searchParams.get('paymentMethod') === 'ach_bank_transfer' ? 'ach_bank_account' : 'card',
      amount: url.searchParams.get('baseCurrencyAmount'),
    })
    if (typeof quote === 'string') return sendJson(response, 400, { message: quote, type: 'BadRequestError' })
    return sendJson(response, 200, {
      baseCurrencyCode: quote.paymentAmount.currency.toLowerCase(),
      baseCurrencyAmount:
        Number(quote.paymentAmount.amount) - Number(quote.fees.provider) - Number(quote.fees.network),
      quoteCurrencyCode: match[1],
      quoteCurrencyAmount: Number(quote.purchaseAmount.amount),
      feeAmount: Number(quote.fees.provider),
      extraFeeAmount: 0,
      networkFeeAmount: Number(quote.fees.network),
      totalAmount: Number(quote.paymentAmount.amount),
      paymentMethod: url.searchParams.get('paymentMethod'),
    })
  }

  // Transak's partner access token: a new one invalidates the previous one.
  let transakToken = randomBytes(24).toString('base64url')
  const transakWidgets = new Map<string, Record<string, unknown>>()

  /** Transak's API, gateway and widget, as its public docs give them. */
  async function transakApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const transak = options.transak
    const path = url.pathname.slice('/transak'.length)
    if (!transak) return sendJson(response, 404, { message: 'Not found' })
    if (devOnramp.mode === 'down') return sendJson(response, 503, { message: 'Service Unavailable' })
    if (request.method === 'GET' && path === '/widget') {
      const params = transakWidgets.get(url.searchParams.get('sessionId') ?? '')
      transakWidgets.delete(url.searchParams.get('sessionId') ?? '')
      if (!params) return sendJson(response, 403, { message: 'The widget URL is invalid or was used' })
      const network = [...chains.keys()].find(
        (chainId) => (NETWORK_NAMES[chainId.split(':')[1]!]?.[0] ?? '') === params.network,
      )
      const quote = quoteOf({
        purchaseCurrency: params.cryptoCurrencyCode,
        network,
        paymentCurrency: params.fiatCurrency,
        paymentMethod: 'card',
        amount: params.fiatAmount,
      })
      if (typeof quote === 'string') return sendJson(response, 400, { message: quote })
      const id = meldId()
      sessions.set(id, {
        id,
        face: 'transak',
        purchaseCurrency: 'ETH',
        paymentCurrency: quote.paymentAmount.currency,
        paymentMethod: 'card',
        amount: quote.paymentAmount.amount,
        network: network!,
        walletAddress: params.walletAddress as string,
        partnerRef: params.partnerOrderId as string,
        purchaseAmount: quote.purchaseAmount.amount,
        status: 'open',
      })
      return response.writeHead(303, { location: `/checkout/${id}` }).end()
    }
    if (request.method === 'POST' && path === '/partners/api/v2/refresh-token') {
      const body = await readJson(request).catch(() => ({}) as Record<string, unknown>)
      if (
        !sameSecret(String(request.headers['api-secret'] ?? ''), options.secret) ||
        body.apiKey !== transak.apiKey
      )
        return sendJson(response, 401, { error: { statusCode: 401, message: 'Invalid API secret' } })
      transakToken = randomBytes(24).toString('base64url')
      return sendJson(response, 200, {
        data: { accessToken: transakToken, expiresAt: Math.floor(Date.now() / 1000) + 7 * 86400 },
      })
    }
    if (request.method === 'POST' && path === '/api/v2/auth/session') {
      if (!sameSecret(String(request.headers['access-token'] ?? ''), transakToken))
        return sendJson(response, 401, { error: { statusCode: 401, message: 'Invalid access token' } })
      const body = await readJson(request).catch(() => ({}) as Record<string, unknown>)
      const params = (body.widgetParams ?? {}) as Record<string, unknown>
      if (
        params.apiKey !== transak.apiKey ||
        typeof params.walletAddress !== 'string' ||
        !/^0x[0-9a-fA-F]{40}$/.test(params.walletAddress) ||
        typeof params.partnerOrderId !== 'string' ||
        typeof params.referrerDomain !== 'string'
      )
        return sendJson(response, 400, { error: { statusCode: 400, message: 'Invalid widgetParams' } })
      const sessionId = randomBytes(12).toString('hex')
      transakWidgets.set(sessionId, params)
      return sendJson(response, 200, {
        data: { widgetUrl: `${base}/transak/widget?apiKey=${transak.apiKey}&sessionId=${sessionId}` },
      })
    }
    if (request.method !== 'GET') return sendJson(response, 404, { message: 'Not found' })
    if (path === '/api/v2/currencies/crypto-currencies')
      return sendJson(response, 200, {
        response: [...chains.keys()].map((chainId) => ({
          symbol: 'ETH',
          name: 'Ethereum',
          address: '0x0000000000000000000000000000000000000000',
          isAllowed: true,
          isSuspended: false,
          decimals: 18,
          network: {
            name: NETWORK_NAMES[chainId.split(':')[1]!]?.[0] ?? chainId,
            chainId: chainId.split(':')[1],
          },
        })),
      })
    if (path === '/api/v2/currencies/fiat-currencies')
      return sendJson(response, 200, {
        response: Object.entries(LIMITS).map(([symbol, limits]) => ({
          symbol,
          name: symbol,
          isAllowed: true,
          paymentOptions: [
            {
              id: 'credit_debit_card',
              name: 'Card Payment',
              isActive: true,
              minAmount: Number(limits[0]!.min),
              maxAmount: Number(limits[0]!.max),
            },
          ],
        })),
      })
    if (path === '/api/v1/pricing/public/quotes') {
      if (url.searchParams.get('partnerApiKey') !== transak.apiKey)
        return sendJson(response, 401, { message: 'Invalid API key' })
      const name = url.searchParams.get('network')
      const network = [...chains.keys()].find(
        (chainId) => (NETWORK_NAMES[chainId.split(':')[1]!]?.[0] ?? '') === name,
      )
      const quote = quoteOf({
        purchaseCurrency: url.searchParams.get('cryptoCurrency'),
        network,
        paymentCurrency: url.searchParams.get('fiatCurrency'),
        paymentMethod: 'card',
        amount: url.searchParams.get('fiatAmount'),
      })
      if (typeof quote === 'string')
        return sendJson(response, 400, { error: { statusCode: 400, message: quote } })
      return sendJson(response, 200, {
        response: {
          fiatCurrency: quote.paymentAmount.currency,
          cryptoCurrency: 'ETH',
          fiatAmount: Number(quote.paymentAmount.amount),
          cryptoAmount: Number(quote.purchaseAmount.amount),
          isBuyOrSell: 'BUY',
          network: name,
          totalFee: Number(quote.fees.provider) + Number(quote.fees.network),
          feeBreakdown: [
            {
              name: 'Transak fee',
              value: Number(quote.fees.provider),
              id: 'transak_fee',
              ids: ['transak_fee'],
            },
            {
              name: 'Network/Exchange fee',
              value: Number(quote.fees.network),
              id: 'network_fee',
              ids: ['network_fee'],
            },
          ],
        },
      })
    }
    return sendJson(response, 404, { message: 'Not found' })
  }

  const coinbaseTokens = new Map<string, { walletAddress: string; network: string }>()
  const coinbaseNetworkIds: Record<string, string> = {
    ethereum: '1',
    base: '8453',
    optimism: '10',
    arbitrum: '42161',
  }

  /** Coinbase Onramp's API and hosted checkout, as its public docs give them. */
  async function coinbaseApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const coinbase = options.coinbase
    const path = url.pathname.slice('/coinbase'.length)
    if (!coinbase) return sendJson(response, 404, { message: 'Not found' })
    if (request.method === 'GET' && path === '/buy/select-asset') {
      // The session token is single-use and names the wallet and network.
      const token = coinbaseTokens.get(url.searchParams.get('sessionToken') ?? '')
      coinbaseTokens.delete(url.searchParams.get('sessionToken') ?? '')
      const ref = url.searchParams.get('partnerUserRef') ?? ''
      const quote = token
        ? quoteOf({
            purchaseCurrency: url.searchParams.get('defaultAsset'),
            network: token.network,
            paymentCurrency: url.searchParams.get('fiatCurrency'),
            paymentMethod:
              url.searchParams.get('defaultPaymentMethod') === 'ACH_BANK_ACCOUNT'
                ? 'ach_bank_account'
                : 'card',
            amount: url.searchParams.get('presetFiatAmount'),
          })
        : 'The session token is invalid or was used'
      if (typeof quote === 'string' || !token || !ref || ref.length > 64)
        return response
          .writeHead(403, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              'Dev Onramp',
              `<p role="alert">${escapeHtml(typeof quote === 'string' ? quote : 'Invalid parameters')}</p>`,
            ),
          )
      const id = meldId()
      sessions.set(id, {
        id,
        face: 'coinbase',
        purchaseCurrency: 'ETH',
        paymentCurrency: quote.paymentAmount.currency,
        paymentMethod: 'card',
        amount: quote.paymentAmount.amount,
        network: token.network,
        walletAddress: token.walletAddress,
        partnerRef: ref,
        purchaseAmount: quote.purchaseAmount.amount,
        status: 'open',
      })
      return response.writeHead(303, { location: `/checkout/${id}` }).end()
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '')
    try {
      const { payload } = await jwtVerify(bearer, coinbase.publicKey, {
        issuer: 'cdp',
        subject: coinbase.keyId,
      })
      if (payload.uri !== `${request.method} ${request.headers.host}${url.pathname}`) throw new Error('uri')
      if (
        typeof payload.nbf !== 'number' ||
        typeof payload.exp !== 'number' ||
        payload.exp - payload.nbf > 120
      )
        throw new Error('lifetime')
    } catch {
      return sendJson(response, 401, { errorType: 'unauthorized', errorMessage: 'Unauthorized' })
    }
    if (devOnramp.mode === 'down') return sendJson(response, 503, { errorMessage: 'Service Unavailable' })
    if (request.method === 'GET' && path === '/onramp/v1/buy/options')
      return sendJson(response, 200, {
        payment_currencies: Object.entries(LIMITS).map(([id, limits]) => ({
          id,
          limits: limits.map((l) => ({
            id: l.id === 'card' ? 'CARD' : 'ACH_BANK_ACCOUNT',
            min: l.min,
            max: l.max,
          })),
        })),
        purchase_currencies: [
          {
            id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
            name: 'Ethereum',
            symbol: 'ETH',
            networks: [...chains.keys()].flatMap((chainId) => {
              const name = Object.entries(coinbaseNetworkIds).find(
                ([, id]) => `eip155:${id}` === chainId,
              )?.[0]
              return name
                ? [
                    {
                      name,
                      display_name: NETWORK_NAMES[chainId.split(':')[1]!]?.[1] ?? name,
                      chain_id: chainId.split(':')[1],
                      contract_address: '',
                    },
                  ]
                : []
            }),
          },
        ],
      })
    if (request.method !== 'POST') return sendJson(response, 404, { errorMessage: 'Not found' })
    let body: Record<string, unknown>
    try {
      body = await readJson(request)
    } catch {
      return sendJson(response, 400, { errorMessage: 'The body is not JSON' })
    }
    if (path === '/onramp/v1/buy/quote') {
      const quote = quoteOf({
        purchaseCurrency: body.purchaseCurrency,
        network: `eip155:${coinbaseNetworkIds[body.purchaseNetwork as string] ?? '0'}`,
        paymentCurrency: body.paymentCurrency,
        paymentMethod: body.paymentMethod === 'ACH_BANK_ACCOUNT' ? 'ach_bank_account' : 'card',
        amount: body.paymentAmount,
      })
      if (typeof quote === 'string') return sendJson(response, 400, { errorMessage: quote })
      const fiat = (value: string) => ({ value, currency: quote.paymentAmount.currency })
      return sendJson(response, 200, {
        payment_total: fiat(quote.paymentAmount.amount),
        payment_subtotal: fiat(
          (
            Number(quote.paymentAmount.amount) -
            Number(quote.fees.provider) -
            Number(quote.fees.network)
          ).toFixed(2),
        ),
        purchase_amount: { value: quote.purchaseAmount.amount, currency: 'ETH' },
        coinbase_fee: fiat(quote.fees.provider),
        network_fee: fiat(quote.fees.network),
        quote_id: randomUUID(),
      })
    }
    if (path !== '/onramp/v1/token') return sendJson(response, 404, { errorMessage: 'Not found' })
    const [address] = Array.isArray(body.addresses)
      ? (body.addresses as { address?: unknown; blockchains?: unknown }[])
      : []
    const network = Array.isArray(address?.blockchains)
      ? coinbaseNetworkIds[address.blockchains[0] as string]
      : undefined
    if (
      typeof address?.address !== 'string' ||
      !/^0x[0-9a-fA-F]{40}$/.test(address.address) ||
      !network ||
      typeof body.clientIp !== 'string'
    )
      return sendJson(response, 400, { errorMessage: 'addresses and clientIp are required' })
    const token = randomBytes(24).toString('base64url')
    coinbaseTokens.set(token, { walletAddress: address.address, network: `eip155:${network}` })
    return sendJson(response, 200, { token, channel_id: '' })
  }

  function checkout(session: DevOnrampSession, note?: string) {
    const [, network] = NETWORK_NAMES[session.network.split(':')[1]!] ?? ['', session.network]
    const order = `<p>Buy <strong data-testid="dev-onramp-receive">${escapeHtml(session.purchaseAmount)} ETH</strong> on ${escapeHtml(network)} for <strong data-testid="dev-onramp-amount">${escapeHtml(session.amount)} ${escapeHtml(session.paymentCurrency)}</strong> (${escapeHtml(session.paymentMethod)}).</p><p>To <code>${escapeHtml(session.walletAddress)}</code></p>`
    if (session.status === 'delivered')
      return page(
        'Dev Onramp',
        `<h1>Dev Onramp</h1>${order}<p role="status" data-testid="dev-onramp-done">Paid. ${escapeHtml(session.purchaseAmount)} ETH sent in <code>${escapeHtml(session.txHash ?? '')}</code>. You can close this window.</p>`,
      )
    if (session.status === 'cancelled')
      return page(
        'Dev Onramp',
        `<h1>Dev Onramp</h1><p role="status" data-testid="dev-onramp-cancelled">Purchase cancelled. You can close this window.</p>`,
      )
    return page(
      'Dev Onramp',
      `<h1>Dev Onramp</h1><p>A test checkout: no money moves.</p>${order}${note ? `<p role="alert">${escapeHtml(note)}</p>` : ''}<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form><form method="post" action="/checkout/${session.id}/cancel"><button type="submit">Cancel</button></form>`,
    )
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname.startsWith('/v1/')) return api(request, response, url.pathname)
    if (url.pathname.startsWith('/meld/')) return meldApi(request, response, url.pathname.slice(5))
    if (url.pathname.startsWith('/moonpay/')) return moonpayApi(request, response, url)
    if (url.pathname.startsWith('/coinbase/')) return coinbaseApi(request, response, url)
    if (url.pathname.startsWith('/transak/')) return transakApi(request, response, url)
    const match = /^\/checkout\/([A-Za-z0-9_]{8,64})(?:\/(pay|cancel))?$/.exec(url.pathname)
    const session = match ? sessions.get(match[1]!) : undefined
    if (!session) return sendJson(response, 404, { message: 'No such checkout' })
    const html = (body: string) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(body)
    if (request.method === 'GET' && !match![2]) return html(checkout(session))
    if (request.method !== 'POST') return sendJson(response, 405, { message: 'Method not allowed' })
    if (match![2] === 'cancel' && session.status === 'open') {
      session.status = 'cancelled'
      await sendWebhook('purchase.failed', session)
    } else if (match![2] === 'pay' && session.status === 'open') {
      try {
        await pay(session.id)
      } catch (error) {
        return html(checkout(session, `Delivery failed: ${(error as Error).message.slice(0, 200)}`))
      }
    }
    return response.writeHead(303, { location: `/checkout/${session.id}` }).end()
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal error' })
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const devOnramp: DevOnramp = {
    url: base,
    signatureHeader: 'dev-onramp-signature',
    mode: 'ok',
    slowMs: 10_000,
    sessions,
    webhooks: [],
    pay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return devOnramp
}
