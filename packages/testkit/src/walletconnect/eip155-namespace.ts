import type { ProposalTypes, SessionTypes } from '@walletconnect/types'

/** Methods the scripted wallet answers. */
export const WALLET_PEER_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_showCallsStatus',
] as const

/** Events the scripted wallet emits. */
export const WALLET_PEER_EVENTS = ['chainChanged', 'accountsChanged'] as const

export type NamespaceChoice =
  | { ok: true; namespaces: SessionTypes.Namespaces; chainIds: number[] }
  | { ok: false; reason: 'unsupported-chains' | 'unsupported-namespaces'; message: string }

const eip155ChainPattern = /^eip155:([1-9][0-9]{0,15})$/

/** Reads the numeric id out of a CAIP-2 `eip155:<id>` chain id; undefined for anything else. */
export function parseEip155ChainId(caip2: unknown): number | undefined {
  if (typeof caip2 !== 'string') return undefined
  const match = eip155ChainPattern.exec(caip2)
  const id = match ? Number(match[1]) : Number.NaN
  return Number.isSafeInteger(id) ? id : undefined
}

function requestedChains(namespace: ProposalTypes.BaseRequiredNamespace | undefined, key: string): string[] {
  if (!namespace) return []
  // A namespace key may itself be a chain ("eip155:1") with no `chains` list (CAIP-25).
  return namespace.chains ?? (key.includes(':') ? [key] : [])
}

/** Builds the eip155 namespace for `account` on `chainIds`. */
export function eip155Namespace(
  account: string,
  chainIds: readonly number[],
  options: { methods: readonly string[]; events: readonly string[] },
): SessionTypes.Namespace {
  return {
    chains: chainIds.map((id) => `eip155:${id}`),
    accounts: chainIds.map((id) => `eip155:${id}:${account}`),
    methods: [...options.methods],
    events: [...options.events],
  }
}

/**
 * Decides what to approve for a proposal: every requested eip155 chain the wallet has, the
 * active account on each. Required chains the wallet lacks, or required non-eip155 namespaces,
 * mean the proposal cannot be honoured.
 */
export function chooseNamespaces(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  wallet: {
    account: string
    chainIds: readonly number[]
    methods: readonly string[]
    events: readonly string[]
  },
): NamespaceChoice {
  const required: string[] = []
  for (const [key, namespace] of Object.entries(proposal.requiredNamespaces ?? {})) {
    if (!key.startsWith('eip155')) {
      return { ok: false, reason: 'unsupported-namespaces', message: `Unsupported namespace: ${key}` }
    }
    required.push(...requestedChains(namespace, key))
  }
  const optional: string[] = []
  for (const [key, namespace] of Object.entries(proposal.optionalNamespaces ?? {})) {
    if (key.startsWith('eip155')) optional.push(...requestedChains(namespace, key))
  }
  const missing = required.filter((chain) => !wallet.chainIds.includes(parseEip155ChainId(chain) ?? -1))
  if (missing.length > 0) {
    return { ok: false, reason: 'unsupported-chains', message: `Unsupported chains: ${missing.join(', ')}` }
  }
  const chainIds: number[] = []
  for (const chain of [...required, ...optional]) {
    const id = parseEip155ChainId(chain)
    if (id !== undefined && wallet.chainIds.includes(id) && !chainIds.includes(id)) chainIds.push(id)
  }
  if (chainIds.length === 0) {
    return { ok: false, reason: 'unsupported-chains', message: 'None of the requested chains is available' }
  }
  return {
    ok: true,
    chainIds,
    namespaces: { eip155: eip155Namespace(wallet.account, chainIds, wallet) },
  }
}
