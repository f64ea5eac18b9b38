import type { Latch } from '../createLatch.js'
import { ResourceUnavailableRpcError } from '../errors/jsonRpc.js'
import { UnsupportedChainIdError } from '../errors/network.js'
import { isUserRejection, toWalletError } from '../errors/toWalletError.js'
import type { ViewError } from '../state.js'
import { closeModal } from './close.js'

/** How the current view presents a failure. */
export function viewErrorFrom(latch: Latch, raw: unknown): ViewError {
  const error = toWalletError(raw)
  const view = latch.store.getState().router.history.at(-1)?.view ?? 'Connect'
  const base = { view, name: error.name, message: error.shortMessage }
  if (isUserRejection(error)) return { ...base, code: 'user-rejected' }
  // -32002: the wallet still has an earlier request open (a refusal is 4001), so say that.
  if (error instanceof ResourceUnavailableRpcError) return { ...base, code: 'request-pending' }
  if (error instanceof UnsupportedChainIdError) return { ...base, code: 'unsupported-chain' }
  return { ...base, code: 'unknown' }
}

/** After a connect from the modal, it closes, unless it is showing something else by then. */
export function closeAfterConnect(latch: Latch): void {
  const { modal, router } = latch.store.getState()
  const top = router.history.at(-1)?.view
  if (
    modal.open &&
    (top === 'Connecting' ||
      top === 'ConnectingWalletConnectBasic' ||
      top === 'EmbeddedWallet' ||
      top === 'ConnectingFarcaster' ||
      top === 'Connect' ||
      top === 'AllWallets')
  ) {
    closeModal(latch)
  }
}
