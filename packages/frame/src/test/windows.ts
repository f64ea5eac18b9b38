// The frame's window tests' stand-ins: a window the other side holds, and the own window's message
// events, driven by hand. Not shipped: only tests import it.
import type { Incoming } from '../approval-window.js'

/** A window the other side holds: what was posted to it, and whether it is closed. */
export class FakeWindow {
  sent: { message: unknown; targetOrigin: string }[] = []
  closed = false
  postMessage(message: unknown, targetOrigin: string) {
    this.sent.push({ message, targetOrigin })
  }
  close() {
    this.closed = true
  }
}

/** The own window's message events: `listen` as the code under test uses it, `emit` for the test. */
export function messages() {
  const handlers = new Set<(event: Incoming) => void>()
  return {
    listen: (handler: (event: Incoming) => void) => {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    emit: (event: Incoming) => {
      for (const handler of [...handlers]) handler(event)
    },
    get listening() {
      return handlers.size
    },
  }
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))
