import type { CaipNetwork } from '@latch/core'

/** The namespaces the kit names, with what a wallet is asked for in each. */
const KNOWN: Record<string, { methods: readonly string[]; events: readonly string[] }> = {
  eip155: {
    methods: [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'eth_accounts',
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: {
    methods: [
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
    ],
    events: ['accountsChanged'],
  },
  bip122: { methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'], events: [] },
  polkadot: { methods: ['polkadot_signMessage', 'polkadot_signTransaction'], events: [] },
  cosmos: { methods: ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts'], events: [] },
}

/** One proposed namespace, in the shape of the WalletConnect proposal (CAIP-25). */
export interface ProposedNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/**
 * EIP-5792 batches, asked for beside the eip155 methods so a wallet that has them approves them
 * and sends the kit's batches itself (any other gets the kit's one-call-at-a-time fallback). Not
 * part of the sign-in's ReCap: signing in authorizes what the kit needs, and batches are extra.
 */
const EIP155_BATCH_METHODS = [
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_showCallsStatus',
]

/**
 * The optional namespaces of a session proposal, built from the app's networks: one per
 * namespace, its chains, the methods and events the kit uses there (none for namespaces it does
 * not know: the generic fallback lets the wallet decide), and an RPC map pointing at the app's
 * own RPC URLs so read calls never go to a default host. `rpcMap` entries (keyed by CAIP-2 id)
 * win over the networks' URLs; a network with neither is read through the project's RPC endpoint
 * on the app's `@latch/server` (`projectRpcUrl`), so the universal provider never falls back to
 * WalletConnect's own RPC host.
 */
export function buildOptionalNamespaces(
  networks: readonly CaipNetwork[],
  rpcMap: Readonly<Record<string, string>> = {},
  projectRpcUrl?: (caipNetworkId: string) => string | undefined,
): Record<string, ProposedNamespace> {
  const result: Record<string, ProposedNamespace> = {}
  for (const network of networks) {
    const known = KNOWN[network.chainNamespace]
    const entry = result[network.chainNamespace] ?? {
      chains: [],
      methods: [
        ...(known?.methods ?? []),
        ...(network.chainNamespace === 'eip155' ? EIP155_BATCH_METHODS : []),
      ],
      events: [...(known?.events ?? [])],
      rpcMap: {},
    }
    result[network.chainNamespace] = entry
    if (entry.chains.includes(network.caipNetworkId)) continue
    entry.chains.push(network.caipNetworkId)
    const url =
      rpcMap[network.caipNetworkId] ??
      network.rpcUrls.default.http[0] ??
      projectRpcUrl?.(network.caipNetworkId)
    // The universal provider keys eip155 RPC URLs by the numeric chain id, others by CAIP-2.
    if (url)
      entry.rpcMap[network.chainNamespace === 'eip155' ? String(network.id) : network.caipNetworkId] = url
  }
  return result
}

/** Reads a CAIP-10 account (`namespace:reference:address`); undefined for anything else. */
export function parseCaip10(value: unknown): { chain: string; address: string } | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/.exec(value)
  if (!match) return undefined
  return { chain: `${match[1]}:${match[2]}`, address: match[3] as string }
}

/** The methods the kit asks for in each namespace it knows. */
export const KNOWN_METHODS = {
  eip155: (KNOWN.eip155 as { methods: readonly string[] }).methods,
}
