import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { clockSkewMs, SignInRefused } from './verify.js'

// Sign-In With Solana (the CAIP-122 message of the solana namespace), read and verified here
// with ed25519: no chain is asked, so no RPC URL is needed.

const HEADER = ' wants you to sign in with your Solana account:'
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const CLUSTERS: Readonly<Record<string, string>> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}
/** The CAIP-2 ids of the public clusters (mainnet, devnet, testnet). */
export const publicSolanaClusters: ReadonlySet<string> = new Set(
  Object.values(CLUSTERS).map((ref) => `solana:${ref}`),
)
const FIELDS: Readonly<Record<string, string>> = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
}

/** Whether the message is a Sign-In With Solana message (its first line says so). */
export function isSolanaSignIn(message: string): boolean {
  return (message.split('\n')[0] ?? '').endsWith(HEADER)
}

export interface CheckedSolanaSignIn {
  /** CAIP-2 (`solana:<genesis hash prefix>`). */
  chainId: string
  address: string
  nonce: string
  expirationTime: Date | undefined
}

const refuse = (): never => {
  throw new SignInRefused('invalid_message', 'The sign-in message is not a Sign-In With Solana message')
}

function read(message: string): Record<string, string> {
  const lines = message.split('\n')
  const fields: Record<string, string> = {
    domain: (lines[0] as string).slice(0, -HEADER.length),
    address: lines[1] ?? '',
  }
  for (const line of lines.slice(2)) {
    if (line === 'Resources:') break
    const at = line.indexOf(': ')
    const key = at > 0 ? FIELDS[line.slice(0, at)] : undefined
    if (!key) continue
    // A field given twice is ambiguous: refused.
    if (key in fields) refuse()
    fields[key] = line.slice(at + 2)
  }
  return fields
}

const date = (value: string | undefined) => {
  if (value === undefined) return undefined
  const time = Date.parse(value)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) refuse()
  return new Date(time)
}

/**
 * Reads a Sign-In With Solana message and checks it as an EIP-4361 one is checked: `domain` is
 * the request's host, `uri` has its origin, the times are valid now; then the ed25519 signature
 * (base58) of the message's UTF-8 bytes by the address.
 */
export function verifySolanaSignIn(
  message: string,
  signature: string,
  requestOrigin: string,
  now = Date.now(),
): CheckedSolanaSignIn {
  const fields = read(message)
  const { domain, address, uri, chainId, nonce, version } = fields
  if (!domain || !BASE58.test(address ?? '') || !uri || !chainId || !nonce || version !== '1') refuse()
  const reference = CLUSTERS[chainId as string] ?? chainId
  if (!/^[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(reference as string)) refuse()
  const origin = new URL(requestOrigin)
  let uriOrigin = ''
  try {
    uriOrigin = new URL(uri as string).origin
  } catch {
    // Not a URL: refused below as another origin.
  }
  if (domain !== origin.host || uriOrigin !== origin.origin)
    throw new SignInRefused('foreign_domain', `The sign-in message is for ${domain}, not for ${origin.host}`)
  const issuedAt = date(fields.issuedAt)
  const notBefore = date(fields.notBefore)
  const expirationTime = date(fields.expirationTime)
  if (!issuedAt) refuse()
  if ((issuedAt as Date).getTime() > now + clockSkewMs)
    throw new SignInRefused('not_yet_valid', 'The sign-in message is issued in the future')
  if (notBefore && notBefore.getTime() > now + clockSkewMs)
    throw new SignInRefused('not_yet_valid', 'The sign-in message is not valid yet')
  if (expirationTime && expirationTime.getTime() <= now)
    throw new SignInRefused('expired', 'The sign-in message has expired')
  let valid = false
  try {
    const bytes = base58.decode(signature)
    valid =
      bytes.length === 64 &&
      ed25519.verify(bytes, new TextEncoder().encode(message), base58.decode(address as string))
  } catch {
    valid = false
  }
  if (!valid) throw new SignInRefused('invalid_signature', 'The signature does not match the address')
  return {
    chainId: `solana:${reference}`,
    address: address as string,
    nonce: nonce as string,
    expirationTime,
  }
}
