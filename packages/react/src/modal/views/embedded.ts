import type { Latch } from '@latch/core'
import type { EmbeddedWalletConnector } from '@latch/core/embedded'

/** The app's embedded-wallet connector (an AUTH session connector with the email flow), if any. */
export function embeddedConnectorOf(latch: Latch): EmbeddedWalletConnector | undefined {
  for (const connector of latch.sessionConnectors.values()) {
    const candidate = connector as Partial<EmbeddedWalletConnector>
    if (connector.type === 'AUTH' && typeof candidate.subscribeLogin === 'function')
      return connector as EmbeddedWalletConnector
  }
  return undefined
}
