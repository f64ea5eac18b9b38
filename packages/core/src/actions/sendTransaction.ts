import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { InvalidWalletResponseError, NoActiveCaipAddressError } from '../errors/connection.js'
import { UnsupportedChainIdError } from '../errors/network.js'
import { toWalletError } from '../errors/toWalletError.js'
import type { ChainNamespace, Hex, TransactionReceipt } from '../types.js'
import { checkWalletHex, getAdapter, resolveNamespace } from './_shared.js'
import { fetchBalance } from './fetchBalance.js'

/** An eip155 transaction request (the default `Transaction` type). */
export interface Eip155Transaction {
  to: Hex
  /** In wei. */
  value?: bigint | undefined
  data?: Hex | undefined
}

/**
 * The namespace's transaction request (eip155 by default; another namespace's adapter defines
 * its own shape) and, optionally, the namespace to send on.
 */
export type SendTransactionParameters<Transaction extends object = Eip155Transaction> = Transaction & {
  namespace?: ChainNamespace | undefined
}
/**
 * The transaction's id on its chain: the `0x…` hash for an eip155 request (the EVM adapter
 * checks it), the chain's own encoding (a signature on solana) for another namespace's request.
 */
export type SendTransactionReturnType<Transaction extends object = Eip155Transaction> =
  Transaction extends Eip155Transaction ? Hex : string
export type SendTransactionErrorType = NoActiveCaipAddressError | BaseError

/**
 * Asks the connected wallet to send a transaction on the current network; resolves with its id.
 * The adapter validates the request and the result for its chain. Use `waitForTransaction` to
 * wait for it to be included.
 *
 * @example
 * const hash = await sendTransaction(latch, { to: '0x…', value: 10n ** 15n })
 */
export async function sendTransaction<Transaction extends object = Eip155Transaction>(
  latch: Latch,
  parameters: SendTransactionParameters<NoInfer<Transaction>>,
): Promise<SendTransactionReturnType<Transaction>> {
  const { namespace, ...transaction } = parameters
  const adapter = getAdapter(latch, resolveNamespace(latch, namespace))
  const ns = latch.store.getState().namespaces[adapter.namespace]
  const caipNetwork = ns?.network.caipNetwork
  if (ns?.account.status !== 'connected' || !caipNetwork) throw new NoActiveCaipAddressError()
  if (ns.network.unsupported) throw new UnsupportedChainIdError()
  try {
    const id = await adapter.sendTransaction({ transaction, caipNetwork })
    if (typeof id !== 'string' || id.length === 0 || id.length > 256)
      throw new InvalidWalletResponseError({ what: 'transaction id' })
    checkWalletHex(adapter.namespace, id, 'transaction id')
    latch.events.emit('SEND_TRANSACTION_SUCCESS', { namespace: adapter.namespace, hash: id })
    // Checked above: 0x-hex when the namespace is eip155.
    return id as SendTransactionReturnType<Transaction>
  } catch (raw) {
    const error = toWalletError(raw)
    latch.events.emit('SEND_TRANSACTION_ERROR', { namespace: adapter.namespace, message: error.shortMessage })
    throw error
  }
}

/**
 * Waits until the transaction is included on the current network, then refreshes the balance.
 *
 * @example
 * const { status } = await waitForTransaction(latch, { hash })
 */
export async function waitForTransaction(
  latch: Latch,
  parameters: { hash: string; namespace?: ChainNamespace | undefined },
): Promise<TransactionReceipt> {
  const adapter = getAdapter(latch, resolveNamespace(latch, parameters.namespace))
  const caipNetwork = latch.store.getState().namespaces[adapter.namespace]?.network.caipNetwork
  if (!adapter.waitForTransaction || !caipNetwork) throw new NoActiveCaipAddressError()
  const receipt = await adapter.waitForTransaction({ hash: parameters.hash, caipNetwork })
  void fetchBalance(latch, { namespace: adapter.namespace, force: true }).catch(() => {})
  return receipt
}
