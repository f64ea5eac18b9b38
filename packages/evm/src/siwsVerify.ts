// Verifying a Sign-In With Solana session in the page: loaded with import() only when a solana
// session is added, so an EVM-only app never carries ed25519.
import { parseSiwsMessage, type SiwxSession, siwsCaip2 } from '@latch/core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'

/** Rejects unless the session is a Sign-In With Solana for this page, live, signed by its account (ed25519). */
export function verifySolanaSession(session: SiwxSession, host: string, now = Date.now()): void {
  const fields = parseSiwsMessage(session.message)
  if (!fields) throw new Error('The sign-in message is not a Sign-In With Solana message')
  if (fields.domain !== host) throw new Error('The sign-in message is not for this page')
  if (fields.address !== session.data.accountAddress)
    throw new Error('The sign-in message is for another account')
  if (!fields.chainId || siwsCaip2(fields.chainId) !== session.data.chainId)
    throw new Error('The sign-in message is for another network')
  if (fields.nonce !== session.data.nonce) throw new Error('The sign-in message has another nonce')
  if (fields.expirationTime && !(Date.parse(fields.expirationTime) > now))
    throw new Error('The sign-in message has expired')
  let valid = false
  try {
    valid = ed25519.verify(
      base58.decode(session.signature),
      new TextEncoder().encode(session.message),
      base58.decode(fields.address),
    )
  } catch {
    valid = false
  }
  if (!valid) throw new Error('The signature does not match the address')
}
