import type { Latch } from '../createLatch.js'
import { isUserRejection } from '../errors/toWalletError.js'
import { queryClientOf } from '../query/client.js'
import { resolveNameQueryOptions } from '../query/names.js'
import { recordPendingTransaction, settleWhenIncluded } from '../query/pendingTransactions.js'
import {
  maxSendAmount,
  parseAmount,
  parseRecipientInput,
  sendAmountProblem,
  tokenContract,
} from '../rules/send.js'
import { EMPTY_SEND, type SendState } from '../rules/sendState.js'
import type { TokenBalance } from '../rules/tokens.js'
import type { CaipNetwork, ChainAdapter } from '../types.js'
import { getAdapter } from './_shared.js'
import { sendTransaction, waitForTransaction } from './sendTransaction.js'

function patchSend(latch: Latch, patch: Partial<SendState>): void {
  latch.store.setState((s) => ({ ...s, send: { ...s.send, ...patch } }))
}

function activeAccount(latch: Latch): { adapter: ChainAdapter; address: string; caipNetwork: CaipNetwork } {
  const state = latch.store.getState()
  const adapter = getAdapter(latch, state.activeNamespace)
  const ns = state.namespaces[adapter.namespace]
  const address = ns?.account.address
  const caipNetwork = ns?.network.caipNetwork
  if (!address || !caipNetwork || !adapter.prepareTransfer || !adapter.parseRecipient)
    throw new Error('Sending is not available for this account.')
  return { adapter, address, caipNetwork }
}

// Only the form's own state survives an await: a change of network in between resets the form,
// and a late answer must not write into the new one.
function stillCurrent(latch: Latch, form: SendState): boolean {
  return latch.store.getState().send === form
}

/** Edits the send form (token, recipient, amount); any edit goes back to editing. */
export function setSendForm(latch: Latch, patch: Partial<Pick<SendState, 'token' | 'to' | 'amount'>>): void {
  patchSend(latch, {
    ...patch,
    // A new recipient is no longer the name that was resolved.
    ...(patch.to !== undefined ? { toName: undefined } : {}),
    status: 'editing',
    problem: undefined,
    failure: undefined,
    fee: undefined,
  })
}

/** Clears the form (after a send, or to start over). */
export function resetSend(latch: Latch): void {
  latch.store.setState((s) => ({ ...s, send: EMPTY_SEND }))
}

/**
 * "Max": the token's whole balance; for the native coin, the balance less the fee of a transfer
 * (estimated by the adapter), so the wallet can still pay for it.
 */
export async function fillMaxAmount(latch: Latch, { token }: { token: TokenBalance }): Promise<void> {
  if (token.address !== undefined) return setSendForm(latch, { amount: maxSendAmount(token, 0n) })
  const { adapter, address, caipNetwork } = activeAccount(latch)
  const form = latch.store.getState().send
  try {
    const { fee } = await adapter.prepareTransfer!({ from: address, to: address, amount: 0n, caipNetwork })
    if (stillCurrent(latch, form)) setSendForm(latch, { amount: maxSendAmount(token, fee) })
  } catch {
    if (stillCurrent(latch, form)) patchSend(latch, { failure: 'fee' })
  }
}

/**
 * Checks the form (recipient, amount against the balance), resolves a typed name (ENS on eip155)
 * to its address, and asks the adapter for the transaction and its network fee; the form then
 * shows the review. Nothing is sent.
 */
export async function reviewSend(latch: Latch, { token }: { token: TokenBalance }): Promise<void> {
  const { adapter, address, caipNetwork } = activeAccount(latch)
  const { to, amount } = latch.store.getState().send
  const typed = parseRecipientInput(to, adapter)
  const problem = typed.kind === 'invalid' ? 'recipient' : sendAmountProblem(amount, token)
  if (problem || typed.kind === 'invalid') return patchSend(latch, { problem })
  const value = parseAmount(amount, Number(token.quantity.decimals)) as bigint
  patchSend(latch, { status: 'preparing', problem: undefined, failure: undefined })
  let form = latch.store.getState().send
  let recipient: string
  if (typed.kind === 'name') {
    let resolved: string | null
    try {
      resolved = await queryClientOf(latch).fetchQuery(
        resolveNameQueryOptions(latch, { namespace: adapter.namespace, name: typed.name }),
      )
    } catch {
      // The node could not be asked: not the name's fault, and nothing to send to.
      if (stillCurrent(latch, form)) patchSend(latch, { status: 'editing', failure: 'name' })
      return
    }
    if (!stillCurrent(latch, form)) return
    if (resolved === null) return patchSend(latch, { status: 'editing', problem: 'name' })
    recipient = resolved
  } else recipient = typed.address
  patchSend(latch, { to: recipient, toName: typed.kind === 'name' ? typed.name : undefined })
  form = latch.store.getState().send
  try {
    const { fee } = await adapter.prepareTransfer!({
      from: address,
      to: recipient,
      amount: value,
      token: tokenContract(token),
      caipNetwork,
    })
    if (!stillCurrent(latch, form)) return
    // The native coin pays the fee as well: it must fit beside the amount.
    const short = sendAmountProblem(amount, token, fee)
    patchSend(latch, short ? { status: 'editing', problem: short } : { status: 'review', fee })
  } catch {
    // A transfer the node refuses to estimate (a token transfer that would revert) is not sent.
    if (stillCurrent(latch, form)) patchSend(latch, { status: 'editing', failure: 'fee' })
  }
}

/**
 * Sends the reviewed transfer through the connected wallet, waits for it to be included, and
 * refreshes the balances. The form ends in 'success' with the hash, or 'failed' with why.
 */
export async function confirmSend(latch: Latch, { token }: { token: TokenBalance }): Promise<void> {
  const { adapter, address, caipNetwork } = activeAccount(latch)
  const { to, amount, status } = latch.store.getState().send
  if (status !== 'review') return
  const value = parseAmount(amount, Number(token.quantity.decimals)) as bigint
  patchSend(latch, { status: 'pending' })
  let form = latch.store.getState().send
  try {
    const { transaction } = await adapter.prepareTransfer!({
      from: address,
      to,
      amount: value,
      token: tokenContract(token),
      caipNetwork,
    })
    const hash = await sendTransaction<object>(latch, { ...transaction, namespace: adapter.namespace })
    if (stillCurrent(latch, form)) patchSend(latch, { hash })
    form = latch.store.getState().send
    // Activity shows it at once as pending, and after a reload too, until its receipt arrives.
    const contract = tokenContract(token)
    recordPendingTransaction(latch, {
      hash,
      chain: caipNetwork.caipNetworkId,
      from: address,
      to,
      ...(contract ? { token: contract } : {}),
      symbol: token.symbol,
      quantity: { decimals: token.quantity.decimals, numeric: amount, raw: value.toString() },
    })
    const receipt = await settleWhenIncluded(latch, {
      hash,
      caipNetwork,
      wait: () => waitForTransaction(latch, { hash, namespace: adapter.namespace }),
    })
    if (stillCurrent(latch, form))
      patchSend(
        latch,
        receipt.status === 'success' ? { status: 'success' } : { status: 'failed', failure: 'reverted' },
      )
  } catch (error) {
    if (stillCurrent(latch, form))
      patchSend(latch, { status: 'failed', failure: isUserRejection(error) ? 'rejected' : 'failed' })
  }
}
