import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify'
import { isAddress } from 'viem'
import { atRestContext } from '../at-rest.js'
import type { KeyRing } from '../embedded/keys.js'
import { featureSetting } from '../features.js'
import { sendError } from '../http/errors.js'
import { errorResponse, projectQuery } from '../http/schemas.js'
import type { LimitStore } from '../limits/store.js'
import type { OnrampRepository } from '../storage/onramp.js'
import type { Project } from '../storage/types.js'
import { isOnrampProvider, onrampAdapters } from './adapters.js'
import { credentialsOf } from './credentials.js'
import {
  type OnrampOptions,
  type OnrampOrder,
  type OnrampProviderClient,
  ProviderError,
  type ProviderEvent,
  WebhookError,
} from './provider.js'
import { limitProblem, mergeOptions, onrampNetworkPattern, sellsOn } from './shapes.js'

/** Bounds of the on-ramp routes. */
export interface OnrampLimits {
  /** How long a provider may take to answer (default 5000 ms). */
  timeoutMs: number
  /** How long a provider's currency list is reused (default 60 s). */
  optionsCacheMs: number
  /** Checkout sessions one client may create per window (default 20 per 10 minutes). */
  sessionsPerWindow: number
  sessionWindowMs: number
}

export const defaultOnrampLimits: OnrampLimits = {
  timeoutMs: 5_000,
  optionsCacheMs: 60_000,
  sessionsPerWindow: 20,
  sessionWindowMs: 10 * 60_000,
}

const name = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,32}$' } as const
const orderProperties = {
  purchaseCurrency: name,
  paymentCurrency: { type: 'string', pattern: '^[A-Z]{3}$' },
  paymentMethod: name,
  // What the visitor pays, fees included: a decimal with at most two places.
  amount: { type: 'string', pattern: '^[0-9]{1,9}(?:\\.[0-9]{1,2})?$' },
  network: { type: 'string', pattern: onrampNetworkPattern.source },
} as const
const orderFields = ['purchaseCurrency', 'paymentCurrency', 'paymentMethod', 'amount', 'network'] as const

const amount = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency'],
  properties: { amount: { type: 'string' }, currency: { type: 'string' } },
} as const

const quotesResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['quotes', 'errors'],
  properties: {
    quotes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['provider', 'purchaseAmount', 'paymentAmount', 'fees'],
        properties: {
          provider: { type: 'string' },
          purchaseAmount: amount,
          paymentAmount: amount,
          fees: {
            type: 'object',
            additionalProperties: false,
            required: ['provider', 'network'],
            properties: { provider: { type: 'string' }, network: { type: 'string' } },
          },
        },
      },
    },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['provider', 'error', 'message'],
        properties: { provider: { type: 'string' }, error: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const

const eip155Address = /^0x[0-9a-fA-F]{40}$/
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The address as stored and looked up: EVM addresses in lower case, Solana's as they are. */
function walletAddressOf(network: string, address: string): string | undefined {
  if (network.startsWith('eip155:'))
    return eip155Address.test(address) && isAddress(address) ? address.toLowerCase() : undefined
  return solanaAddress.test(address) ? address : undefined
}

type Provider = { provider: string; client: OnrampProviderClient }

/**
 * The on-ramp ("Buy"): `GET /onramp/v1/options` (spec §7: purchaseCurrencies and
 * paymentCurrencies, over the project's providers), `GET /onramp/v1/quotes` (one quote per
 * provider, or that provider's error beside the others'), `POST /onramp/v1/sessions` (the
 * provider's checkout session, created with the project's sealed secret; only its URL goes back),
 * `POST /onramp/v1/webhooks/:provider/:projectId` (the provider's signed events, applied once) and
 * `GET /onramp/v1/purchases` (an address's purchases, for Activity).
 */
export function registerOnrampRoutes(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    repository: OnrampRepository
    keys: KeyRing
    store: LimitStore
    limits: OnrampLimits
  },
): void {
  const { repository, keys, limits } = options
  const cache = new Map<string, { expiresAt: number; value: Promise<OnrampOptions> }>()

  const credentialsOfRow = async (
    projectId: string,
    row: { provider: string; apiUrl: string; sealedSecret: string },
  ) =>
    credentialsOf(
      row.apiUrl,
      (await keys.decrypt(row.sealedSecret, atRestContext.onrampSecret(projectId, row.provider))).toString(
        'utf8',
      ),
    )

  /** The project's providers: those configured, and named in the `onramp` feature's list when it has one. */
  async function providersOf(project: Project): Promise<Provider[]> {
    const setting = featureSetting(project, 'onramp')
    const listed =
      Array.isArray(setting.config) && setting.config.length > 0 ? (setting.config as string[]) : undefined
    const rows = (await repository.listProviders(project.id)).filter(
      (row) => isOnrampProvider(row.provider) && (listed?.includes(row.provider) ?? true),
    )
    return Promise.all(
      rows.map(async (row) => ({
        provider: row.provider,
        client: onrampAdapters[row.provider]!.client(
          await credentialsOfRow(project.id, row),
          limits.timeoutMs,
        ),
      })),
    )
  }

  /** A provider's currencies, reused for a while; a failure is not kept. */
  function optionsOf(projectId: string, { provider, client }: Provider): Promise<OnrampOptions> {
    const key = `${projectId}\n${provider}`
    const now = Date.now()
    const hit = cache.get(key)
    if (hit && hit.expiresAt > now) return hit.value
    if (cache.size >= 1000) cache.clear()
    const value = client.options()
    cache.set(key, { expiresAt: now + limits.optionsCacheMs, value })
    value.catch(() => cache.delete(key))
    return value
  }

  /** The project's providers, or the reply that says why there are none. */
  async function enabledProviders(project: Project, reply: FastifyReply): Promise<Provider[] | undefined> {
    if (!featureSetting(project, 'onramp').isEnabled) {
      sendError(reply, 403, 'onramp_disabled', `On-ramp is turned off for project "${project.id}"`)
      return undefined
    }
    const providers = await providersOf(project)
    if (providers.length === 0) {
      sendError(
        reply,
        400,
        'onramp_unavailable',
        `Project "${project.id}" has no on-ramp provider: set one with \`latch-server project set-onramp\``,
      )
      return undefined
    }
    return providers
  }

  const errorOf = (error: unknown) =>
    error instanceof ProviderError
      ? {
          error: `provider_${error.reason}`,
          message: error.reason === 'refused' ? error.message : 'The provider is unavailable',
        }
      : { error: 'provider_unavailable', message: 'The provider is unavailable' }

  app.get(
    '/onramp/v1/options',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: projectQuery,
        response: { 400: errorResponse, 403: errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) => {
      const providers = await enabledProviders(request.project!, reply)
      if (!providers) return reply
      const settled = await Promise.allSettled(providers.map((p) => optionsOf(request.project!.id, p)))
      const answered = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
      for (const [i, s] of settled.entries())
        if (s.status === 'rejected')
          request.log.warn(
            { provider: providers[i]?.provider, err: (s.reason as Error).message },
            'on-ramp options failed',
          )
      if (answered.length === 0)
        return sendError(reply, 502, 'onramp_unavailable', 'No on-ramp provider answers')
      return mergeOptions(answered)
    },
  )

  app.get(
    '/onramp/v1/quotes',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: {
          ...projectQuery,
          required: ['projectId', ...orderFields],
          properties: { ...projectQuery.properties, ...orderProperties },
        },
        response: { 200: quotesResponse, 400: errorResponse, 403: errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) => {
      const order = pickOrder(request.query as OnrampOrder)
      const projectId = request.project!.id
      const providers = await enabledProviders(request.project!, reply)
      if (!providers) return reply
      const settled = await Promise.allSettled(providers.map((p) => optionsOf(projectId, p)))
      const known = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
      if (known.length === 0)
        return sendError(reply, 502, 'onramp_unavailable', 'No on-ramp provider answers')
      // Outside every provider's limits: one clear refusal rather than a list of the same error.
      const problem = limitProblem(mergeOptions(known), order)
      if (problem) return sendError(reply, 400, problem.code, problem.message)
      const answers = await Promise.all(
        providers.map(async (p, i) => {
          const s = settled[i]!
          if (s.status === 'rejected') return { provider: p.provider, ...errorOf(s.reason) }
          if (!sellsOn(s.value, order.purchaseCurrency, order.network))
            return {
              provider: p.provider,
              error: 'unsupported_currency',
              message: `${order.purchaseCurrency} on ${order.network} is not offered`,
            }
          const own = limitProblem(s.value, order)
          if (own) return { provider: p.provider, error: own.code, message: own.message }
          try {
            return { provider: p.provider, quote: await p.client.quote(order) }
          } catch (error) {
            request.log.warn({ provider: p.provider, err: (error as Error).message }, 'on-ramp quote failed')
            return { provider: p.provider, ...errorOf(error) }
          }
        }),
      )
      return {
        quotes: answers.flatMap((a) =>
          'quote' in a && a.quote ? [{ provider: a.provider, ...a.quote }] : [],
        ),
        errors: answers.flatMap((a) =>
          'error' in a ? [{ provider: a.provider, error: a.error, message: a.message }] : [],
        ),
      }
    },
  )

  app.post(
    '/onramp/v1/sessions',
    {
      preHandler: options.requireProject,
      bodyLimit: 4096,
      schema: {
        querystring: projectQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['provider', 'address', ...orderFields],
          properties: { provider: name, address: { type: 'string', maxLength: 64 }, ...orderProperties },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['purchaseId', 'provider', 'checkoutUrl'],
            properties: {
              purchaseId: { type: 'string' },
              provider: { type: 'string' },
              checkoutUrl: { type: 'string' },
            },
          },
          400: errorResponse,
          403: errorResponse,
          429: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as OnrampOrder & { provider: string; address: string }
      const order = pickOrder(body)
      const project = request.project!
      const providers = await enabledProviders(project, reply)
      if (!providers) return reply
      const chosen = providers.find((p) => p.provider === body.provider)
      if (!chosen)
        return sendError(
          reply,
          400,
          'unknown_provider',
          `No on-ramp provider "${body.provider}" for this project`,
        )
      const address = walletAddressOf(order.network, body.address)
      if (address === undefined)
        return sendError(reply, 400, 'invalid_address', `The address is not an address on ${order.network}`)
      const hit = await options.store.increment(`onramp-session:${request.ip}`, limits.sessionWindowMs)
      if (hit.count > limits.sessionsPerWindow) {
        const retryAfter = Math.max(1, Math.ceil(hit.resetMs / 1000))
        reply.header('retry-after', retryAfter)
        return sendError(reply, 429, 'rate_limited', `Please try again after ${retryAfter} seconds`)
      }
      let currencies: OnrampOptions
      try {
        currencies = await optionsOf(project.id, chosen)
      } catch (error) {
        return sendError(reply, 502, 'provider_unavailable', errorOf(error).message)
      }
      if (!sellsOn(currencies, order.purchaseCurrency, order.network))
        return sendError(
          reply,
          400,
          'unsupported_currency',
          `${order.purchaseCurrency} on ${order.network} is not offered`,
        )
      const problem = limitProblem(currencies, order)
      if (problem) return sendError(reply, 400, problem.code, problem.message)
      const purchaseId = randomBytes(16).toString('base64url')
      await repository.createPurchase({
        id: purchaseId,
        projectId: project.id,
        provider: chosen.provider,
        address,
        chainId: order.network,
        purchaseCurrency: order.purchaseCurrency,
        purchaseAmount: '0',
        paymentCurrency: order.paymentCurrency,
        paymentAmount: order.amount,
        status: 'pending',
      })
      try {
        const session = await chosen.client.createSession({
          ...order,
          walletAddress: body.address,
          partnerRef: purchaseId,
          clientIp: request.ip,
          origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
        })
        await repository.setProviderRef(purchaseId, session.id, session.purchaseAmount.amount)
        return { purchaseId, provider: chosen.provider, checkoutUrl: session.checkoutUrl }
      } catch (error) {
        await repository.deletePurchase(purchaseId)
        request.log.warn(
          { provider: chosen.provider, err: (error as Error).message },
          'on-ramp session failed',
        )
        return sendError(reply, 502, errorOf(error).error, errorOf(error).message)
      }
    },
  )

  app.get(
    '/onramp/v1/purchases',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: {
          ...projectQuery,
          required: ['projectId', 'address', 'chainId'],
          properties: {
            ...projectQuery.properties,
            address: { type: 'string', maxLength: 64 },
            chainId: { type: 'string', pattern: onrampNetworkPattern.source },
          },
        },
        response: { 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { address, chainId } = request.query as { address: string; chainId: string }
      const wallet = walletAddressOf(chainId, address)
      if (wallet === undefined)
        return sendError(reply, 400, 'invalid_address', `The address is not an address on ${chainId}`)
      const rows = await repository.listPurchases(request.project!.id, chainId, wallet, 20)
      // What the chain shows anyway (amount, hash) and the status; never what was paid.
      return {
        data: rows.map((p) => ({
          id: p.id,
          provider: p.provider,
          status: p.status,
          purchaseAmount: { amount: p.purchaseAmount, currency: p.purchaseCurrency },
          chainId: p.chainId,
          txHash: p.txHash,
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
        })),
      }
    },
  )

  // The webhook reads its body as text: the signature is over the exact bytes the provider sent.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, body),
    )
    scope.post(
      '/onramp/v1/webhooks/:provider/:projectId',
      {
        schema: {
          params: {
            type: 'object',
            required: ['provider', 'projectId'],
            properties: { provider: name, projectId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
          },
          response: { 400: errorResponse, 401: errorResponse, 404: errorResponse, 503: errorResponse },
        },
      },
      async (request, reply) => {
        const { provider, projectId } = request.params as { provider: string; projectId: string }
        const unknown = () => sendError(reply, 404, 'unknown_purchase', 'No such purchase')
        if (!isOnrampProvider(provider) || typeof request.body !== 'string') return unknown()
        const row = (await repository.listProviders(projectId)).find((r) => r.provider === provider)
        if (!row) return unknown()
        let event: ProviderEvent | null
        try {
          event = await onrampAdapters[provider]!.verifyWebhook(
            {
              rawBody: request.body,
              headers: request.headers,
              // The URL the provider sent it to (Meld signs it): as this server was reached.
              url: `${request.protocol}://${request.host}${request.url}`,
            },
            await credentialsOfRow(projectId, row),
            Math.floor(Date.now() / 1000),
            limits.timeoutMs,
          )
        } catch (error) {
          if (!(error instanceof WebhookError)) throw error
          request.log.warn({ provider, reason: error.reason }, 'on-ramp webhook refused')
          if (error.reason === 'bad_signature') return sendError(reply, 401, 'bad_signature', error.message)
          if (error.reason === 'unavailable')
            return sendError(reply, 503, 'provider_unavailable', error.message)
          return sendError(reply, 400, 'invalid_event', error.message)
        }
        // An event about no purchase (a provider's test ping): received, nothing to do.
        if (event === null) return { received: true, result: 'ignored' }
        const purchase = await repository.getPurchase(event.partnerRef)
        if (
          !purchase ||
          purchase.projectId !== projectId ||
          purchase.provider !== provider ||
          purchase.providerRef !== event.sessionId
        )
          return unknown()
        const result = await repository.applyEvent({
          provider,
          eventId: event.eventId,
          purchaseId: purchase.id,
          status: event.status,
          txHash: event.txHash,
          purchaseAmount: event.purchaseAmount?.amount,
        })
        return { received: true, result }
      },
    )
  })
}

/** The order's fields only, whatever else the query carried. */
function pickOrder(input: OnrampOrder): OnrampOrder {
  return {
    purchaseCurrency: input.purchaseCurrency,
    paymentCurrency: input.paymentCurrency,
    paymentMethod: input.paymentMethod,
    amount: input.amount,
    network: input.network,
  }
}
