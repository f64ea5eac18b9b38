import { createPublicClient, custom, getAddress, type PublicClient } from 'viem'
import { getEnsAddress, getEnsName, getEnsText } from 'viem/actions'
import { normalize } from 'viem/ens'

// Given the client of Ethereum (chain 1) the adapter reads with (evmActions.ts): only viem here,
// so this chunk shares no module with the first load.

/**
 * The same node, through the same transport, with CCIP-Read off: a name whose records are served
 * off-chain would otherwise make the page fetch from the gateway its resolver names, a host the
 * app never configured. Such names read as failures (no name shown, 'could not be looked up').
 */
function onChainOnly(client: PublicClient): PublicClient {
  return createPublicClient({
    chain: client.chain,
    transport: custom({ request: client.request }),
    ccipRead: false,
  }) as PublicClient
}

/** `name` in ENS's normalized form (ENSIP-15, viem's `normalize`), or null when it is not valid. */
function normalizedOrNull(name: string): string | null {
  try {
    return normalize(name)
  } catch {
    return null
  }
}

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
  const ens = onChainOnly(client)
  const name = await getEnsName(ens, { address: getAddress(address) })
  // A name that is not in normalized form is not shown (it could imitate another one).
  if (!name || normalizedOrNull(name) !== name) return null
  const avatar = await getEnsText(ens, { name, key: 'avatar' }).catch(() => null)
  return { name, avatar: avatar ?? undefined }
}

/** The address an ENS name points at (checksummed), or null when it is invalid or points nowhere. */
export async function resolveName(client: PublicClient, { name }: { name: string }): Promise<string | null> {
  const normalized = normalizedOrNull(name)
  if (normalized === null) return null
  const address = await getEnsAddress(onChainOnly(client), { name: normalized })
  return address ? getAddress(address) : null
}
