import { type Address, createPublicClient, erc20Abi, getAddress, http, isAddress } from 'viem'
import { parseHexChainId, toHexChainId, type WalletChain } from './chains.js'
import { invalidParams, ProviderErrorCode, ProviderRpcError } from './errors.js'
import { paramList } from './requests.js'

/** One asset of `wallet_getAssets` in the shape the kit accepts (spec §3, §5). */
export interface WalletAsset {
  address: string
  balance: `0x${string}`
  type: 'NATIVE' | 'ERC20'
  metadata: { name: string; symbol: string; decimals: number; price: number; iconUrl: string }
}

function shownAccount(value: unknown, accounts: readonly Address[]): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    throw invalidParams('account must be an address.')
  const account = accounts.find((a) => a.toLowerCase() === value.toLowerCase())
  if (!account) throw new ProviderRpcError(ProviderErrorCode.unauthorized, 'The account is not authorized.')
  return account
}

function chainList(value: unknown, chains: ReadonlyMap<number, WalletChain>): number[] {
  if (value === undefined || value === null) return [...chains.keys()]
  if (!Array.isArray(value)) throw invalidParams('the chain list must be a list of hex chain ids.')
  return value.map(parseHexChainId).filter((id) => chains.has(id))
}

/**
 * `wallet_getCapabilities` (EIP-5792) `[address, chainIds?]`: per known chain, whether the
 * wallet lists assets (`assetDiscovery`, EIP-7811) and, when it sends batches, `atomic`
 * (`unsupported`: an EOA runs a batch's calls one after another).
 */
export function getCapabilities(
  params: unknown,
  context: {
    chains: ReadonlyMap<number, WalletChain>
    accounts: readonly Address[]
    assetDiscovery: boolean
    batchCalls: boolean
  },
): Record<string, { assetDiscovery: { supported: boolean }; atomic?: { status: 'unsupported' } }> {
  const [address, chainIds] = paramList(params)
  if (address === undefined)
    throw invalidParams('Missing address parameter in `wallet_getCapabilities` request')
  shownAccount(address, context.accounts)
  return Object.fromEntries(
    chainList(chainIds, context.chains).map((id) => [
      toHexChainId(id),
      {
        assetDiscovery: { supported: context.assetDiscovery },
        ...(context.batchCalls ? { atomic: { status: 'unsupported' as const } } : {}),
      },
    ]),
  )
}

async function chainAssets(
  chain: WalletChain,
  account: Address,
  tokens: readonly Address[],
): Promise<WalletAsset[]> {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { batch: true, retryCount: 0 }) })
  const calls = tokens.flatMap((address) =>
    (['balanceOf', 'decimals', 'symbol', 'name'] as const).map((functionName) => ({
      address,
      abi: erc20Abi,
      functionName,
      ...(functionName === 'balanceOf' ? { args: [account] } : {}),
    })),
  )
  const [native, answers] = await Promise.all([
    client.getBalance({ address: account }),
    calls.length ? client.multicall({ contracts: calls as never, deployless: true, batchSize: 0 }) : [],
  ])
  const assets: WalletAsset[] = [
    {
      address: 'native',
      balance: `0x${native.toString(16)}`,
      type: 'NATIVE',
      metadata: { ...chain.nativeCurrency, price: 0, iconUrl: '' },
    },
  ]
  tokens.forEach((address, index) => {
    const [balance, decimals, symbol, name] = (answers as { status: string; result?: unknown }[])
      .slice(index * 4, index * 4 + 4)
      .map((answer) => (answer.status === 'success' ? answer.result : undefined))
    if (typeof balance !== 'bigint' || balance === 0n || typeof decimals !== 'number') return
    if (typeof symbol !== 'string' || typeof name !== 'string') return
    assets.push({
      address: getAddress(address),
      balance: `0x${balance.toString(16)}`,
      type: 'ERC20',
      metadata: { name, symbol, decimals, price: 0, iconUrl: '' },
    })
  })
  return assets
}

/**
 * `wallet_getAssets` (EIP-7811) `[{ account, chainFilter? }]`: the native coin and the held
 * ERC-20s of the wallet's token list, read from each chain's RPC, keyed by hex chain id.
 */
export async function getAssets(
  params: unknown,
  context: {
    chains: ReadonlyMap<number, WalletChain>
    accounts: readonly Address[]
    tokens: readonly Address[]
  },
): Promise<Record<string, WalletAsset[]>> {
  const [request] = paramList(params)
  if (typeof request !== 'object' || request === null)
    throw invalidParams('wallet_getAssets expects [{ account }].')
  const { account, chainFilter } = request as { account?: unknown; chainFilter?: unknown }
  const owner = shownAccount(account, context.accounts)
  const ids = chainList(chainFilter, context.chains)
  const lists = await Promise.all(
    ids.map((id) => chainAssets(context.chains.get(id) as WalletChain, owner, context.tokens)),
  )
  return Object.fromEntries(ids.map((id, index) => [toHexChainId(id), lists[index] ?? []]))
}
