/**
 * The modal lives in its own chunk. It is fetched when the visitor is about to open it (hover or
 * focus on a Latch button), when the browser is idle after start-up, or at the latest on open.
 * Once fetched it is mounted at once (rendering nothing while closed), so opening is one render.
 */
type ModalModule = typeof import('./Modal.js')

let pending: Promise<ModalModule> | undefined
let loaded: ModalModule | undefined
const listeners = new Set<(module: ModalModule) => void>()

export function loadModal(): Promise<ModalModule> {
  pending ??= import('./Modal.js').then(
    (module) => {
      loaded = module
      for (const listener of listeners) listener(module)
      return module
    },
    (error: unknown) => {
      pending = undefined
      throw error
    },
  )
  return pending
}

/** The modal module when it has already been fetched. */
export function getLoadedModal(): ModalModule | undefined {
  return loaded
}

export function onModalLoaded(listener: (module: ModalModule) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
