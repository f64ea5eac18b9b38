import { getAddress, isAddress } from 'viem'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

/**
 * `project set-swap ID CAIP2 --router ADDRESS --weth ADDRESS`, or `--router none`: the project's
 * Uniswap-v2-style router on that chain (and the wrapped native token it routes through), which the
 * swap quotes read over the project's RPC URL for that chain.
 */
export async function setSwapRouter(
  repository: Repository,
  id: string,
  chainId: string,
  input: { router?: string | undefined; weth?: string | undefined },
): Promise<string> {
  if ((await repository.getProject(id)) === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  if (!/^eip155:[1-9][0-9]{0,15}$/.test(chainId))
    throw new CliError('The chain must be an eip155 CAIP-2 id, e.g. eip155:1')
  if (input.router === 'none') {
    await repository.swaps.setRouter(id, chainId, undefined)
    return `${id}: no swaps on ${chainId}`
  }
  for (const name of ['router', 'weth'] as const) {
    const value = input[name]
    if (value === undefined || !isAddress(value))
      throw new CliError(`--${name} must be a contract address (0x…)`)
  }
  const setting = { router: getAddress(input.router!), weth: getAddress(input.weth!) }
  await repository.swaps.setRouter(id, chainId, setting)
  const rpc = await repository.siwx.getRpcUrl(id, chainId)
  return `${id}: swaps on ${chainId} through router ${setting.router} (wrapped native ${setting.weth})${rpc ? '' : `; set the chain's RPC URL with \`latch-server project set-rpc ${id} ${chainId} URL\``}`
}
