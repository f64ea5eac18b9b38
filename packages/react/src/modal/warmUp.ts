import type { Latch } from '@latch/core'
import { loadModal } from './load.js'

/**
 * Gets the modal ready before it opens: its code, then the wallet list and project config
 * (`prefetch` never throws and runs once). The registry client ships in the modal's chunk, so
 * first load pays for neither. Called when the browser is idle after start-up and when the
 * pointer or focus reaches a Latch button.
 */
export function warmUp(latch: Latch): void {
  loadModal().then(
    (module) => module.prefetchWallets(latch),
    () => {},
  )
}
