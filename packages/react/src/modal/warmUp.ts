import { type Latch, prefetch } from '@latch/core'
import { loadModal } from './load.js'

/**
 * Gets the modal ready before it opens: its code, and the wallet list and project config
 * (`prefetch` never throws and runs once). Called when the browser is idle after start-up and
 * when the pointer or focus reaches a Latch button.
 */
export function warmUp(latch: Latch): void {
  void loadModal().catch(() => {})
  void prefetch(latch)
}
