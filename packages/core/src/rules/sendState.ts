// The send form's state and who owns it: kept apart from the amount rules so that creating an
// instance (which resets the form on a change of network) does not load the token code.
import type { LatchState } from '../state.js'

/** Why the send form cannot go on to review (each has its message in the catalogs). */
export type SendProblem =
  | 'recipient'
  | 'name'
  | 'amount-invalid'
  | 'amount-decimals'
  | 'amount-zero'
  | 'insufficient'

/**
 * The send form of the active account (spec §1 send, §4: a change of active network resets it).
 * `token` is the token balance's `address` (CAIP-10), or `'native'` for the network's coin.
 */
export interface SendState {
  status: 'editing' | 'preparing' | 'review' | 'pending' | 'success' | 'failed'
  token: string | undefined
  to: string
  /** The name the visitor typed when `to` is the address it resolved to (on review). */
  toName?: string | undefined
  amount: string
  /** The network fee estimated for the reviewed transfer, in the native coin's smallest unit. */
  fee: bigint | undefined
  problem: SendProblem | undefined
  /** The transaction's id once the wallet sent it. */
  hash: string | undefined
  /**
   * Why it did not go through: declined in the wallet, reverted on chain, any other failure; or
   * before review, the fee or the typed name that could not be looked up.
   */
  failure: 'rejected' | 'reverted' | 'failed' | 'fee' | 'name' | undefined
}

export const EMPTY_SEND: SendState = {
  status: 'editing',
  token: undefined,
  to: '',
  amount: '',
  fee: undefined,
  problem: undefined,
  hash: undefined,
  failure: undefined,
}

/** Whose form it is: the active namespace, its network and its address. */
export function sendFormOwner(state: LatchState): string {
  const namespace = state.activeNamespace
  const ns = namespace ? state.namespaces[namespace] : undefined
  return `${namespace}|${ns?.network.caipNetwork?.caipNetworkId}|${ns?.account.address}`
}
