import type { Latch } from '../createLatch.js'
import {
  type BaseError,
  isUserRejection,
  NoActiveCaipAddressError,
  SignatureDeclinedError,
  toWalletError,
} from '../internal.js'
import type { ChainNamespace } from '../types.js'
import { getAdapter, resolveNamespace } from './_shared.js'

export interface SignMessageParameters {
  message: string
  namespace?: ChainNamespace | undefined
}
export type SignMessageReturnType = string
export type SignMessageErrorType = BaseError

/**
 * Asks the connected wallet to sign `message` (personal_sign on eip155). A user who declines
 * gets 'Signature declined'.
 *
 * @example
 * const signature = await signMessage(latch, { message: 'hello' })
 */
export async function signMessage(
  latch: Latch,
  parameters: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const adapter = getAdapter(latch, resolveNamespace(latch, parameters.namespace))
  const address = latch.store.getState().namespaces[adapter.namespace]?.account.address
  if (!address) throw new NoActiveCaipAddressError()
  try {
    const signature = await adapter.signMessage({ message: parameters.message, address })
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{62,}$/.test(signature)) {
      throw new Error('The wallet returned an invalid signature.')
    }
    latch.events.emit('SIGN_MESSAGE_SUCCESS', { namespace: adapter.namespace })
    return signature
  } catch (raw) {
    const error = toWalletError(raw)
    const thrown = isUserRejection(error) ? new SignatureDeclinedError({ cause: error }) : error
    latch.events.emit('SIGN_MESSAGE_ERROR', { namespace: adapter.namespace, message: thrown.shortMessage })
    throw thrown
  }
}
