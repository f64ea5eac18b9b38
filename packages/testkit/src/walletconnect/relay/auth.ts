/**
 * Close code a WalletConnect relay uses when it refuses a connection's credentials. The client
 * library treats 3000 as fatal (it stops reconnecting), which is what a bad token deserves.
 */
export const RELAY_CLOSE_UNAUTHORIZED = 3000

/** Close code sent to every socket on `restart()`: clients treat it as an ordinary drop and reconnect. */
export const RELAY_CLOSE_RESTART = 1012

/** What the relay learned from a connection's query string. */
type RelayConnectionInfo = {
  /** The client's did:key, taken from the token's `iss`; it names the client across reconnects. */
  clientId: string
  projectId: string | undefined
  userAgent: string | undefined
}

export type ParseConnectionResult = { ok: true; info: RelayConnectionInfo } | { ok: false; reason: string }

const base64UrlPattern = /^[A-Za-z0-9_-]+$/
const didKeyPattern = /^did:key:z[1-9A-HJ-NP-Za-km-z]{20,100}$/

function decodeSegment(segment: string): unknown {
  if (!base64UrlPattern.test(segment)) return undefined
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Checks the shape of the relay token (an EdDSA JWT, per the WalletConnect relay-auth spec) but not
 * its signature: this relay only ever runs on 127.0.0.1 for tests and demos, every client is one we
 * started, and verifying ed25519 would add a dependency without protecting anything. A token that
 * is not a well-formed, unexpired relay JWT is still refused, so clients are exercised on the same
 * failure path a real relay would put them on.
 */
function parseRelayAuth(token: string, now = Date.now()): ParseConnectionResult {
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'auth is not a JWT' }
  const [rawHeader, rawPayload, rawSignature] = parts as [string, string, string]
  const header = decodeSegment(rawHeader)
  const payload = decodeSegment(rawPayload)
  if (!isRecord(header) || header.alg !== 'EdDSA') return { ok: false, reason: 'auth header is not EdDSA' }
  if (!isRecord(payload)) return { ok: false, reason: 'auth payload is not JSON' }
  if (!base64UrlPattern.test(rawSignature)) return { ok: false, reason: 'auth signature is not base64url' }
  const { iss, exp } = payload
  if (typeof iss !== 'string' || !didKeyPattern.test(iss))
    return { ok: false, reason: 'auth iss is not a did:key' }
  if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now)) {
    return { ok: false, reason: 'auth has expired' }
  }
  return { ok: true, info: { clientId: iss, projectId: undefined, userAgent: undefined } }
}

/** Reads `auth`, `projectId` and `ua` from the upgrade request's URL. */
export function parseConnectionUrl(url: string | undefined, now = Date.now()): ParseConnectionResult {
  let query: URLSearchParams
  try {
    query = new URL(url ?? '/', 'ws://relay.invalid').searchParams
  } catch {
    return { ok: false, reason: 'malformed request URL' }
  }
  const auth = query.get('auth')
  if (!auth) return { ok: false, reason: 'missing auth' }
  const parsed = parseRelayAuth(auth, now)
  if (!parsed.ok) return parsed
  const projectId = query.get('projectId') ?? undefined
  const userAgent = query.get('ua') ?? undefined
  return { ok: true, info: { ...parsed.info, projectId, userAgent } }
}
