import { parseFetchPolicy } from '../account/nft-fetch.js'
import type { NftOptions } from '../account/nft-routes.js'
import { parseSpamRules } from '../account/nft-spam.js'
import { CliError } from './commands.js'

const list = (value: string | undefined): string[] | undefined =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0)

/**
 * The NFT service's settings: `LATCH_NFT_METADATA_HOSTS` (comma-separated `host[:port]`),
 * `LATCH_IPFS_GATEWAY`, `LATCH_NFT_SPAM_CONTRACTS` (CAIP-10 ids) and `LATCH_NFT_SPAM_WORDS`
 * (empty turns the word heuristic off). Unset, the service fetches no metadata or image at all.
 */
export function nftsFromEnv(env: NodeJS.ProcessEnv): NftOptions {
  const options: NftOptions = {
    metadataHosts: list(env.LATCH_NFT_METADATA_HOSTS),
    ipfsGateway: env.LATCH_IPFS_GATEWAY?.trim() || undefined,
    spamContracts: list(env.LATCH_NFT_SPAM_CONTRACTS),
    spamWords: list(env.LATCH_NFT_SPAM_WORDS),
  }
  const names: Record<string, string> = {
    metadataHosts: 'LATCH_NFT_METADATA_HOSTS',
    ipfsGateway: 'LATCH_IPFS_GATEWAY',
    spamContracts: 'LATCH_NFT_SPAM_CONTRACTS',
    spamWords: 'LATCH_NFT_SPAM_WORDS',
  }
  try {
    parseFetchPolicy(options)
    parseSpamRules(options)
  } catch (error) {
    // The option's message, under the variable the operator set.
    const message = (error as Error).message
    const option = /^account\.nfts\.([A-Za-z]+)/.exec(message)?.[1] ?? ''
    throw new CliError(`${names[option] ?? 'LATCH_NFT_*'}: ${message.replace(/^[^:]*: /, '')}`)
  }
  return options
}
