import type { SessionSignInRequest, SiwxSession } from '@latch/core'
import type { CodedError } from './errors.js'
import { KNOWN_METHODS } from './namespaces.js'

/** What `authenticate` (WalletConnect's one-click sign-in, CAIP-222) takes. */
export interface AuthenticateParameters {
  chains: string[]
  domain: string
  uri: string
  nonce: string
  statement?: string
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
  /** Methods the session may use: the wallet signs them as a ReCap (ERC-5573) in the message. */
  methods: string[]
}

/** The authenticate parameters of a sign-in request; the session's methods are the kit's eip155 ones. */
export function toAuthenticateParameters(request: SessionSignInRequest): AuthenticateParameters {
  return {
    chains: [...request.chains],
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
    ...(request.statement ? { statement: request.statement } : {}),
    ...(request.expirationTime ? { exp: request.expirationTime } : {}),
    ...(request.notBefore ? { nbf: request.notBefore } : {}),
    ...(request.requestId ? { requestId: request.requestId } : {}),
    ...(request.resources?.length ? { resources: [...request.resources] } : {}),
    methods: [...KNOWN_METHODS.eip155],
  }
}

/** A CACAO (CAIP-74) as the wallet returned it: outside data, read defensively. */
interface CacaoLike {
  p?: {
    iss?: unknown
    domain?: unknown
    aud?: unknown
    nonce?: unknown
    iat?: unknown
    exp?: unknown
    nbf?: unknown
    statement?: unknown
    requestId?: unknown
    resources?: unknown
    version?: unknown
  }
  s?: { t?: unknown; s?: unknown }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length < 2048 ? value : undefined

/**
 * The sign-in session a wallet's CACAO stands for: the account and chain from its issuer
 * (`did:pkh:eip155:<chain>:<address>`), the fields it signed, the signature, and the exact
 * message, which `format` (the sign client's own CAIP-122 formatter) rebuilds from the payload.
 * Undefined when the CACAO is not a usable eip155 sign-in; the kit then asks to sign as usual.
 */
export function toSiwxSession(
  raw: unknown,
  request: SessionSignInRequest,
  format: (payload: unknown, iss: string) => string,
): SiwxSession | undefined {
  const cacao = raw as CacaoLike | null
  const payload = cacao?.p
  const iss = text(payload?.iss)
  const match = iss ? /^did:pkh:(eip155:[0-9]{1,20}):(0x[0-9a-fA-F]{40})$/.exec(iss) : null
  const signature = text(cacao?.s?.s)
  if (!payload || !iss || !match || !signature || !/^0x[0-9a-fA-F]+$/.test(signature)) return undefined
  const [, chainId, address] = match as unknown as [string, string, string]
  // The wallet signs what was asked: a payload for another page, nonce or chain is not used.
  if (
    payload.domain !== request.domain ||
    payload.nonce !== request.nonce ||
    !request.chains.includes(chainId)
  )
    return undefined
  const issuedAt = text(payload.iat)
  if (!issuedAt) return undefined
  let message: string
  try {
    message = format(payload, iss)
  } catch {
    return undefined
  }
  const resources = Array.isArray(payload.resources)
    ? payload.resources.filter((r): r is string => typeof r === 'string')
    : undefined
  return {
    data: {
      accountAddress: address,
      chainId,
      domain: request.domain,
      uri: text(payload.aud) ?? request.uri,
      version: '1',
      nonce: request.nonce,
      issuedAt,
      expirationTime: text(payload.exp),
      notBefore: text(payload.nbf),
      requestId: text(payload.requestId),
      resources,
      statement: text(payload.statement),
    },
    message,
    signature,
    cacao: raw,
  }
}

/**
 * The sign client rejects `authenticate` with the wallet's bare error message (a string): the
 * protocol's "User rejected." becomes code 5000, so the kit says 'Connection declined'.
 */
export function fromAuthenticateError(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  const error: CodedError = new Error(raw.slice(0, 300) || 'WalletConnect failed.')
  if (/^user rejected/i.test(raw)) error.code = 5000
  return error
}
