import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { InvalidWalletResponseError, NoActiveCaipAddressError } from '../errors/connection.js'
import { SignatureDeclinedError } from '../errors/siwx.js'
import { isUserRejection, toWalletError } from '../errors/toWalletError.js'
import type { ChainNamespace, SignatureOf } from '../types.js'
import { checkWalletHex, getAdapter, resolveNamespace } from './_shared.js'

export interface SignMessageParameters<N extends ChainNamespace | undefined = ChainNamespace | undefined> {
  message: string
  /** The namespace to sign on (the active one by default); `'eip155'` types the result `0x…`. */
  namespace?: N
}
/** The signature in the chain's own encoding (0x-hex on eip155, base58 on solana, …). */
export type SignMessageReturnType<N extends ChainNamespace | undefined = undefined> = SignatureOf<N>
export type SignMessageErrorType = SignatureDeclinedError | NoActiveCaipAddressError | BaseError

/**
 * Asks the connected wallet to sign `message` (personal_sign on eip155). A visitor who declines
 * gets 'Signature declined'. The adapter checks the signature's format for its chain.
 *
 * @example
 * const signature = await signMessage(latch, { message: 'hello' })
 */
export async function signMessage<N extends ChainNamespace | undefined = undefined>(
  latch: Latch,
  parameters: SignMessageParameters<N>,
): Promise<SignMessageReturnType<N>> {
  const adapter = getAdapter(latch, resolveNamespace(latch, parameters.namespace))
  const account = latch.store.getState().namespaces[adapter.namespace]?.account
  if (account?.status !== 'connected' || !account.address) throw new NoActiveCaipAddressError()
  try {
    const signature = await adapter.signMessage({ message: parameters.message, address: account.address })
    if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096)
      throw new InvalidWalletResponseError({ what: 'signature' })
    checkWalletHex(adapter.namespace, signature, 'signature')
    latch.events.emit('SIGN_MESSAGE_SUCCESS', { namespace: adapter.namespace })
    // Checked above: 0x-hex when the namespace is eip155.
    return signature as SignMessageReturnType<N>
  } catch (raw) {
    const error = toWalletError(raw)
    const thrown = isUserRejection(error) ? new SignatureDeclinedError({ cause: error }) : error
    latch.events.emit('SIGN_MESSAGE_ERROR', { namespace: adapter.namespace, message: thrown.shortMessage })
    throw thrown
  }
}
