import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose'
import { atRestContext, type KeyEncryptionKey } from '../at-rest.js'
import type { SigningKey, SiwxRepository } from '../storage/siwx.js'

/** The `typ` of session tokens, so no other JWT of the app can pass for one. */
export const sessionTokenType = 'latch-siwx+jwt'
const sessionTokenAlgorithm = 'ES256'
/** Spec default lifetime of a sign-in session: one day. */
export const defaultSessionLifetimeMs = 24 * 60 * 60 * 1000

const sealedPrefix = 'sealed:'

async function newKey(kek: KeyEncryptionKey | undefined) {
  const { privateKey, publicKey } = await generateKeyPair(sessionTokenAlgorithm, { extractable: true })
  const kid = randomUUID()
  const meta = { kid, alg: sessionTokenAlgorithm, use: 'sig' }
  const privateJwk = JSON.stringify({ ...(await exportJWK(privateKey)), ...meta })
  return {
    kid,
    privateJwk: sealPrivate(kid, privateJwk, kek),
    publicJwk: JSON.stringify({ ...(await exportJWK(publicKey)), ...meta }),
    createdAt: new Date().toISOString(),
  }
}

/** The stored form of a private JWK: sealed under the key-encryption key when there is one. */
const sealPrivate = (kid: string, jwk: string, kek: KeyEncryptionKey | undefined) =>
  kek === undefined ? jwk : sealedPrefix + kek.seal(jwk, atRestContext.siwxKey(kid))

function openPrivate(key: SigningKey, kek: KeyEncryptionKey | undefined): JWK {
  if (!key.privateJwk.startsWith(sealedPrefix)) return JSON.parse(key.privateJwk) as JWK
  if (kek === undefined)
    throw new Error('The sign-in signing key is encrypted: set LATCH_SECRET_KEY to the key used before')
  return JSON.parse(
    kek.open(key.privateJwk.slice(sealedPrefix.length), atRestContext.siwxKey(key.kid)),
  ) as JWK
}

/**
 * Creates the first signing key when the database has none (first start); with a
 * key-encryption key, also seals a key an older version stored in the clear.
 */
export async function ensureSigningKey(repository: SiwxRepository, kek?: KeyEncryptionKey): Promise<void> {
  const keys = await repository.listSigningKeys()
  if (keys.length === 0) {
    await repository.insertFirstSigningKey(await newKey(kek))
    return
  }
  if (kek === undefined) return
  for (const key of keys.filter((k) => !k.privateJwk.startsWith(sealedPrefix)))
    await repository.sealSigningKey(key.kid, sealPrivate(key.kid, key.privateJwk, kek))
  // Fails at start, not at the first sign-in, when the key-encryption key is the wrong one.
  for (const key of keys.filter((k) => k.retiredAt === null)) openPrivate(key, kek)
}

/** `latch-server siwx rotate-key`: a new key signs from now on; the previous one stays published. */
export async function rotateSigningKey(repository: SiwxRepository, kek?: KeyEncryptionKey): Promise<string> {
  const key = await newKey(kek)
  await repository.rotateSigningKey(key)
  return key.kid
}

/**
 * The published keys: the current one, and every key retired within a session lifetime (at least
 * the last one), so tokens they signed verify until they expire however often the key rotates.
 */
export async function publishedKeys(repository: SiwxRepository): Promise<{ keys: JWK[] }> {
  const keys = await repository.listSigningKeys()
  const current = keys.filter((k) => k.retiredAt === null)
  const since = Date.now() - defaultSessionLifetimeMs
  const previous = keys
    .filter((k) => k.retiredAt !== null)
    .filter((k, index) => index === 0 || Date.parse(k.retiredAt!) > since)
  return { keys: [...current, ...previous].map((k) => JSON.parse(k.publicJwk) as JWK) }
}

export interface SessionClaims {
  /** Session id (`jti`). */
  sessionId: string
  projectId: string
  /** CAIP-10 account (`eip155:1:0x…`). */
  account: string
  /** When the session began (`iat`): the same instant its lifetime is counted from. */
  issuedAt: Date
  expiresAt: Date
}

/** Signs a session token with the newest current key. */
export async function signSessionToken(
  repository: SiwxRepository,
  claims: SessionClaims,
  kek?: KeyEncryptionKey,
): Promise<string> {
  await ensureSigningKey(repository, kek)
  const [key] = (await repository.listSigningKeys()).filter((k) => k.retiredAt === null)
  if (key === undefined) throw new Error('No sign-in signing key')
  const privateKey = await importJWK(openPrivate(key, kek), sessionTokenAlgorithm)
  return new SignJWT({})
    .setProtectedHeader({ alg: sessionTokenAlgorithm, kid: key.kid, typ: sessionTokenType })
    .setSubject(claims.account)
    .setAudience(claims.projectId)
    .setJti(claims.sessionId)
    .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(privateKey)
}

/** Verifies a session token's signature, type, audience and expiry; throws when any fails. */
export async function verifySessionToken(
  repository: SiwxRepository,
  token: string,
  projectId: string,
): Promise<{ sessionId: string; account: string; expiresAt: number }> {
  const jwks = await publishedKeys(repository)
  const { payload } = await jwtVerify(
    token,
    async (header) => {
      const jwk = jwks.keys.find((k) => k.kid === header.kid)
      if (jwk === undefined) throw new Error('Unknown key')
      return importJWK(jwk, sessionTokenAlgorithm)
    },
    { audience: projectId, typ: sessionTokenType, algorithms: [sessionTokenAlgorithm] },
  )
  if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
    throw new Error('Incomplete token')
  return { sessionId: payload.jti, account: payload.sub, expiresAt: payload.exp }
}
