import type { Latch, SessionConnector } from '@latch/core'
import { embeddedWalletOf } from '@latch/core/internal'

/** The app's embedded-wallet session connector (the one that declares the embedded wallet's abilities), if any. */
export function embeddedConnectorOf(latch: Latch): SessionConnector | undefined {
  return embeddedWalletOf(latch)?.connector
}
