import type { Latch } from '../createLatch.js'
import { AdapterOrConnectorNotFoundError } from '../errors/adapter.js'
import { patchSession } from './_session.js'
import { activeEmbeddedWallet } from './exportWallet.js'

/**
 * Switches the embedded wallet the active account is connected with between its own key (`eoa`)
 * and its smart account (spec §7 'set preferred account'): the session's EVM account becomes the
 * one the wallet now answers with, and the session's preferred account type follows.
 */
export async function setEmbeddedAccountType(
  latch: Latch,
  type: 'eoa' | 'smartAccount',
): Promise<{ type: 'eoa' | 'smartAccount'; address: string }> {
  const active = activeEmbeddedWallet(latch)
  if (active === undefined) throw new AdapterOrConnectorNotFoundError({ namespace: 'embedded' })
  const chosen = await active.embedded.setPreferredAccountType(type)
  patchSession(latch, active.connector.id, {
    preferredAccountType: chosen.type,
    smartAccountDeployed: chosen.smartAccountDeployed,
  })
  return { type: chosen.type, address: chosen.address }
}
