import type { Latch } from '../createLatch.js'
import { createSessionState } from '../createLatch.js'
import { InvalidWalletResponseError } from '../errors/connection.js'
import { accountReducer } from '../rules/account.js'
import { balancesEnabled, shouldFetchBalance } from '../rules/balance.js'
import type { LatchState } from '../state.js'
import { STORED_VALUES, writeStored } from '../storage.js'
import type {
  ApprovedSession,
  CaipNetwork,
  ChainNamespace,
  ConnectedAccount,
  ConnectResult,
  SessionConnector,
} from '../types.js'
import { explorerAddressUrl, withNamespace } from './_shared.js'
import { disconnect } from './disconnect.js'
import { loadBalance } from './fetchBalance.js'

// The after-connect pipeline: every success (an adapter's connect, a session connect, a
// restore) is applied here in one store update, then balance, the sign-in gate and navigation
// run in that order.

/** One namespace's part of a successful connection. */
export interface NamespaceConnection {
  namespace: ChainNamespace
  result: ConnectResult
}

/** The configured network of `namespace` with this chain id (a number, reference or CAIP-2 id). */
export function configuredNetwork(
  latch: Latch,
  namespace: ChainNamespace,
  chainId: number | string,
): CaipNetwork | undefined {
  return latch.options.networks.find(
    (n) =>
      n.chainNamespace === namespace && (String(n.id) === String(chainId) || n.caipNetworkId === chainId),
  )
}

function accountsOf(result: ConnectResult): ConnectedAccount[] {
  const accounts = result.accounts?.length
    ? [...result.accounts]
    : [{ address: result.address, type: 'eoa' as const }]
  // The active account first.
  const active = accounts.findIndex((a) => a.address === result.address)
  if (active > 0) accounts.unshift(...accounts.splice(active, 1))
  if (active < 0) accounts.unshift({ address: result.address, type: accounts[0]?.type ?? 'eoa' })
  return accounts
}

function willFetchBalance(latch: Latch, state: LatchState, namespace: ChainNamespace): boolean {
  const ns = state.namespaces[namespace]
  return (
    latch.adapters.has(namespace) &&
    ns?.account.status === 'connected' &&
    shouldFetchBalance({
      enabled: balancesEnabled(latch.options.balance, latch.adapters.get(namespace)),
      caipNetwork: ns.network.caipNetwork,
      unsupported: ns.network.unsupported,
    })
  )
}

/**
 * Applies successful connections in a single store update: each namespace connected with its
 * accounts, wallet and network (or the unsupported state), the active namespace, the recent
 * wallet and, for a session connector, its session-level data. Remembers what a reload restores.
 */
export function commitConnections(
  latch: Latch,
  connections: readonly NamespaceConnection[],
  extra: {
    /** The namespace to make active (default: the active one if among them, else the first). */
    activate?: ChainNamespace | undefined
    recentWalletId?: string | undefined
    session?: { connector: SessionConnector; approved: ApprovedSession } | undefined
  } = {},
): void {
  if (connections.length === 0) return
  const writes: (() => void)[] = []
  latch.store.setState((state) => {
    let next = state
    for (const { namespace, result } of connections) {
      const current = next.namespaces[namespace]
      if (!current) continue
      const network = configuredNetwork(latch, namespace, result.chainId)
      const caipNetwork = network ?? current.network.caipNetwork
      const connector = next.connectors[namespace]?.find((c) => c.id === result.connectorId)
      const account = accountReducer(current.account, {
        type: 'connected',
        address: result.address,
        caipNetworkId: (caipNetwork?.caipNetworkId ??
          `${namespace}:${result.chainId}`) as `${string}:${string}`,
        allAccounts: accountsOf(result),
        connectorId: result.connectorId,
        walletInfo: {
          name: result.walletName ?? connector?.name ?? result.connectorId,
          icon: result.walletIcon ?? connector?.imageUrl,
          type: result.connectorType,
        },
        addressExplorerUrl: network ? explorerAddressUrl(network, result.address) : undefined,
        socialProvider: extra.session?.approved.user?.socialProvider,
      })
      next = withNamespace(next, namespace, {
        account: network ? account : { ...account, caipAddress: undefined },
        network: {
          caipNetwork,
          unsupported: network === undefined,
          approvedCaipNetworkIds: extra.session
            ? approvedChains(extra.session.approved, namespace)
            : current.network.approvedCaipNetworkIds,
          ...(namespace === 'eip155' && extra.session
            ? { smartAccountEnabledNetworks: [...(extra.session.approved.smartAccountEnabledNetworks ?? [])] }
            : {}),
        },
      })
      writes.push(() => {
        writeStored(latch.storage, STORED_VALUES.connectorId(namespace), result.connectorId)
        if (network)
          writeStored(latch.storage, STORED_VALUES.lastUsedNetwork(namespace), network.caipNetworkId)
      })
    }
    const namespaces = connections.map((c) => c.namespace)
    // A restore or session of another namespace does not take over the visitor's active one
    // while that one is connected or still being restored.
    const current = state.activeNamespace
    const keep =
      current !== undefined &&
      (namespaces.includes(current) ||
        (state.namespaces[current]?.account.status ?? 'disconnected') !== 'disconnected')
    const active = extra.activate ?? (keep ? current : namespaces[0])
    if (active) writes.push(() => writeStored(latch.storage, STORED_VALUES.activeNamespace, active))
    if (extra.recentWalletId)
      writes.push(() => writeStored(latch.storage, STORED_VALUES.recentWallet, extra.recentWalletId))
    let sessions = next.sessions
    if (extra.session) {
      const { connector, approved } = extra.session
      sessions = {
        ...sessions,
        [connector.id]: {
          ...(sessions[connector.id] ?? createSessionState()),
          status: 'connected',
          pairing: undefined,
          error: undefined,
          wallet: approved.wallet,
          user: approved.user,
          preferredAccountType: approved.preferredAccountType,
          smartAccountDeployed: approved.smartAccountDeployed ?? false,
        },
      }
    }
    return {
      ...next,
      activeNamespace: active,
      recentWalletId: extra.recentWalletId ?? next.recentWalletId,
      sessions,
    }
  })
  for (const write of writes) write()
}

function approvedChains(approved: ApprovedSession, namespace: ChainNamespace): `${string}:${string}`[] {
  return (approved.namespaces[namespace]?.chains ?? []).filter((c): c is `${string}:${string}` =>
    c.startsWith(`${namespace}:`),
  )
}

/**
 * The steps after a connection is applied, in order: the balance, the sign-in gate (which may
 * veto: the namespaces are then disconnected), then the navigation of the modal flow that asked.
 * Only a modal flow (one with `navigate`) waits for the sign-in: a headless action, a restore or
 * a wallet's change resolves once the wallet is connected, with the sign-in asked for in
 * `signIn.status` and its view, and a veto disconnecting later. Resolves 'disconnected' on a veto
 * it waited for.
 */
export async function afterConnect(
  latch: Latch,
  namespaces: readonly ChainNamespace[],
  parameters: { reason: 'connect' | 'restore' | 'change'; navigate?: (() => void) | undefined },
): Promise<'connected' | 'disconnected'> {
  for (const namespace of namespaces) {
    if (willFetchBalance(latch, latch.store.getState(), namespace))
      // A new connection always asks the chain, even within an earlier failure's 30 s.
      void loadBalance(latch, namespace, { force: true }).catch(() => {})
  }
  const gated = signInGate(latch, namespaces, parameters.reason)
  if (!parameters.navigate) {
    void gated.catch(() => {})
    return 'connected'
  }
  if ((await gated) === 'disconnected') return 'disconnected'
  parameters.navigate()
  return 'connected'
}

/** The sign-in gate over each connected namespace; a veto disconnects the one it vetoed. */
async function signInGate(
  latch: Latch,
  namespaces: readonly ChainNamespace[],
  reason: 'connect' | 'restore' | 'change',
): Promise<'connected' | 'disconnected'> {
  const gate = latch._internal.signInGate
  if (!gate) return 'connected'
  for (const namespace of namespaces) {
    const ns = latch.store.getState().namespaces[namespace]
    const network = ns?.network.caipNetwork
    if (ns?.account.status !== 'connected' || !ns.account.address || !network || ns.network.unsupported)
      continue
    const verdict = await gate({
      namespace,
      address: ns.account.address,
      caipNetworkId: network.caipNetworkId,
      reason,
    })
    if (verdict === 'disconnect') {
      await disconnect(latch, { namespace }).catch(() => {})
      return 'disconnected'
    }
  }
  return 'connected'
}

/** The spec's reset: status disconnected and every account field cleared. */
function resetNamespaceState(state: LatchState, namespace: ChainNamespace): LatchState {
  const current = state.namespaces[namespace]
  if (!current) return state
  return {
    ...state,
    // The sign-in belonged to the account that is gone.
    signIn:
      state.signIn.status === 'signed-in'
        ? { ...state.signIn, status: 'none', session: undefined }
        : state.signIn,
    namespaces: {
      ...state.namespaces,
      [namespace]: {
        account: { ...accountReducer(current.account, { type: 'reset' }), status: 'disconnected' },
        network: { ...current.network, unsupported: false, approvedCaipNetworkIds: [] },
      },
    },
  }
}

/** Clears namespaces' state and what the browser remembers of their session, in one update. */
export function forgetNamespaces(latch: Latch, namespaces: readonly ChainNamespace[]): void {
  if (namespaces.length === 0) return
  const before = latch.store.getState().namespaces
  latch.store.setState((state) => namespaces.reduce(resetNamespaceState, state))
  for (const namespace of namespaces)
    writeStored(latch.storage, STORED_VALUES.connectorId(namespace), undefined)
  // The wallet is gone: so are its sign-in sessions (a wallet that is only away keeps them).
  for (const namespace of namespaces) {
    const address = before[namespace]?.account.address
    if (address) latch._internal.signOut?.(namespace, address)
  }
}

/** Marks namespaces disconnected but keeps their stored session (its wallet may come back). */
export function releaseNamespaces(latch: Latch, namespaces: readonly ChainNamespace[]): void {
  if (namespaces.length === 0) return
  latch.store.setState((state) => namespaces.reduce(resetNamespaceState, state))
}

export function markConnecting(latch: Latch, namespaces: readonly ChainNamespace[]): void {
  latch.store.setState((state) => {
    let changed = false
    const next = { ...state.namespaces }
    for (const namespace of namespaces) {
      const ns = next[namespace]
      if (!ns || ns.account.status === 'connecting') continue
      next[namespace] = { ...ns, account: accountReducer(ns.account, { type: 'connecting' }) }
      changed = true
    }
    return changed ? { ...state, namespaces: next } : state
  })
}

/** What an adapter returned, checked for shape (the adapter checks its chain's formats). */
export function validateResult(result: unknown): ConnectResult {
  const r = result as Partial<ConnectResult> | null | undefined
  if (!r || typeof r !== 'object') throw new InvalidWalletResponseError({ what: 'connection' })
  if (typeof r.address !== 'string' || r.address.length === 0 || r.address.length > 256)
    throw new InvalidWalletResponseError({ what: 'account' })
  if (
    !(typeof r.chainId === 'number' && Number.isSafeInteger(r.chainId)) &&
    !(typeof r.chainId === 'string' && /^[-_a-zA-Z0-9]{1,64}$/.test(r.chainId))
  )
    throw new InvalidWalletResponseError({ what: 'chain id' })
  if (typeof r.connectorId !== 'string' || r.connectorId.length === 0)
    throw new InvalidWalletResponseError({ what: 'connector' })
  if (r.accounts !== undefined && (!Array.isArray(r.accounts) || !r.accounts.every(isAccount)))
    throw new InvalidWalletResponseError({ what: 'accounts' })
  return r as ConnectResult
}

function isAccount(value: unknown): value is ConnectedAccount {
  const a = value as ConnectedAccount
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.address === 'string' &&
    a.address.length > 0 &&
    ['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'].includes(a.type)
  )
}
