import type { Latch } from '../createLatch.js'
import { currentEnvironment, STORAGE_KEYS, shouldReusePairing, toWalletError } from '../internal.js'
import type { WalletConnectionState } from '../state.js'
import type { ChainNamespace, WalletConnectSession } from '../types.js'
import { patchState } from './_shared.js'
import { closeAfterConnect } from './_view.js'
import { applySession, connectorOf, patchConnection, WALLET_CONNECT_ID } from './walletConnectSession.js'

const pending = new WeakMap<Latch, Promise<WalletConnectSession>>()

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
  if (current && shouldReusePairing({ pairing, now: Date.now(), ...currentEnvironment() })) {
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
