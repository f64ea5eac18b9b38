/**
 * The modal lives in its own chunk. It is fetched when the visitor is about to open it (hover or
 * focus on a Latch button), when the browser is idle after start-up, or at the latest on open.
 */
let modalModule: Promise<typeof import('./Modal.js')> | undefined

export function loadModal(): Promise<typeof import('./Modal.js')> {
  modalModule ??= import('./Modal.js').catch((error: unknown) => {
    modalModule = undefined
    throw error
  })
  return modalModule
}
