import { coinbaseAdapter } from './coinbase.js'
import { createDevOnrampClient, devOnrampSignatureHeader, verifyDevOnrampWebhook } from './dev-onramp.js'
import { meldAdapter } from './meld.js'
import { moonpayAdapter } from './moonpay.js'
import type { OnrampCredentials, OnrampProviderClient, ProviderEvent, WebhookRequest } from './provider.js'
import { headerOf } from './provider.js'
import { transakAdapter } from './transak.js'

/** What `project set-onramp` takes besides `--api-url` and `--secret`. */
export type CredentialField = 'keyId' | 'publicKey' | 'webhookSecret' | 'widgetUrl' | 'country'

/**
 * One provider's adapter: its API client (currencies and limits, quotes, checkout sessions, all
 * with the project's secret, on the server only) and the reader of its signed webhooks.
 */
export interface OnrampAdapter {
  /** The provider's API when `--api-url` is not given. */
  defaultApiUrl?: string
  /** The settings it cannot work without, besides the API secret. */
  requires: readonly CredentialField[]
  /** The settings it can use. */
  accepts: readonly CredentialField[]
  client(credentials: OnrampCredentials, timeoutMs: number): OnrampProviderClient
  /**
   * Verifies a webhook (its signature over the exact bytes, its age) and reads the event; null
   * for an event about no purchase (a provider's test ping). Throws `WebhookError`.
   */
  verifyWebhook(
    request: WebhookRequest,
    credentials: OnrampCredentials,
    nowSeconds: number,
    timeoutMs: number,
  ): Promise<ProviderEvent | null>
}

/**
 * The providers the server speaks to: Coinbase, Meld, MoonPay and Transak through their public
 * APIs, and the generic session/checkout/webhook provider the test kit's Dev Onramp serves.
 */
export const onrampAdapters: Readonly<Record<string, OnrampAdapter>> = {
  coinbase: coinbaseAdapter,
  meld: meldAdapter,
  moonpay: moonpayAdapter,
  transak: transakAdapter,
  'dev-onramp': {
    requires: [],
    accepts: [],
    client: createDevOnrampClient,
    verifyWebhook: async (request, credentials, now) =>
      verifyDevOnrampWebhook(
        request.rawBody,
        headerOf(request.headers, devOnrampSignatureHeader),
        credentials.secret,
        now,
      ),
  },
}

export const onrampProviderIds = Object.keys(onrampAdapters)

export const isOnrampProvider = (id: string): boolean => Object.hasOwn(onrampAdapters, id)
