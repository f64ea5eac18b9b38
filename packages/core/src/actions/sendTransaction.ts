import type { Latch } from '../createLatch.js'
import { type BaseError, NoActiveCaipAddressError, toWalletError } from '../internal.js'
import type { ChainNamespace } from '../types.js'
import { getAdapter, resolveNamespace } from './_shared.js'
import { fetchBalance } from './fetchBalance.js'

export interface SendTransactionParameters {
  to: string
  /** In the chain's smallest unit (wei). */
  value?: bigint | undefined
  data?: string | undefined
  namespace?: ChainNamespace | undefined
}
export type SendTransactionReturnType = string
export type SendTransactionErrorType = BaseError

/**
 * Asks the connected wallet to send a transaction on the current network; resolves with the
 * hash (0x + 64 hex). Use `waitForTransaction` to wait for it to be mined.
 *
 * @example
 * const hash = await sendTransaction(latch, { to: '0x…', value: 10n ** 15n })
 */
export async function sendTransaction(
  latch: Latch,
  parameters: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  const adapter = getAdapter(latch, resolveNamespace(latch, parameters.namespace))
  const ns = latch.store.getState().namespaces[adapter.namespace]
  const caipNetwork = ns?.network.caipNetwork
  if (!ns?.account.address || !caipNetwork || ns.network.unsupported) throw new NoActiveCaipAddressError()
  try {
    const hash = await adapter.sendTransaction({
      to: parameters.to,
      value: parameters.value,
      data: parameters.data,
      caipNetwork,
    })
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      throw new Error('The wallet returned an invalid transaction hash.')
    }
    latch.events.emit('SEND_TRANSACTION_SUCCESS', { namespace: adapter.namespace, hash })
    return hash
  } catch (raw) {
    const error = toWalletError(raw)
    latch.events.emit('SEND_TRANSACTION_ERROR', { namespace: adapter.namespace, message: error.shortMessage })
    throw error
  }
}

/**
 * Waits until `hash` is mined on the current network, then refreshes the balance.
 */
export async function waitForTransaction(
  latch: Latch,
  parameters: { hash: string; namespace?: ChainNamespace | undefined },
): Promise<{ status: 'success' | 'reverted'; blockNumber: bigint }> {
  const adapter = getAdapter(latch, resolveNamespace(latch, parameters.namespace))
  const caipNetwork = latch.store.getState().namespaces[adapter.namespace]?.network.caipNetwork
  if (!adapter.waitForTransaction || !caipNetwork) throw new NoActiveCaipAddressError()
  const receipt = await adapter.waitForTransaction({ hash: parameters.hash, caipNetwork })
  void fetchBalance(latch, { namespace: adapter.namespace, force: true }).catch(() => {})
  return receipt
}
