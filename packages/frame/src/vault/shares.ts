import { combine, split } from 'shamir-secret-sharing'

/** The three shares of a wallet, 2 of which rebuild it. */
export interface ShareSet {
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

/** Splits the entropy 2-of-3 (`shamir-secret-sharing`). */
export async function splitEntropy(entropy: Uint8Array): Promise<ShareSet> {
  const [device, auth, recovery] = await split(entropy, 3, 2)
  return { device: device!, auth: auth!, recovery: recovery! }
}

/** Rebuilds the entropy from two shares of one set. */
export function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  return combine([a, b])
}
