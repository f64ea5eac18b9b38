import { createDevOnrampClient, devOnrampSignatureHeader, verifyDevOnrampWebhook } from './dev-onramp.js'
import type { OnrampProviderClient, ProviderEvent } from './provider.js'

/** One provider's adapter: its API client and the reader of its signed webhooks. */
interface OnrampAdapter {
  client(setting: { apiUrl: string; secret: string }, timeoutMs: number): OnrampProviderClient
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    secret: string,
    nowSeconds: number,
  ): ProviderEvent
}

/**
 * The providers the server speaks to. Only the generic session/checkout/webhook provider (the
 * test kit's Dev Onramp) for now; Coinbase, Meld, MoonPay and Transak adapters are not written yet.
 */
export const onrampAdapters: Readonly<Record<string, OnrampAdapter>> = {
  'dev-onramp': {
    client: createDevOnrampClient,
    verifyWebhook: (rawBody, headers, secret, now) => {
      const header = headers[devOnrampSignatureHeader]
      return verifyDevOnrampWebhook(rawBody, typeof header === 'string' ? header : undefined, secret, now)
    },
  },
}

export const onrampProviderIds = Object.keys(onrampAdapters)

export const isOnrampProvider = (id: string): boolean => Object.hasOwn(onrampAdapters, id)
