import type { OnrampCredentials } from './provider.js'

type Stored = Omit<OnrampCredentials, 'apiUrl'>
const fields = ['keyId', 'publicKey', 'webhookSecret', 'widgetUrl', 'country'] as const

/**
 * What is sealed for a provider: the API secret alone (as `set-onramp` stored it before providers
 * needed more), or a JSON object with the secret and the provider's other settings.
 */
export function credentialsText(credentials: Stored): string {
  const extra = fields.filter((f) => credentials[f] !== undefined)
  if (extra.length === 0) return credentials.secret
  return JSON.stringify({
    secret: credentials.secret,
    ...Object.fromEntries(extra.map((f) => [f, credentials[f]])),
  })
}

/** The provider's settings from what was sealed. */
export function credentialsOf(apiUrl: string, text: string): OnrampCredentials {
  let value: Record<string, unknown> | undefined
  try {
    value = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : undefined
  } catch {
    // A bare secret that happens to start with a brace.
  }
  if (value !== null && typeof value === 'object') {
    if (typeof value.secret === 'string') {
      const credentials: OnrampCredentials = { apiUrl, secret: value.secret }
      for (const f of fields) if (typeof value[f] === 'string') credentials[f] = value[f]
      return credentials
    }
  }
  return { apiUrl, secret: text }
}
