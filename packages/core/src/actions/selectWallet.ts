import type { Latch } from '../createLatch.js'
import type { ChainNamespace } from '../types.js'
import { connect } from './connect.js'
import { pushView, replaceView } from './navigate.js'

/**
 * The modal's "pick a wallet" flow: shows the Connecting view for the wallet and connects. The
 * outcome is in state (connected and closed, or the error on the Connecting view); this never
 * throws, so a click handler can fire and forget it.
 */
export async function selectWallet(
  latch: Latch,
  parameters: { connectorId: string; namespace?: ChainNamespace | undefined; retry?: boolean },
): Promise<void> {
  const entry = {
    view: 'Connecting' as const,
    params: { connectorId: parameters.connectorId, namespace: parameters.namespace },
  }
  if (parameters.retry) replaceView(latch, entry)
  else pushView(latch, entry)
  await connect(latch, { connectorId: parameters.connectorId, namespace: parameters.namespace }).catch(
    () => {},
  )
}
