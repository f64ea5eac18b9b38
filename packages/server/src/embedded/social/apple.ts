import { s } from '@latch/core/internal'
import { importPKCS8, SignJWT } from 'jose'
import { usernameOrNull } from './shared.js'

/**
 * What a project holds for Sign in with Apple in place of a client secret, sealed as one: the
 * team id, the key id and the team's private key (the `.p8` file, PKCS#8 PEM, P-256) that the
 * client secret is signed with.
 */
export interface AppleCredentials {
  teamId: string
  keyId: string
  privateKey: string
}

/** Apple's team and key ids: 10 characters, A–Z and 0–9. */
export const appleIdPattern = /^[A-Z0-9]{10}$/

const credentials = s.object({
  teamId: s.string().regex(appleIdPattern, 'Invalid team id'),
  keyId: s.string().regex(appleIdPattern, 'Invalid key id'),
  privateKey: s
    .string()
    .refine((pem) => pem.length <= 4096 && pem.includes('-----BEGIN PRIVATE KEY-----'), 'Invalid key'),
})

/** The sealed form of the credentials (what `set-social apple` stores as the client secret). */
export const sealableAppleCredentials = (value: AppleCredentials): string =>
  JSON.stringify({ teamId: value.teamId, keyId: value.keyId, privateKey: value.privateKey })

/** Reads the opened credentials; throws when they are not what `set-social apple` stored. */
export function appleCredentials(opened: string): AppleCredentials {
  let value: unknown
  try {
    value = JSON.parse(opened)
  } catch {
    throw new Error('The Apple credentials are not set: run `latch-server project set-social ID apple`')
  }
  const parsed = credentials.safeParse(value)
  if (!parsed.success)
    throw new Error('The Apple credentials are not set: run `latch-server project set-social ID apple`')
  return parsed.data
}

/** A client secret lives this long: it is made for one token request. */
const clientSecretLifetimeSeconds = 5 * 60

/**
 * Apple's client secret for one token request: an ES256 JWT, `kid` the key id, from the team
 * (`iss`) for the Services ID (`sub`) to Apple (`aud`, the issuer), valid five minutes (Apple
 * takes up to six months).
 */
export async function appleClientSecret(
  value: AppleCredentials,
  clientId: string,
  issuer: string,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: value.keyId })
    .setIssuer(value.teamId)
    .setSubject(clientId)
    .setAudience(issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + clientSecretLifetimeSeconds)
    .sign(await importPKCS8(value.privateKey, 'ES256'))
}

/** Apple's `email_verified`: the boolean true or the string "true" (Apple writes both); nothing else. */
export const appleEmailVerified = (value: unknown): boolean => value === true || value === 'true'

// The `user` field of Apple's first answer for a person: `{"name":{"firstName","lastName"},"email"}`.
const appleUser = s.object({
  name: s
    .object({
      firstName: s
        .string()
        .refine((name) => name.length <= 100, 'Too long')
        .optional(),
      lastName: s
        .string()
        .refine((name) => name.length <= 100, 'Too long')
        .optional(),
    })
    .optional(),
})

/**
 * The name Apple's first answer carries in its `user` field (a JSON form field, not part of the
 * signed ID token), or null: later answers carry none, and a field too long or not Apple's shape
 * is no name either (the login goes on without it).
 */
export function appleUsername(user: string | null): string | null {
  if (user === null || user.length > 1024) return null
  let value: unknown
  try {
    value = JSON.parse(user)
  } catch {
    return null
  }
  const parsed = appleUser.safeParse(value)
  if (!parsed.success) return null
  const { firstName = '', lastName = '' } = parsed.data.name ?? {}
  return usernameOrNull(`${firstName.trim()} ${lastName.trim()}`)
}
