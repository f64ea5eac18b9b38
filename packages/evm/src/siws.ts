// Sign-In With Solana in the page: the message and its verification, loaded with import() only
// for a solana account, so an EVM-only app never carries them (nor ed25519).
import type { SiwxMessageData, SiwxSession } from '@latch/core'
import { formatSiwsMessage, parseSiwsMessage, siwsCaip2, siwsChainId } from '@latch/core/internal'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'

/** The Sign-In With Solana message of the fields (the cluster's name or the chain's reference as its Chain ID). */
export function solanaMessage(data: SiwxMessageData): { data: SiwxMessageData; message: string } {
  return {
    data,
    message: formatSiwsMessage({
      domain: data.domain,
      address: data.accountAddress,
      statement: data.statement,
      uri: data.uri,
      version: '1',
      chainId: siwsChainId(data.chainId),
      nonce: data.nonce,
      issuedAt: data.issuedAt,
      expirationTime: data.expirationTime,
    }),
  }
}

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
