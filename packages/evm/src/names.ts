import { getAddress, type PublicClient } from 'viem'
import { getEnsAddress, getEnsName, getEnsText } from 'viem/actions'
import { normalize } from 'viem/ens'

// Given the client of Ethereum (chain 1) the adapter reads with (evmActions.ts): only viem here,
// so this chunk shares no module with the first load.

/**
 * The primary ENS name of `address` (viem's `getEnsName` through the UniversalResolver, which
 * checks that the name points back at the address) and its `avatar` text record as written.
 * The record is not fetched here: viem's `getEnsAvatar` would fetch it from the page to check it
 * is an image, so the kit hands it to the app's server instead.
 */
export async function lookupName(
  client: PublicClient,
  { address }: { address: string },
): Promise<{ name: string; avatar: string | undefined } | null> {
  const name = await getEnsName(client, { address: getAddress(address) })
  if (!name) return null
  // A name that is not in normalized form is not shown (it could imitate another one).
  let normalized: string
  try {
    normalized = normalize(name)
  } catch {
    return null
  }
  if (normalized !== name) return null
  const avatar = await getEnsText(client, { name, key: 'avatar' }).catch(() => null)
  return { name, avatar: avatar ?? undefined }
}

/** The address an ENS name points at (checksummed), or null when it is invalid or points nowhere. */
export async function resolveName(client: PublicClient, { name }: { name: string }): Promise<string | null> {
  let normalized: string
  try {
    normalized = normalize(name)
  } catch {
    return null
  }
  const address = await getEnsAddress(client, { name: normalized })
  return address ? getAddress(address) : null
}
