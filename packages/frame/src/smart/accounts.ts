import { type Address, getAddress, type Hex } from 'viem'
import type { Api } from '../api.js'
import { FrameError } from '../protocol.js'
import { type Networks, readNetworks } from './services.js'
import type { AccountDomain } from './signatures.js'
import { accountAddressCall, accountAddressOf } from './simpleAccount.js'

type Rpc = (method: string, params?: unknown[]) => Promise<unknown>

/** The visitor's smart account on one chain, and the factory it comes from. */
export interface SmartAccount {
  address: Address
  factory: Address
}

/**
 * Where the visitor's smart accounts are: the project's smart-account chains (asked once, again
 * after a failure), each owner's counterfactual address there (the factory's `getAddress`, read
 * once), whether it is deployed (its code, read each time) and its accounts' EIP-712 domain (read
 * once).
 */
export function createSmartAccounts(api: Api, rpcFor: (chain: string) => Rpc) {
  let networks: Promise<Networks> | undefined
  const enabled = (): Promise<Networks> => {
    networks ??= readNetworks(api).catch((error: unknown) => {
      networks = undefined
      throw error
    })
    return networks
  }

  const addresses = new Map<string, Address>()
  /** The owner's smart account on `chain`, or undefined when the project runs none there. */
  async function accountOn(chain: string, owner: string): Promise<SmartAccount | undefined> {
    const network = (await enabled()).get(chain)
    if (network === undefined) return undefined
    const factory = network.factory as Address
    const key = `${chain}|${factory}|${owner.toLowerCase()}`
    let address = addresses.get(key)
    if (address === undefined) {
      const answer = await rpcFor(chain)('eth_call', [
        { to: factory, data: accountAddressCall(getAddress(owner)) },
        'latest',
      ])
      try {
        address = getAddress(accountAddressOf(answer as Hex))
      } catch {
        throw new FrameError(`The smart account factory on ${chain} did not answer an address`, 'RPC_ERROR')
      }
      addresses.set(key, address)
    }
    return { address, factory }
  }

  /** The owner's smart account on `chain`; refused when the project runs none there. */
  async function requireOn(chain: string, owner: string): Promise<SmartAccount> {
    const smart = await accountOn(chain, owner)
    if (smart === undefined)
      throw new FrameError(`This app runs no smart accounts on ${chain}`, 'SMART_ACCOUNT_UNAVAILABLE')
    return smart
  }

  async function isDeployed(chain: string, address: string): Promise<boolean> {
    const code = await rpcFor(chain)('eth_getCode', [address, 'latest'])
    return typeof code === 'string' && /^0x[0-9a-fA-F]*[1-9a-fA-F][0-9a-fA-F]*$/.test(code)
  }

  const domains = new Map<string, Promise<AccountDomain>>()
  /** The EIP-712 domain of `factory`'s accounts (ERC-7739 signatures), read once; a refusal is asked again next time. */
  function domainOf(chain: string, factory: Address): Promise<AccountDomain> {
    const key = `${chain}|${factory}`
    let domain = domains.get(key)
    if (domain === undefined) {
      // Loaded with import(): only a message or typed data from the smart account needs it.
      domain = import('./signatures.js').then(({ readAccountDomain }) =>
        readAccountDomain(rpcFor(chain), factory),
      )
      domain.catch(() => domains.delete(key))
      domains.set(key, domain)
    }
    return domain
  }

  return { enabled, accountOn, requireOn, isDeployed, domainOf }
}

export type SmartAccounts = ReturnType<typeof createSmartAccounts>
