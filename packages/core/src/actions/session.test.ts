import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { AdapterOrConnectorNotFoundError } from '../errors/adapter.js'
import { SessionNetworksRejectedError } from '../errors/connection.js'
import type { LatchEvent } from '../events.js'
import type { LatchOptions } from '../options.js'
import type { LatchState } from '../state.js'
import { createMemoryStorage, type LatchStorage, STORAGE_KEYS } from '../storage.js'
import { type MemorySession, memoryAdapter, memorySession, network } from '../test/memoryAdapter.fixture.js'
import type { ApprovedSession, CaipNetwork, SessionHandlers } from '../types.js'
import { connect } from './connect.js'
import { cancelSession, connectSession, setSessionLinking } from './connectSession.js'
import { hydrate, teardown } from './hydrate.js'
import { openModal } from './open.js'

// A session connector's pairing, approval and live events, and what hydrate starts and stops.

const mainnet = network('eip155', 1, 'Ethereum')
const base = network('eip155', 8453, 'Base')
const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const cosmos = network('cosmos', 'cosmoshub-4', 'Cosmos Hub')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const BOB = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
const SOL_ADDRESS = '7cVfgArCheMR6Cs4t6vz5rfnqd56vZq4ndaBrY5xkxXy'

const approval: ApprovedSession = {
  namespaces: {
    eip155: {
      accounts: [`eip155:1:${ALICE}`, `eip155:8453:${BOB}`, `eip155:8453:${BOB}`, 'eip155:1:nope', 'garbage'],
      chains: ['eip155:1', 'eip155:8453', 'solana:x'],
    },
    solana: { accounts: [`${solana.caipNetworkId}:${SOL_ADDRESS}`], chains: [solana.caipNetworkId] },
  },
  expiry: 0,
  wallet: { name: 'Phone Wallet', icon: 'https://wallet.example/icon.png' },
  user: { email: 'me@example.com' },
  preferredAccountType: 'smartAccount',
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const live: Latch[] = []
afterEach(() => {
  for (const latch of live.splice(0)) teardown(latch)
  vi.unstubAllGlobals()
})

function setup(
  options: Partial<LatchOptions> = {},
  {
    storage = createMemoryStorage(),
    session = memorySession('phone', 'WALLET_CONNECT', approval),
    attach = true,
  }: { storage?: LatchStorage; session?: MemorySession; attach?: boolean } = {},
) {
  const evm = memoryAdapter('eip155', [mainnet, base])
  const sol = memoryAdapter('solana', [solana], { accounts: [SOL_ADDRESS] })
  if (!attach) {
    delete evm.adapter.attachSession
    delete sol.adapter.attachSession
  }
  const latch = createLatch({
    networks: [mainnet, base, solana, cosmos] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter, sol.adapter],
    connectors: [session.connector],
    storage,
    restoreTimeoutMs: 100,
    ...options,
  })
  live.push(latch)
  const events: LatchEvent[] = []
  latch.events.subscribe((event) => events.push(event))
  const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data)
  const ns = (namespace = 'eip155') =>
    latch.store.getState().namespaces[namespace] as LatchState['namespaces'][string]
  const handlers = () => [...session.handlers] as SessionHandlers[]
  return { latch, evm, sol, session, storage, of, ns, handlers }
}

/** Connects through the session and approves it. */
async function paired(s: ReturnType<typeof setup>, approved?: ApprovedSession) {
  const pending = connect(s.latch, { connectorId: 'phone' })
  await flush()
  s.session.approve(approved)
  return pending
}

describe('given a session connect', () => {
  it('then the pairing URI and its expiry are in state, and the approval resolves with every namespace', async () => {
    const s = setup()
    await hydrate(s.latch)
    const pending = connect(s.latch, { connectorId: 'phone' })
    await flush()
    expect(s.latch.store.getState().sessions.phone).toMatchObject({
      status: 'connecting',
      pairing: { uri: 'wc:phone-1@2', expiresAt: expect.any(Number) },
      error: undefined,
    })
    s.session.approve()
    expect(await pending).toEqual({
      namespaces: ['eip155', 'solana'],
      address: ALICE,
      chainId: 1,
      connectorId: 'phone',
    })
    expect(s.of('CONNECT_SUCCESS')).toEqual([{ namespace: 'eip155', connectorId: 'phone', address: ALICE }])
    expect(s.latch.store.getState().sessions.phone).toEqual({
      status: 'connected',
      pairing: undefined,
      linking: undefined,
      error: undefined,
      wallet: approval.wallet,
      user: { email: 'me@example.com' },
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      offline: false,
      login: { step: 'idle' },
      emailUpdate: { step: 'idle' },
    })
    expect(s.ns().network.approvedCaipNetworkIds).toEqual(['eip155:1', 'eip155:8453'])
    expect(s.ns().account.connectedWalletInfo).toMatchObject({
      name: 'Phone Wallet',
      icon: approval.wallet.icon,
    })
    expect(s.storage.getItem(STORAGE_KEYS.recentWallet)).toBe('phone')
  })

  it("then the connector is told the project's RPC endpoint when the app has a server, and none without", async () => {
    const withServer = setup({ apiUrl: 'https://api.example.com', projectId: 'p1' })
    await hydrate(withServer.latch)
    await paired(withServer)
    expect(withServer.session.lastProjectRpcUrl?.('solana:x')).toBe(
      'https://api.example.com/v1/?chainId=solana%3Ax&projectId=p1',
    )
    const without = setup()
    await hydrate(without.latch)
    await paired(without)
    expect(without.session.lastProjectRpcUrl?.('solana:x')).toBeUndefined()
  })

  it('then the connector is offered only the networks it supports', async () => {
    const session = memorySession('phone', 'WALLET_CONNECT', approval, (n) => n.chainNamespace === 'eip155')
    let offered: readonly CaipNetwork[] = []
    const original = session.connector.connect
    session.connector.connect = (parameters) => {
      offered = parameters.networks
      return original(parameters)
    }
    const s = setup({}, { session })
    await hydrate(s.latch)
    await paired(s)
    expect(offered.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
  })

  it('when the adapters do not attach to sessions, then the approved accounts of the chosen chain connect, with the session account type', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.lastUsedNetwork('eip155')]: 'eip155:8453' })
    const s = setup({}, { storage, attach: false })
    await hydrate(s.latch)
    await paired(s)
    expect(s.ns().account).toMatchObject({
      status: 'connected',
      address: BOB,
      caipAddress: `eip155:8453:${BOB}`,
    })
    expect(s.ns().account.allAccounts).toEqual([{ address: BOB, type: 'smartAccount' }])
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(s.ns('solana').account.address).toBe(SOL_ADDRESS)
    expect(s.ns('solana').network.caipNetwork?.caipNetworkId).toBe(solana.caipNetworkId)
  })

  it('when the last-used chain was not approved, then the first approved account and its chain are used', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.lastUsedNetwork('eip155')]: 'eip155:10' })
    const s = setup({}, { storage, attach: false })
    await hydrate(s.latch)
    await paired(s)
    expect(s.ns().account.address).toBe(ALICE)
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(s.ns().account.allAccounts).toEqual([{ address: ALICE, type: 'smartAccount' }])
  })

  it("when one namespace's adapter cannot attach, then the others still connect", async () => {
    const s = setup()
    s.sol.adapter.attachSession = async () => {
      throw new Error('no provider')
    }
    await hydrate(s.latch)
    expect((await paired(s)).namespaces).toEqual(['eip155'])
    expect(s.ns('solana').account.status).toBe('disconnected')
  })

  it('when a wallet id is given, then it is the recent wallet', async () => {
    const s = setup()
    await hydrate(s.latch)
    const pending = connectSession(s.latch, { connectorId: 'phone', walletId: 'rainbow' })
    await flush()
    s.session.approve()
    await pending
    expect(s.latch.store.getState().recentWalletId).toBe('rainbow')
    expect(s.storage.getItem(STORAGE_KEYS.recentWallet)).toBe('rainbow')
  })

  it('when the wallet approves none of the configured namespaces, then the session is ended and the spec message shown', async () => {
    const s = setup()
    await hydrate(s.latch)
    const error = await paired(s, {
      ...approval,
      namespaces: { polkadot: { accounts: ['polkadot:abc:5Grw'], chains: ['polkadot:abc'] } },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SessionNetworksRejectedError)
    expect((error as Error).message).toContain('The wallet approved none of the networks this app uses.')
    expect(s.session.calls).toContain('disconnect')
    expect(s.latch.store.getState().sessions.phone).toMatchObject({
      status: 'disconnected',
      pairing: undefined,
      error: { code: 'failed', message: 'The wallet approved none of the networks this app uses.' },
    })
  })

  it('when the wallet declines, the proposal expires or fails, then the session says which, and CONNECT_ERROR is emitted', async () => {
    const s = setup()
    await hydrate(s.latch)
    const cases: [unknown, string][] = [
      [{ code: 4001, message: 'User rejected.' }, 'user-rejected'],
      [new Error('Proposal expired'), 'expired'],
      [new Error('Relay down'), 'failed'],
    ]
    for (const [reason, code] of cases) {
      const pending = connect(s.latch, { connectorId: 'phone' })
      await flush()
      s.session.reject(reason)
      await expect(pending).rejects.toThrow()
      expect(s.latch.store.getState().sessions.phone).toMatchObject({
        status: 'disconnected',
        pairing: undefined,
        error: { code },
      })
    }
    expect(s.of('CONNECT_ERROR').at(-1)).toEqual({
      namespace: 'all',
      connectorId: 'phone',
      message: 'Relay down',
    })
    expect(s.ns().account.status).toBe('disconnected')
  })

  it('when a connected session fails to pair again, then it stays connected', async () => {
    const s = setup()
    await hydrate(s.latch)
    await paired(s)
    const again = connect(s.latch, { connectorId: 'phone' })
    await flush()
    s.session.reject(new Error('Relay down'))
    await expect(again).rejects.toThrow('Relay down')
    expect(s.latch.store.getState().sessions.phone?.status).toBe('connected')
  })

  it('when a newer pairing started, then the older one’s pairing URI is ignored', async () => {
    const s = setup()
    await hydrate(s.latch)
    const handlers: ((event: { type: 'pairing'; uri: string; expiresAt: number }) => void)[] = []
    const original = s.session.connector.connect
    s.session.connector.connect = (parameters) => {
      handlers.push(parameters.onEvent as never)
      return original(parameters)
    }
    void connect(s.latch, { connectorId: 'phone' }).catch(() => {})
    await flush()
    void connect(s.latch, { connectorId: 'phone' }).catch(() => {})
    await flush()
    handlers[0]?.({ type: 'pairing', uri: 'wc:stale@2', expiresAt: 1 })
    expect(s.latch.store.getState().sessions.phone?.pairing?.uri).toBe('wc:phone-2@2')
  })

  it('when the connector id is unknown, then "Adapter or connector not found" is thrown', async () => {
    const s = setup()
    await expect(connectSession(s.latch, { connectorId: 'nope' })).rejects.toBeInstanceOf(
      AdapterOrConnectorNotFoundError,
    )
    await expect(connectSession(s.latch, { connectorId: 'nope' })).rejects.toThrow(
      'Adapter or connector not found for namespace nope',
    )
  })

  it('when the visitor leaves the pairing, then the connector stops and the session is idle; when none runs, nothing happens', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' })
    const s = setup()
    await hydrate(s.latch)
    cancelSession(s.latch, { connectorId: 'phone' })
    expect(s.session.calls).not.toContain('cancel')
    void connect(s.latch, { connectorId: 'phone' }).catch(() => {})
    await flush()
    cancelSession(s.latch, { connectorId: 'phone' })
    expect(s.session.calls).toContain('cancel')
    expect(s.latch.store.getState().sessions.phone).toMatchObject({
      status: 'disconnected',
      pairing: undefined,
    })
  })

  it('when the pairing is left and opened again before the first attempt reached the wallet, then only the second proposes', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' })
    const s = setup()
    await hydrate(s.latch)
    // A view mounted twice: connect, leave, connect again, all before the first reached the connector.
    const first = connect(s.latch, { connectorId: 'phone' })
    cancelSession(s.latch, { connectorId: 'phone' })
    const second = connect(s.latch, { connectorId: 'phone' })
    await flush()
    expect(s.session.calls.filter((call) => call === 'connect')).toHaveLength(1)
    expect(await first).toEqual({ namespaces: [], address: '', chainId: '', connectorId: 'phone' })
    s.session.approve()
    expect(await second).toMatchObject({ namespaces: ['eip155', 'solana'], address: ALICE })
    expect(s.latch.store.getState().sessions.phone?.status).toBe('connected')
  })

  it('then the wallet app a deep link opened is remembered', () => {
    const s = setup()
    setSessionLinking(s.latch, { connectorId: 'phone', linking: { name: 'Rainbow', href: 'rainbow://' } })
    expect(s.latch.store.getState().sessions.phone?.linking).toEqual({ name: 'Rainbow', href: 'rainbow://' })
  })
})

describe('given a live session', () => {
  it('when the wallet ends it, then every namespace on it is disconnected, the adapters told, and the session cleared', async () => {
    const s = setup()
    await hydrate(s.latch)
    await paired(s)
    for (const h of s.handlers()) h.onSessionEnded('deleted')
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(s.ns('solana').account.status).toBe('disconnected')
    expect(s.evm.wallet.calls).toContain('disconnect')
    expect(s.sol.wallet.calls).toContain('disconnect')
    expect(s.latch.store.getState().sessions.phone).toMatchObject({
      status: 'disconnected',
      wallet: undefined,
      user: undefined,
    })
    expect(s.of('DISCONNECT_SUCCESS')).toEqual([{ namespaces: ['eip155', 'solana'] }])
  })

  it('when it ends while nothing is on it, then nothing is disconnected', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    for (const h of s.handlers()) h.onSessionEnded('expired')
    expect(s.ns().account.status).toBe('connected')
    expect(s.of('DISCONNECT_SUCCESS')).toEqual([])
  })

  it('when its namespaces follow the session, then account and chain changes apply; an attached adapter reports its own', async () => {
    const s = setup({}, { attach: false })
    await hydrate(s.latch)
    await paired(s)
    for (const h of s.handlers()) h.onAccountsChanged('eip155', [BOB])
    expect(s.ns().account.address).toBe(BOB)
    for (const h of s.handlers()) h.onChainChanged('eip155', '8453')
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')

    const attached = setup()
    await hydrate(attached.latch)
    await paired(attached)
    for (const h of attached.handlers()) h.onAccountsChanged('eip155', [BOB])
    for (const h of attached.handlers()) h.onChainChanged('eip155', '8453')
    expect(attached.ns().account.address).toBe(ALICE)
    expect(attached.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('when it raises an alert, then the modal shows it once', async () => {
    const s = setup()
    await hydrate(s.latch)
    const alert = { id: 'FRAME_FAILED', message: 'The wallet frame failed to load.' } as never
    for (const h of s.handlers()) h.onAlert?.(alert)
    for (const h of s.handlers()) h.onAlert?.(alert)
    expect(s.latch.store.getState().alerts).toEqual([alert])
  })

  it('when it asks for a view while the modal is open, then the view is pushed on it', async () => {
    const s = setup()
    await hydrate(s.latch)
    openModal(s.latch, { view: 'Networks' })
    for (const h of s.handlers()) h.onEvent?.({ type: 'pairing', uri: 'wc:x@2', expiresAt: 1 })
    expect(s.latch.store.getState().router.history.map((e) => e.view)).toEqual(['Networks'])
    for (const h of s.handlers())
      h.onEvent?.({ type: 'view', view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:8453' } })
    expect(s.latch.store.getState().router.history.map((e) => e.view)).toEqual(['Networks', 'SwitchNetwork'])
  })
})

describe('given hydrate', () => {
  it('then the phase is syncing while restores run and ready after, and a second call is the same run', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'memory.wallet' })
    const s = setup({}, { storage })
    s.evm.wallet.authorized = true
    expect(s.latch.store.getState().phase).toBe('idle')
    const first = hydrate(s.latch)
    expect(s.latch.store.getState().phase).toBe('syncing')
    expect(hydrate(s.latch)).toBe(first)
    await first
    expect(s.latch.store.getState().phase).toBe('ready')
    expect(s.ns().account.status).toBe('connected')
    expect(s.latch.store.getState().connectors.eip155?.map((c) => c.id)).toEqual(['memory.wallet'])
  })

  it('when torn down, then wallet events stop reaching the state, and a new hydrate starts again', async () => {
    const s = setup()
    await hydrate(s.latch)
    expect(s.evm.wallet.context).toBeDefined()
    expect(s.session.handlers.size).toBe(1)
    teardown(s.latch)
    expect(s.evm.wallet.context).toBeUndefined()
    expect(s.session.handlers.size).toBe(0)
    await hydrate(s.latch)
    expect(s.evm.wallet.context).toBeDefined()
    s.evm.wallet.announce({ id: 'late.wallet', type: 'ANNOUNCED', name: 'Late', chain: 'eip155' })
    expect(s.latch.store.getState().connectors.eip155?.map((c) => c.id)).toEqual([
      'memory.wallet',
      'late.wallet',
    ])
  })

  it('when a namespace was remembered with a connector the app no longer has, then it is forgotten', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('cosmos')]: 'keplr' })
    const s = setup({}, { storage })
    await hydrate(s.latch)
    expect(storage.getItem(STORAGE_KEYS.connectorId('cosmos'))).toBeNull()
    expect(s.ns('cosmos').account.status).toBe('disconnected')
  })

  it('when a session view is requested with the modal closed, then the modal opens on it', async () => {
    const s = setup()
    await hydrate(s.latch)
    s.latch.events.emit('SESSION_VIEW_REQUEST', {
      connectorId: 'phone',
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
    })
    expect(s.latch.store.getState().modal.open).toBe(true)
    expect(s.latch.store.getState().router.history).toEqual([
      { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:8453' } },
    ])
  })
})
