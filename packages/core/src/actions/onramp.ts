import { createHttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import {
  type OnrampOptions,
  type OnrampPurchase,
  type OnrampQuotes,
  type OnrampSession,
  parseOnrampOptions,
  parseOnrampPurchases,
  parseOnrampQuotes,
  parseOnrampSession,
} from '../rules/onramp.js'
import type { CaipNetwork } from '../types.js'

/** An on-ramp order: what to buy on which network, paid how much in what, by which method. */
export interface OnrampOrder {
  purchaseCurrency: string
  paymentCurrency: string
  paymentMethod: string
  /** What the visitor pays, fees included: a decimal with at most two places. */
  amount: string
  /** CAIP-2. */
  network: string
}

const clientOf = (latch: Latch) => {
  const { apiUrl, projectId } = latch.options
  if (!apiUrl) throw new Error('Buying needs the app’s server (apiUrl).')
  return createHttpClient({ baseUrl: apiUrl, projectId, retries: 0 })
}

/** The currencies the project's providers sell and take (spec §7 on-ramp options), checked. */
export async function fetchOnrampOptions(latch: Latch, signal?: AbortSignal): Promise<OnrampOptions> {
  return parseOnrampOptions(await clientOf(latch).get('/onramp/v1/options', { signal }))
}

/** What a quote request resolves to: the providers' quotes and errors, or none and why. */
export type OnrampQuoteResult =
  | (OnrampQuotes & { message?: undefined })
  | { quotes: null; errors: OnrampQuotes['errors']; message: string }

/**
 * Each provider's quote for the order (spec §7: purchaseCurrency, paymentCurrency, amount,
 * network), with the providers that could not quote beside them. A failure of the whole request
 * never throws: spec §8, the message is kept and the quote is null.
 */
export async function fetchOnrampQuotes(
  latch: Latch,
  order: OnrampOrder,
  signal?: AbortSignal,
): Promise<OnrampQuoteResult> {
  try {
    const body = await clientOf(latch).get('/onramp/v1/quotes', { params: { ...order }, signal })
    const result = parseOnrampQuotes(body)
    if (result.quotes.length > 0) return result
    return { quotes: null, errors: result.errors, message: result.errors[0]?.message ?? 'Quote unavailable' }
  } catch (error) {
    if (signal?.aborted) throw error
    const said = (error as { serverMessage?: unknown }).serverMessage
    return { quotes: null, errors: [], message: typeof said === 'string' ? said : 'Quote unavailable' }
  }
}

/**
 * Creates the provider's checkout session on the app's server (which calls the provider with the
 * project's secret): resolves the checkout page's URL, an http(s) URL only.
 */
export async function createOnrampSession(
  latch: Latch,
  order: OnrampOrder & { provider: string; address: string },
): Promise<OnrampSession> {
  return parseOnrampSession(await clientOf(latch).post('/onramp/v1/sessions', { body: order }))
}

/**
 * Query options for what the project's on-ramp providers sell (one read for the Account view's
 * Buy button and the Buy view's form, kept a minute).
 */
export function onrampOptionsQueryOptions(latch: Latch) {
  return {
    queryKey: ['latch', 'onrampOptions'] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchOnrampOptions(latch, signal),
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  } as const
}

/**
 * Query options for the account's on-ramp purchases on its network (for Activity and the Buy
 * view's wait): pending, then completed with the delivery's hash.
 */
export function onrampPurchasesQueryOptions(
  latch: Latch,
  parameters: { address: string; caipNetwork: CaipNetwork },
) {
  const { address, caipNetwork } = parameters
  return {
    queryKey: ['latch', 'onrampPurchases', { caipNetworkId: caipNetwork.caipNetworkId, address }] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<OnrampPurchase[]> => {
      const body = await clientOf(latch).get('/onramp/v1/purchases', {
        params: { address, chainId: caipNetwork.caipNetworkId },
        signal,
      })
      return parseOnrampPurchases(body)
    },
    retry: false,
    refetchOnWindowFocus: false,
    enabled:
      address.length > 0 && Boolean(latch.options.apiUrl) && latch.store.getState().remote.features.onramp,
  } as const
}

/**
 * After a purchase settles: the account's balance, tokens, transactions and purchases are read
 * again, so what was delivered shows at once.
 */
export async function refreshAfterPurchase(latch: Latch): Promise<void> {
  const { queryClientOf } = await import('../query/client.js')
  const client = queryClientOf(latch)
  // The native balance too: the Account view observes its query, which reads it again.
  for (const key of ['balance', 'transactions', 'tokenBalances', 'onrampPurchases'])
    await client.invalidateQueries({ queryKey: ['latch', key] }).catch(() => undefined)
}
