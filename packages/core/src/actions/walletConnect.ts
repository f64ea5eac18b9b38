import type { Latch } from '../createLatch.js'
import { STORAGE_KEYS, shouldReusePairing, toWalletError } from '../internal.js'
import type { WalletConnectionState } from '../state.js'
import type { ChainNamespace, ConnectResult, WalletConnectConnector, WalletConnectSession } from '../types.js'
import { patchState, updateNamespace } from './_shared.js'
import { closeAfterConnect } from './_view.js'
import { applyConnected } from './connect.js'
import { forgetNamespace } from './disconnect.js'
import { applyChainChanged } from './handleChainChanged.js'

/** The connector id every namespace of a WalletConnect session is stored under. */
export const WALLET_CONNECT_ID = 'walletConnect'

const pending = new WeakMap<Latch, Promise<WalletConnectSession>>()

function patchConnection(latch: Latch, patch: Partial<WalletConnectionState>): void {
  latch.store.setState((state) => ({ ...state, walletConnection: { ...state.walletConnection, ...patch } }))
}

function connectorOf(latch: Latch): WalletConnectConnector {
  const connector = latch.options.walletConnect
  if (!connector) throw new Error('WalletConnect is not enabled: pass `walletConnect` to createLatch.')
  return connector
}

function environment(): { userAgent: string; telegram: boolean } {
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent
  const telegram =
    typeof window !== 'undefined' && !!(window as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp
  return { userAgent, telegram }
}

/**
 * Starts a WalletConnect pairing (the ConnectingWalletConnectBasic view calls it): `wcUri` and
 * `wcPairingExpiry` are set as soon as the URI exists and again on every refresh. When the wallet
 * approves, every approved namespace the app configured is connected (connector type
 * WALLET_CONNECT) and the modal closes. A declined or failed proposal leaves everything
 * disconnected and sets `wcError`. Never throws: the outcome is in state.
 *
 * @example
 * void connectWalletConnect(latch, { walletId: 'metamask' })
 */
export async function connectWalletConnect(
  latch: Latch,
  parameters: { walletId?: string | undefined } = {},
): Promise<void> {
  const connector = connectorOf(latch)
  const { walletConnection } = latch.store.getState()
  const current = pending.get(latch)
  const pairing =
    walletConnection.wcUri && walletConnection.wcPairingExpiry
      ? { uri: walletConnection.wcUri, expiresAt: walletConnection.wcPairingExpiry }
      : undefined
  if (current && shouldReusePairing({ pairing, now: Date.now(), ...environment() })) {
    await current.catch(() => {})
    return
  }
  const generation = ++latch._internal.generation
  patchConnection(latch, {
    status: 'connecting',
    wcUri: undefined,
    wcPairingExpiry: undefined,
    wcError: undefined,
  })
  const attempt = connector.connect({
    networks: latch.options.networks,
    onUri: (uri, expiresAt) => {
      if (generation === latch._internal.generation)
        patchConnection(latch, { wcUri: uri, wcPairingExpiry: expiresAt })
    },
  })
  pending.set(latch, attempt)
  let session: WalletConnectSession
  try {
    session = await attempt
  } catch (raw) {
    if (pending.get(latch) === attempt) pending.delete(latch)
    if (generation !== latch._internal.generation) return
    const error = toWalletError(raw)
    const code = (raw as { code?: unknown })?.code
    patchConnection(latch, {
      status: 'disconnected',
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcError: {
        code:
          code === 5000 || code === 4001
            ? 'user-rejected'
            : /expired/i.test(error.shortMessage)
              ? 'expired'
              : 'failed',
        message: error.shortMessage,
      },
    })
    latch.events.emit('CONNECT_ERROR', {
      namespace: 'all',
      connectorId: WALLET_CONNECT_ID,
      message: error.shortMessage,
    })
    return
  }
  if (pending.get(latch) === attempt) pending.delete(latch)
  if (generation !== latch._internal.generation) return
  const connected = await applySession(latch, session)
  if (connected.length === 0) {
    await connector.disconnect().catch(() => {})
    patchConnection(latch, {
      status: 'disconnected',
      wcError: { code: 'failed', message: 'The wallet approved none of the networks this app uses.' },
    })
    return
  }
  const recent = parameters.walletId ?? WALLET_CONNECT_ID
  latch.storage.setItem(STORAGE_KEYS.recentWallet, recent)
  patchState(latch, { recentWalletId: recent })
  latch.events.emit('CONNECT_SUCCESS', {
    namespace: connected[0] as ChainNamespace,
    connectorId: WALLET_CONNECT_ID,
    address: latch.store.getState().namespaces[connected[0] as string]?.account.address ?? '',
  })
  closeAfterConnect(latch)
}

/** The user left the pairing view: stop refreshing its URI (the pairing itself may still be approved). */
export function cancelWalletConnect(latch: Latch): void {
  if (latch.store.getState().walletConnection.status !== 'connecting') return
  latch.options.walletConnect?.cancel()
  pending.delete(latch)
  latch._internal.generation++
  patchConnection(latch, { status: 'disconnected', wcUri: undefined, wcPairingExpiry: undefined })
}

/** Remembers the wallet app a deep link opened (spec §3 wcLinking). */
export function setWalletConnectLinking(latch: Latch, linking: WalletConnectionState['wcLinking']): void {
  patchConnection(latch, { wcLinking: linking })
}

/**
 * Connects every approved namespace the app configured; returns them. eip155 (and any adapter
 * with `connectProvider`) goes through its adapter so the usual actions sign through the session.
 */
export async function applySession(latch: Latch, session: WalletConnectSession): Promise<ChainNamespace[]> {
  const connector = connectorOf(latch)
  const connected: ChainNamespace[] = []
  for (const [namespace, approved] of Object.entries(session.namespaces)) {
    if (!latch.store.getState().namespaces[namespace]) continue
    const [first] = approved.accounts
    const parts = first?.split(':')
    if (parts?.length !== 3) continue
    const [, reference, address] = parts as [string, string, string]
    const adapter = latch.adapters.get(namespace)
    let result: ConnectResult
    try {
      result = adapter?.connectProvider
        ? await adapter.connectProvider({
            connectorId: WALLET_CONNECT_ID,
            connectorType: 'WALLET_CONNECT',
            provider: connector.getProvider(namespace),
            walletName: session.peer.name,
            walletIcon: session.peer.icon,
          })
        : {
            address,
            chainId: namespace === 'eip155' ? Number(reference) : reference,
            connectorId: WALLET_CONNECT_ID,
            connectorType: 'WALLET_CONNECT',
            allAccounts: [
              ...new Set(
                approved.accounts
                  .filter((a) => a.startsWith(`${namespace}:${reference}:`))
                  .map((a) => a.split(':')[2] as string),
              ),
            ],
            walletName: session.peer.name,
            walletIcon: session.peer.icon,
          }
    } catch {
      continue
    }
    applyConnected(latch, namespace, {
      ...result,
      walletName: session.peer.name,
      walletIcon: session.peer.icon,
    })
    updateNamespace(latch, namespace, {
      network: {
        approvedCaipNetworkIds: approved.chains.filter((c) => c.includes(':')) as `${string}:${string}`[],
      },
    })
    connected.push(namespace)
  }
  patchConnection(latch, {
    status: connected.length ? 'connected' : 'disconnected',
    wcUri: undefined,
    wcPairingExpiry: undefined,
  })
  return connected
}

/** Restores a stored session after a reload (hydrate); the namespaces it did not restore are forgotten. */
export async function restoreWalletConnect(
  latch: Latch,
  namespaces: readonly ChainNamespace[],
): Promise<void> {
  const connector = latch.options.walletConnect
  const generation = latch._internal.generation
  let session: WalletConnectSession | undefined
  try {
    session = connector ? await connector.restore({ networks: latch.options.networks }) : undefined
  } catch {
    session = undefined
  }
  if (generation !== latch._internal.generation) return
  const restored = session ? await applySession(latch, session) : []
  for (const namespace of namespaces) if (!restored.includes(namespace)) forgetNamespace(latch, namespace)
}

/** Session events of the connector, reflected in state. Returns the unsubscribe. */
export function watchWalletConnect(
  latch: Latch,
  endSession: (namespaces: ChainNamespace[]) => void,
): () => void {
  const connector = latch.options.walletConnect
  if (!connector) return () => {}
  const onSession = (namespace: ChainNamespace) => {
    const account = latch.store.getState().namespaces[namespace]?.account
    // eip155 follows through its adapter (the wagmi connection sees the same events).
    return (
      account?.status === 'connected' &&
      account.connectorId === WALLET_CONNECT_ID &&
      !latch.adapters.get(namespace)?.connectProvider
    )
  }
  return connector.subscribe({
    onAccountsChanged(namespace, accounts) {
      if (!onSession(namespace)) return
      const [address] = accounts
      if (!address) return endSession([namespace])
      updateNamespace(latch, namespace, {
        account: { address, allAccounts: accounts.map((a) => ({ address: a, type: 'eoa' as const })) },
      })
    },
    onChainChanged(namespace, chainId) {
      if (onSession(namespace))
        applyChainChanged(latch, namespace, namespace === 'eip155' ? Number(chainId) : chainId)
    },
    onSessionEnded() {
      const namespaces = Object.entries(latch.store.getState().namespaces)
        .filter(
          ([, ns]) => ns.account.connectorId === WALLET_CONNECT_ID && ns.account.status !== 'disconnected',
        )
        .map(([namespace]) => namespace)
      patchConnection(latch, { status: 'disconnected' })
      if (namespaces.length) endSession(namespaces)
    },
  })
}
