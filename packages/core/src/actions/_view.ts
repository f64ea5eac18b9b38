import type { Latch } from '../createLatch.js'
import { type BaseError, isUserRejection, UnsupportedChainIdError } from '../internal.js'
import type { ViewError } from '../state.js'
import { closeModal } from './close.js'

/** How the current view presents a failure. */
export function viewErrorFrom(latch: Latch, error: BaseError): ViewError {
  const view = latch.store.getState().router.history.at(-1)?.view ?? 'Connect'
  if (isUserRejection(error)) return { view, code: 'user-rejected', message: error.shortMessage }
  if (error instanceof UnsupportedChainIdError)
    return { view, code: 'unsupported-chain', message: error.shortMessage }
  return { view, code: 'unknown', message: error.shortMessage }
}

/** After a connect the modal closes, unless it is showing something else by then. */
export function closeAfterConnect(latch: Latch): void {
  const { modal, router } = latch.store.getState()
  const top = router.history.at(-1)?.view
  if (
    modal.open &&
    (top === 'Connecting' ||
      top === 'ConnectingWalletConnectBasic' ||
      top === 'Connect' ||
      top === 'AllWallets')
  )
    closeModal(latch)
}
