import { getAddress, isAddress } from 'viem'

/** How the NFT service recognizes spam: contracts the operator lists, and words in a collection's name. */
export interface SpamRules {
  /** `chainId:address` (CAIP-10, address lowercase) of contracts always hidden. */
  contracts: ReadonlySet<string>
  /** Lowercase words or phrases; a collection whose name or symbol contains one is hidden. */
  words: readonly string[]
}

/**
 * Words of unsolicited airdrops: they lure the holder to a site to "claim" something. A default
 * the operator replaces with `account.nfts.spamWords` (`[]` turns the heuristic off).
 */
export const defaultSpamWords: readonly string[] = Object.freeze([
  'claim',
  'reward',
  'airdrop',
  'voucher',
  'free mint',
  'visit ',
  'giveaway',
])

// A link in a collection's name or symbol is a lure, whatever the words.
const link = /https?:\/\/|www\.|\.(?:com|io|xyz|net|org|app|site|online|gift|top)\b/i

/** Checks the operator's spam settings at start-up: CAIP-10 eip155 contracts and non-empty words. */
export function parseSpamRules(options: {
  spamContracts?: readonly string[] | undefined
  spamWords?: readonly string[] | undefined
}): SpamRules {
  const contracts = new Set<string>()
  for (const [index, entry] of (options.spamContracts ?? []).entries()) {
    const match = /^(eip155:[1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/.exec(String(entry))
    if (!match || !isAddress(match[2]!))
      throw new TypeError(
        `account.nfts.spamContracts[${index}]: expected a CAIP-10 id such as eip155:1:0xAbc… with a valid checksum`,
      )
    contracts.add(`${match[1]}:${getAddress(match[2]!).toLowerCase()}`)
  }
  const words = (options.spamWords ?? defaultSpamWords).map((word, index) => {
    if (typeof word !== 'string' || word.trim().length === 0)
      throw new TypeError(`account.nfts.spamWords[${index}]: expected a non-empty word`)
    return word.toLowerCase()
  })
  return { contracts, words }
}

/** Whether a collection is spam: listed by the operator, or named like an airdrop lure. */
export function isSpamCollection(
  rules: SpamRules,
  collection: { chainId: string; address: string; name?: string | undefined; symbol?: string | undefined },
): boolean {
  if (rules.contracts.has(`${collection.chainId}:${collection.address.toLowerCase()}`)) return true
  const names = [collection.name, collection.symbol].filter((n): n is string => typeof n === 'string')
  return names.some((name) => {
    const lower = name.toLowerCase()
    return link.test(name) || rules.words.some((word) => lower.includes(word))
  })
}
