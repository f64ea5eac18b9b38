import { getAddress, isAddress } from 'viem'
import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import type { Repository } from '../storage/types.js'
import {
  aggregatorNames,
  defaultAggregatorUrls,
  isSwapAggregator,
  swapAggregatorIds,
} from '../swap/aggregator.js'
import { CliError } from './commands.js'

export interface SetSwapInput {
  /** 'uniswap-v2' (the default with --router), '0x', 'lifi', or 'none'. */
  provider?: string | undefined
  router?: string | undefined
  weth?: string | undefined
  /** The aggregator's API base URL; its public API when absent. */
  apiUrl?: string | undefined
  apiKey?: string | undefined
}

/**
 * `project set-swap ID CAIP2 --router ADDRESS --weth ADDRESS`: the project's Uniswap-v2-style
 * router on that chain (and the wrapped native token it routes through), read over the project's
 * RPC URL for that chain; `--provider 0x|lifi --api-key KEY [--api-url URL]`: an aggregator's API
 * instead, with the project's key, sealed under the embedded wallet's `share` key as the on-ramp
 * secrets are; `--router none` or `--provider none` ends swaps there. A chain has one provider.
 */
export async function setSwapProvider(
  repository: Repository,
  id: string,
  chainId: string,
  input: SetSwapInput,
  secretKey?: string | undefined,
): Promise<string> {
  if ((await repository.getProject(id)) === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  if (!/^eip155:[1-9][0-9]{0,15}$/.test(chainId))
    throw new CliError('The chain must be an eip155 CAIP-2 id, e.g. eip155:1')
  const provider = input.provider ?? (input.router === 'none' ? 'none' : 'uniswap-v2')
  const rpc = await repository.siwx.getRpcUrl(id, chainId)
  const rpcHint = rpc
    ? ''
    : `; set the chain's RPC URL with \`latch-server project set-rpc ${id} ${chainId} URL\``
  if (provider === 'none') {
    await repository.swaps.setRouter(id, chainId, undefined)
    return `${id}: no swaps on ${chainId}`
  }
  if (provider === 'uniswap-v2') {
    for (const name of ['router', 'weth'] as const) {
      const value = input[name]
      if (value === undefined || !isAddress(value))
        throw new CliError(`--${name} must be a contract address (0x…)`)
    }
    const setting = { router: getAddress(input.router!), weth: getAddress(input.weth!) }
    await repository.swaps.setRouter(id, chainId, setting)
    return `${id}: swaps on ${chainId} through router ${setting.router} (wrapped native ${setting.weth})${rpcHint}`
  }
  if (!isSwapAggregator(provider))
    throw new CliError(
      `Unknown swap provider "${provider}": use uniswap-v2 (with --router), ${swapAggregatorIds.join(', ')} or none`,
    )
  const apiUrl = input.apiUrl?.trim() || defaultAggregatorUrls[provider]
  if (!URL.canParse(apiUrl)) throw new CliError("--api-url must be the aggregator's API base URL (https://…)")
  const parsed = new URL(apiUrl)
  const local = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(parsed.hostname)
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local))
    throw new CliError('--api-url must start with https:// (http:// only for a service on this machine)')
  if (parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '')
    throw new CliError('--api-url has no query, fragment or credentials (the key goes in --api-key)')
  const apiKey = input.apiKey?.trim() ?? ''
  if (!/^[\x21-\x7e]{8,200}$/.test(apiKey))
    throw new CliError(
      `--api-key is required: the project's ${aggregatorNames[provider]} API key (8 to 200 printable characters, no spaces)`,
    )
  const ring = new KeyRing(repository.embedded, secretKey)
  await ring.ensure()
  await repository.swaps.setAggregator(id, chainId, {
    provider,
    apiUrl: parsed.toString(),
    sealedApiKey: await ring.encrypt(
      Buffer.from(apiKey, 'utf8'),
      atRestContext.swapApiKey(id, chainId, provider),
    ),
  })
  return `${id}: swaps on ${chainId} through ${aggregatorNames[provider]} (${parsed.origin}, with the project's API key)${rpcHint}`
}
