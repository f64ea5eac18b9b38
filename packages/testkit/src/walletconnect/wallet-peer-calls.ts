// EIP-5792 on the scripted WalletConnect wallet: the same batches as the injected test wallet
// (one approval, then each call in order; status from the chain's receipts), advertised in the
// session's scoped properties (`atomic` per approved chain), which the universal provider
// answers `wallet_getCapabilities` from without a round trip to the wallet.
import type { ProposalTypes } from '@walletconnect/types'
import { isAddressEqual } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { getCapabilities } from '../wallet/assets.js'
import { createBatches } from '../wallet/calls.js'
import type { WalletChain } from '../wallet/chains.js'
import { unauthorized } from '../wallet/errors.js'
import { sendTransaction } from '../wallet/requests.js'

/** The EIP-5792 methods the peer answers when its session lists them. */
export const BATCH_METHODS: readonly string[] = [
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_showCallsStatus',
]

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const ATOMIC = { atomic: { status: 'unsupported' } }

/** The session's scoped properties: per approved eip155 chain, the batches' capability. */
export function batchScopedProperties(chainIds: readonly number[]): ProposalTypes.ScopedProperties {
  return Object.fromEntries(chainIds.map((id) => [`eip155:${id}`, ATOMIC]))
}

/** Answers the EIP-5792 methods; throws the wallet's error (with its `code`) otherwise. */
export function createPeerBatchCalls(wallet: {
  accounts: readonly PrivateKeyAccount[]
  active: () => PrivateKeyAccount
  chains: ReadonlyMap<number, string>
}): (method: string, params: unknown) => Promise<unknown> {
  const chain = (id: number): WalletChain | undefined => {
    const rpcUrl = wallet.chains.get(id)
    return rpcUrl ? { id, name: `Chain ${id}`, rpcUrl, nativeCurrency: ETH } : undefined
  }
  const batches = createBatches({
    chain,
    requireAccount(address) {
      const account = wallet.accounts.find((a) => isAddressEqual(a.address, address))
      if (!account) throw unauthorized()
      return account
    },
    shownAddress: () => wallet.active().address,
    // The peer's `rejectRequests` plays the user before any request reaches a handler.
    prompt: () => {},
    send: sendTransaction,
  })
  return async (method, params) => {
    switch (method) {
      case 'wallet_sendCalls':
        return batches.sendCalls(params)
      case 'wallet_getCallsStatus':
        return batches.getCallsStatus(params)
      case 'wallet_showCallsStatus':
        return batches.showCallsStatus(params)
      default: {
        const chains = new Map([...wallet.chains.keys()].map((id) => [id, chain(id) as WalletChain]))
        return getCapabilities(params, {
          chains,
          accounts: [wallet.active().address],
          assetDiscovery: false,
          batchCalls: true,
        })
      }
    }
  }
}
