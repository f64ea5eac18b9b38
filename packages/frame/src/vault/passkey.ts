import { base64urlnopad } from '@scure/base'
import type { PasskeyRef } from './recovery.js'

/**
 * Passkeys with the WebAuthn PRF extension, created and used by the frame on its own origin
 * (RP id = the frame's host). Only the PRF output matters here: it is the secret the recovery
 * share is sealed under. Assertions are not sent to any server, so the challenge is just random.
 */

interface PrfOutputs {
  prf?: { enabled?: boolean; results?: { first?: ArrayBuffer | ArrayBufferView } }
}

/** Why a passkey could not be used: the visitor cancelled, or the authenticator has no PRF. */
export class PasskeyError extends Error {
  override name = 'PasskeyError' as const
  constructor(
    readonly reason: 'cancelled' | 'no-prf' | 'unsupported',
    options?: { cause?: unknown },
  ) {
    super(`Passkey: ${reason}`, options)
  }
}

const toBytes = (value: ArrayBuffer | ArrayBufferView): Uint8Array =>
  value instanceof ArrayBuffer
    ? new Uint8Array(value.slice(0))
    : new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength))

/**
 * Whether the frame offers a passkey at sign-up: the browser does not deny PRF, and it has a
 * passkey provider at hand (a user-verifying platform authenticator, or a phone over hybrid).
 * Without either (e.g. Linux without a password manager) the recovery password comes first: a
 * passkey prompt that can only fail would be a dead end.
 */
export async function passkeysAvailable(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined' || !navigator.credentials) return false
  const pkc = PublicKeyCredential as unknown as {
    getClientCapabilities?: () => Promise<Record<string, boolean | undefined>>
  }
  try {
    const capabilities = (await pkc.getClientCapabilities?.()) ?? {}
    if (capabilities['extension:prf'] === false) return false
    if (capabilities.hybridTransport === true) return true
    return await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
  } catch {
    return false
  }
}

async function evaluate(ref: PasskeyRef): Promise<Uint8Array> {
  let credential: Credential | null
  try {
    credential = await navigator.credentials.get({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        rpId: ref.rpId,
        allowCredentials: [
          { type: 'public-key', id: base64urlnopad.decode(ref.credentialId) as BufferSource },
        ],
        userVerification: 'required',
        timeout: 120_000,
        extensions: { prf: { eval: { first: base64urlnopad.decode(ref.prfSalt) as BufferSource } } },
      } as PublicKeyCredentialRequestOptions,
    })
  } catch (error) {
    throw new PasskeyError('cancelled', { cause: error })
  }
  if (credential === null) throw new PasskeyError('cancelled')
  const outputs = (credential as PublicKeyCredential).getClientExtensionResults() as PrfOutputs
  const first = outputs.prf?.results?.first
  if (first === undefined) throw new PasskeyError('no-prf')
  return toBytes(first)
}

/** Asks the passkey of `ref` for its PRF output (the visitor confirms with the authenticator). */
export function passkeyOutput(ref: PasskeyRef): Promise<Uint8Array> {
  if (ref.rpId !== location.hostname) return Promise.reject(new PasskeyError('unsupported'))
  return evaluate(ref)
}

/**
 * Creates a passkey for `email` on the frame's host and returns it with its PRF output. Some
 * authenticators evaluate PRF only on `get`: then one assertion follows the creation.
 */
export async function createPasskey(
  email: string,
  appName: string,
): Promise<{ ref: PasskeyRef; output: Uint8Array }> {
  const prfSalt = crypto.getRandomValues(new Uint8Array(32))
  let credential: Credential | null
  try {
    credential = await navigator.credentials.create({
      publicKey: {
        rp: { id: location.hostname, name: appName },
        user: { id: crypto.getRandomValues(new Uint8Array(16)), name: email, displayName: email },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: 120_000,
        extensions: { prf: { eval: { first: prfSalt } } },
      } as PublicKeyCredentialCreationOptions,
    })
  } catch (error) {
    throw new PasskeyError('cancelled', { cause: error })
  }
  if (credential === null) throw new PasskeyError('cancelled')
  const created = credential as PublicKeyCredential
  const outputs = created.getClientExtensionResults() as PrfOutputs
  if (outputs.prf?.enabled === false) throw new PasskeyError('no-prf')
  const ref: PasskeyRef = {
    rpId: location.hostname,
    credentialId: base64urlnopad.encode(new Uint8Array(created.rawId)),
    prfSalt: base64urlnopad.encode(prfSalt),
  }
  const first = outputs.prf?.results?.first
  return { ref, output: first === undefined ? await evaluate(ref) : toBytes(first) }
}

/**
 * Whether a passkey on the frame's host stays the frame's own: a page on the same host (any port)
 * or on a subdomain of it may use that host as its RP id too (WebAuthn scopes passkeys by host and
 * parent domains), and could then ask the visitor's passkey for the same PRF output. `localhost`
 * is allowed for development (the demo serves page and frame there on two ports).
 */
export function passkeyHostIsFramesOwn(frameHost: string, parentHost: string): boolean {
  if (frameHost === 'localhost') return true
  return parentHost !== frameHost && !parentHost.endsWith(`.${frameHost}`)
}
