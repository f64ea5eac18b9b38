import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { InvalidWalletResponseError } from '../errors/connection.js'
import { TokenBalanceUnavailableError } from '../errors/data.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { LatchOptions } from '../options.js'
import type { LatchState } from '../state.js'
import { createMemoryStorage, type LatchStorage, STORAGE_KEYS } from '../storage.js'
import { deferred, memoryAdapter, memorySession, network } from '../test/memoryAdapter.fixture.js'
import type { ApprovedSession, CaipNetwork } from '../types.js'
import { closeModal } from './close.js'
import { connect } from './connect.js'
import { cancelSession } from './connectSession.js'
import { disconnect } from './disconnect.js'
import { fetchBalance } from './fetchBalance.js'
import { hydrate, teardown } from './hydrate.js'
import { openModal } from './open.js'
import { selectNetwork } from './selectNetwork.js'
import { selectDisconnect, selectSession, selectWallet } from './selectWallet.js'
import { sendTransaction } from './sendTransaction.js'
import { signMessage } from './signMessage.js'
import { switchNetwork } from './switchNetwork.js'

const mainnet = network('eip155', 1, 'Ethereum')
const base = network('eip155', 8453, 'Base')
const sepolia = network('eip155', 11155111, 'Sepolia', true)
const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const SOL_ADDRESS = '7cVfgArCheMR6Cs4t6vz5rfnqd56vZq4ndaBrY5xkxXy'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 5))
  }
}

interface Setup {
  latch: Latch
  storage: LatchStorage
  evm: ReturnType<typeof memoryAdapter>
  sol: ReturnType<typeof memoryAdapter>
  ns: (namespace?: string) => LatchState['namespaces'][string]
}

function setup(
  options: Partial<LatchOptions> = {},
  { storage = createMemoryStorage(), evm = memoryAdapter('eip155', [mainnet, base, sepolia]) } = {},
): Setup {
  const sol = memoryAdapter('solana', [solana], {
    accounts: [SOL_ADDRESS],
    connectors: [
      { id: 'Memory Wallet', type: 'INJECTED', name: 'Memory Wallet', chain: 'solana', installed: true },
    ],
  })
  const latch = createLatch({
    networks: [mainnet, base, sepolia, solana] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter, sol.adapter],
    storage,
    restoreTimeoutMs: 200,
    ...options,
  })
  return { latch, storage, evm, sol, ns: (n = 'eip155') => latch.store.getState().namespaces[n] as never }
}

const sessionApproval: ApprovedSession = {
  namespaces: {
    eip155: { accounts: [`eip155:1:${ALICE}`, `eip155:8453:${ALICE}`], chains: ['eip155:1', 'eip155:8453'] },
    solana: { accounts: [`${solana.caipNetworkId}:${SOL_ADDRESS}`], chains: [solana.caipNetworkId] },
  },
  expiry: 0,
  wallet: { name: 'Phone Wallet' },
}

let live: Latch[] = []
beforeEach(() => {
  live = []
})
afterEach(() => {
  for (const latch of live) teardown(latch)
  vi.useRealTimers()
  vi.unstubAllGlobals()
})
const started = async (s: Setup) => {
  live.push(s.latch)
  await hydrate(s.latch)
  return s
}

describe('given a connect (one pipeline)', () => {
  it('then subscribers are notified once per status transition, and "connected" already has the address', async () => {
    const s = await started(setup())
    const seen: { status: string; address: string | undefined; balance?: string }[] = []
    s.latch.store.subscribe((state) => {
      const account = state.namespaces.eip155?.account
      if (account)
        seen.push({
          status: account.status,
          address: account.address,
          balance: account.balance,
        })
    })
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await until(() => s.ns().account.balance !== undefined)
    expect(seen).toEqual([
      { status: 'connecting', address: undefined, balance: undefined },
      { status: 'connected', address: ALICE, balance: undefined },
      { status: 'connected', address: ALICE, balance: '1,234.57' },
    ])
  })

  it('then no SWITCH_NETWORK is emitted for connecting, and CONNECT_SUCCESS is', async () => {
    const s = await started(setup())
    const events: string[] = []
    s.latch.events.subscribe((event) => events.push(event.type))
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(events).toEqual(['CONNECT_SUCCESS'])
  })

  it('when headless connect, switchNetwork and disconnect run, then the modal state is untouched', async () => {
    const s = await started(setup())
    const before = { modal: s.latch.store.getState().modal, router: s.latch.store.getState().router }
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    await disconnect(s.latch)
    expect({ modal: s.latch.store.getState().modal, router: s.latch.store.getState().router }).toEqual(before)

    openModal(s.latch)
    const open = { modal: s.latch.store.getState().modal, router: s.latch.store.getState().router }
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:1' })
    await disconnect(s.latch)
    expect({ modal: s.latch.store.getState().modal, router: s.latch.store.getState().router }).toEqual(open)
  })

  it('then the recent wallet and the last-used network are remembered', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.storage.getItem(STORAGE_KEYS.recentWallet)).toBe('memory.wallet')
    expect(s.latch.store.getState().recentWalletId).toBe('memory.wallet')
    expect(s.storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBe('memory.wallet')
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.storage.getItem(STORAGE_KEYS.lastUsedNetwork('eip155'))).toBe('eip155:8453')
  })

  it('when the wallet declines, then the namespace is disconnected, nothing is remembered and the error is thrown', async () => {
    const s = await started(setup())
    s.evm.wallet.rejectNext = { code: 4001, message: 'User rejected' }
    await expect(connect(s.latch, { connectorId: 'memory.wallet' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
  })

  it('when the wallet answers garbage, then it is refused and nothing is half-connected', async () => {
    const s = await started(setup())
    const { adapter } = s.evm
    const original = adapter.connect
    adapter.connect = async () => ({ address: '', chainId: 1, connectorId: 'x', connectorType: 'ANNOUNCED' })
    await expect(connect(s.latch, { connectorId: 'memory.wallet' })).rejects.toThrow(
      'The wallet returned an invalid account.',
    )
    expect(s.ns().account.status).toBe('disconnected')
    adapter.connect = original
  })

  it('when connect parameters are given, then they reach the connector unchanged', async () => {
    const s = await started(setup())
    const params = { authenticate: { nonce: 'abc' } }
    await connect(s.latch, { connectorId: 'memory.wallet', params })
    expect(s.evm.wallet.lastConnectParams).toBe(params)
  })

  it('when a newer connect starts while one runs, then the older answer is ignored and nothing stays connecting', async () => {
    const s = await started(setup())
    s.evm.wallet.holdConnect = deferred()
    const first = connect(s.latch, { connectorId: 'memory.wallet' })
    s.evm.wallet.holdConnect.resolve()
    s.evm.wallet.holdConnect = undefined
    await Promise.all([first, connect(s.latch, { connectorId: 'memory.wallet' })])
    expect(s.ns().account.status).toBe('connected')
  })

  it('when the sign-in gate vetoes, then the wallet is disconnected again (after the headless connect resolved)', async () => {
    const s = await started(setup())
    s.latch._internal.signInGate = async ({ reason }) => (reason === 'connect' ? 'disconnect' : 'ok')
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await flush()
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.evm.wallet.calls).toContain('disconnect')
  })

  it('when the account or chain changes, then the sign-in gate runs again', async () => {
    const s = await started(setup())
    const reasons: string[] = []
    s.latch._internal.signInGate = async ({ reason, address, caipNetworkId }) => {
      reasons.push(`${reason}:${address.slice(0, 4)}:${caipNetworkId}`)
      return 'ok'
    }
    await connect(s.latch, { connectorId: 'memory.wallet' })
    s.evm.wallet.changeAccounts(['0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'])
    s.evm.wallet.changeChain(8453)
    await flush()
    expect(reasons).toEqual(['connect:0xaA:eip155:1', 'change:0xbB:eip155:1', 'change:0xbB:eip155:8453'])
  })
})

describe('given the balance (spec §8, §9)', () => {
  it('when the fetch fails, then 0.00 shows, TokenBalanceUnavailableError is thrown and retries wait 30 s', async () => {
    const s = await started(setup())
    s.evm.wallet.balance = new Error('rpc down')
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await until(() => s.ns().account.balance === '0.00')
    const fetches = () => s.evm.wallet.calls.filter((c) => c.startsWith('balance')).length
    expect(fetches()).toBe(1)
    await expect(fetchBalance(s.latch, { force: true })).rejects.toBeInstanceOf(TokenBalanceUnavailableError)
    expect(fetches()).toBe(2)
    // Blocked: no request for 30 s after the last failure.
    await fetchBalance(s.latch)
    expect(fetches()).toBe(2)
    s.evm.wallet.balance = '2'
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 30_000)
    await fetchBalance(s.latch)
    expect(fetches()).toBe(3)
    expect(s.ns().account.balance).toBe('2.00')
  })

  it('when the network is a testnet or the app turns balances off, then none is fetched', async () => {
    const s = await started(setup())
    await switchNetwork(s.latch, { caipNetworkId: sepolia.caipNetworkId })
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await flush()
    expect(s.evm.wallet.calls.filter((c) => c.startsWith('balance'))).toEqual([])
    expect(s.ns().account.balance).toBeUndefined()

    const off = await started(setup({ balance: false }))
    await connect(off.latch, { connectorId: 'memory.wallet' })
    await fetchBalance(off.latch)
    expect(off.evm.wallet.calls.filter((c) => c.startsWith('balance'))).toEqual([])
  })

  it('when the network changes while a balance loads, then the stale answer is dropped', async () => {
    const s = await started(setup())
    s.evm.wallet.holdBalance = deferred()
    const hold = s.evm.wallet.holdBalance
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await until(() => s.evm.wallet.calls.some((c) => c.startsWith('balance')))
    s.evm.wallet.holdBalance = undefined
    s.evm.wallet.changeChain(sepolia.id)
    hold.resolve()
    await flush()
    expect(s.ns().account.balance).toBeUndefined()
  })

  it('then balances are en-US with two decimals, rounded', async () => {
    const s = await started(setup())
    s.evm.wallet.balance = '1234567.995'
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await until(() => s.ns().account.balance !== undefined)
    expect(s.ns().account.balance).toBe('1,234,568.00')
  })
})

describe('given a restore after reload (spec §4 startup)', () => {
  const remembered = () =>
    createMemoryStorage({
      [STORAGE_KEYS.connectorId('eip155')]: 'late.wallet',
      [STORAGE_KEYS.activeNamespace]: 'eip155',
    })
  const late = {
    id: 'late.wallet',
    type: 'ANNOUNCED' as const,
    name: 'Late Wallet',
    chain: 'eip155',
    rdns: 'late.wallet',
  }

  it('when the remembered wallet announces itself late, then the namespace stays connecting and restores when it does', async () => {
    const evm = memoryAdapter('eip155', [mainnet, base], { connectors: [], authorized: true })
    const s = setup({ restoreTimeoutMs: 3000 }, { storage: remembered(), evm })
    live.push(s.latch)
    const hydration = hydrate(s.latch)
    // The browser's storage is read by hydrate, synchronously: "Connecting…" from its first frame.
    expect(s.ns().account.status).toBe('connecting')
    await flush()
    expect(s.ns().account.status).toBe('connecting')
    evm.wallet.announce(late)
    await hydration
    expect(s.ns().account.status).toBe('connected')
    expect(evm.wallet.calls.filter((c) => c.startsWith('reconnect'))).toEqual(['reconnect:late.wallet'])
  })

  it('when it never announces, then the namespace ends disconnected with the stored session kept, and a later announcement still restores it', async () => {
    const evm = memoryAdapter('eip155', [mainnet, base], { connectors: [], authorized: true })
    const s = setup({}, { storage: remembered(), evm })
    await started(s)
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBe('late.wallet')
    expect(s.latch.store.getState().phase).toBe('ready')
    evm.wallet.announce(late)
    await until(() => s.ns().account.status === 'connected')
  })

  it('when the visitor connects something else while waiting, then the late wallet does not take over', async () => {
    const evm = memoryAdapter('eip155', [mainnet, base], { authorized: true })
    const s = setup({}, { storage: remembered(), evm })
    await started(s)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    evm.wallet.announce(late)
    await flush()
    expect(s.ns().account.connectorId).toBe('memory.wallet')
    expect(evm.wallet.calls).not.toContain('reconnect:late.wallet')
  })

  it('when the wallet says the site is not authorized, then the stored session is forgotten', async () => {
    const evm = memoryAdapter('eip155', [mainnet, base], { authorized: false })
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'memory.wallet' })
    const s = await started(setup({}, { storage, evm }))
    expect(s.ns().account.status).toBe('disconnected')
    expect(storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
  })

  it('when the wallet never answers or answers garbage, then the namespace ends disconnected and the session is kept', async () => {
    for (const answer of ['never', 'garbage', 'throw'] as const) {
      const evm = memoryAdapter('eip155', [mainnet, base], { authorized: true })
      evm.wallet.reconnectAnswer = answer
      const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'memory.wallet' })
      const s = await started(setup({}, { storage, evm }))
      expect(s.ns().account.status, answer).toBe('disconnected')
      expect(storage.getItem(STORAGE_KEYS.connectorId('eip155')), answer).toBe('memory.wallet')
    }
  })

  it('when a stored value is invalid, then it is dropped with a warning and never reaches an adapter', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const evm = memoryAdapter('eip155', [mainnet, base], { authorized: true })
    const storage = createMemoryStorage({
      [STORAGE_KEYS.connectorId('eip155')]: 'memory.wallet"><img src=x>',
      [STORAGE_KEYS.lastUsedNetwork('eip155')]: 'eip155:<1>',
    })
    const s = await started(setup({}, { storage, evm }))
    expect(evm.wallet.calls).toEqual([])
    expect(s.ns().account.status).toBe('disconnected')
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('when a wallet announces itself twice, then it restores once', async () => {
    const evm = memoryAdapter('eip155', [mainnet, base], { connectors: [], authorized: true })
    const s = setup({ restoreTimeoutMs: 3000 }, { storage: remembered(), evm })
    live.push(s.latch)
    const hydration = hydrate(s.latch)
    evm.wallet.announce(late)
    evm.wallet.announce(late)
    await hydration
    expect(evm.wallet.calls.filter((c) => c.startsWith('reconnect'))).toEqual(['reconnect:late.wallet'])
    expect(s.ns().account.status).toBe('connected')
  })

  it('then the last-used network of each namespace comes back', async () => {
    const storage = createMemoryStorage()
    const first = await started(setup({}, { storage }))
    await switchNetwork(first.latch, { caipNetworkId: 'eip155:8453' })
    const second = setup({}, { storage })
    live.push(second.latch)
    void hydrate(second.latch)
    expect(second.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(second.latch.store.getState().activeNamespace).toBe('eip155')
  })

  it('when another namespace connects during the restore, then neither is left connecting', async () => {
    const evm = memoryAdapter('eip155', [mainnet, base], { authorized: true })
    evm.wallet.holdReconnect = deferred()
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'memory.wallet' })
    const s = setup({}, { storage, evm })
    live.push(s.latch)
    const hydration = hydrate(s.latch)
    await connect(s.latch, { connectorId: 'Memory Wallet', namespace: 'solana' })
    evm.wallet.holdReconnect.resolve()
    await hydration
    expect(s.ns('solana').account.status).toBe('connected')
    expect(s.ns('eip155').account.status).toBe('connected')
  })
})

describe('given two namespaces restored after reload', () => {
  it('when the visitor was on eip155 and solana restores last, then eip155 stays active', async () => {
    const storage = createMemoryStorage({
      [STORAGE_KEYS.connectorId('eip155')]: 'memory.wallet',
      [STORAGE_KEYS.connectorId('solana')]: 'memory.sol',
      [STORAGE_KEYS.activeNamespace]: 'eip155',
    })
    const evm = memoryAdapter('eip155', [mainnet, base], { authorized: true })
    const s = setup({}, { storage, evm })
    s.sol.wallet.connectors = [
      { id: 'memory.sol', type: 'ANNOUNCED', name: 'Memory Wallet', chain: 'solana', installed: true },
    ]
    s.sol.wallet.authorized = true
    s.sol.wallet.holdReconnect = deferred()
    live.push(s.latch)
    const hydration = hydrate(s.latch)
    await until(() => s.ns('eip155').account.status === 'connected')
    s.sol.wallet.holdReconnect.resolve()
    await hydration
    expect(s.ns('solana').account.status).toBe('connected')
    expect(s.latch.store.getState().activeNamespace).toBe('eip155')
    expect(storage.getItem(STORAGE_KEYS.activeNamespace)).toContain('eip155')
  })
})

describe('given a session connector (one session, several namespaces)', () => {
  const withSession = () => {
    const session = memorySession('phone', 'WALLET_CONNECT', sessionApproval)
    const s = setup({ connectors: [session.connector] })
    return { ...s, session }
  }

  it('when the wallet approves, then every approved namespace connects in one update, adapters attach to it', async () => {
    const s = withSession()
    await started(s)
    const updates: string[] = []
    s.latch.store.subscribe((state) =>
      updates.push(`${state.namespaces.eip155?.account.status}/${state.namespaces.solana?.account.status}`),
    )
    const pending = connect(s.latch, { connectorId: 'phone' })
    await flush()
    expect(s.latch.store.getState().sessions.phone?.pairing?.uri).toMatch(/^wc:phone/)
    s.session.approve()
    const result = await pending
    expect(result.namespaces).toEqual(['eip155', 'solana'])
    expect(updates.filter((u) => u === 'connected/connected')).not.toHaveLength(0)
    expect(updates).not.toContain('connected/disconnected')
    expect(s.evm.wallet.calls).toContain('attach:phone')
    expect(s.latch.store.getState().sessions.phone).toMatchObject({
      status: 'connected',
      wallet: { name: 'Phone Wallet' },
    })
  })

  it('when one namespace of it is disconnected, then the session ends once and every namespace on it goes', async () => {
    const s = withSession()
    await started(s)
    const pending = connect(s.latch, { connectorId: 'phone' })
    await flush()
    s.session.approve()
    await pending
    await disconnect(s.latch, { namespace: 'solana' })
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(s.ns('solana').account.status).toBe('disconnected')
    expect(s.session.calls.filter((c) => c === 'disconnect')).toHaveLength(1)
  })

  it('when an injected wallet serves two namespaces, then disconnecting one leaves the other', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await connect(s.latch, { connectorId: 'Memory Wallet', namespace: 'solana' })
    await disconnect(s.latch, { namespace: 'eip155' })
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(s.ns('solana').account.status).toBe('connected')
  })

  it('when the visitor left the pairing and the wallet approves later, then it is applied while nothing else is connected', async () => {
    const s = withSession()
    await started(s)
    openModal(s.latch, { view: 'ConnectingWalletConnectBasic' })
    const pending = selectSession(s.latch, { connectorId: 'phone' })
    await flush()
    closeModal(s.latch)
    cancelSession(s.latch, { connectorId: 'phone' })
    s.session.approve()
    await pending
    expect(s.ns('eip155').account.status).toBe('connected')
    expect(s.session.calls).not.toContain('disconnect')
  })

  it('when the visitor left the pairing and connected something else, then a late approval is ended, never dangling', async () => {
    const s = withSession()
    await started(s)
    const pending = selectSession(s.latch, { connectorId: 'phone' })
    await flush()
    cancelSession(s.latch, { connectorId: 'phone' })
    await connect(s.latch, { connectorId: 'memory.wallet' })
    s.session.approve()
    await pending
    expect(s.ns('eip155').account.connectorId).toBe('memory.wallet')
    expect(s.session.calls).toContain('disconnect')
  })

  it('when the app reloads, then the session comes back on the network the visitor last used', async () => {
    const storage = createMemoryStorage()
    const session = memorySession('phone', 'WALLET_CONNECT', sessionApproval)
    const first = setup({ connectors: [session.connector] }, { storage })
    await started(first)
    const pending = connect(first.latch, { connectorId: 'phone' })
    await flush()
    session.approve()
    await pending
    await switchNetwork(first.latch, { caipNetworkId: 'eip155:8453' })
    teardown(first.latch)

    session.stored = sessionApproval
    const second = setup({ connectors: [session.connector] }, { storage })
    live.push(second.latch)
    const restoring = hydrate(second.latch)
    expect(second.ns('eip155').account.status).toBe('connecting')
    await restoring
    expect(second.ns('eip155').account.status).toBe('connected')
    expect(second.ns('eip155').network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(second.ns('solana').account.status).toBe('connected')
  })

  it('when its dependency is unavailable at restore, then the namespaces are disconnected with the session kept', async () => {
    const session = memorySession('phone', 'WALLET_CONNECT', sessionApproval)
    session.stored = 'unavailable'
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'phone' })
    const s = await started(setup({ connectors: [session.connector] }, { storage }))
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBe('phone')
  })

  it('when its wallet cannot be reached at restore, then the account stays "offline — reconnecting" and comes back by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const session = memorySession('phone', 'WALLET_CONNECT', sessionApproval)
    session.stored = 'unreachable'
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'phone' })
    const s = setup({ connectors: [session.connector] }, { storage })
    await hydrate(s.latch)
    expect(s.latch.store.getState().phase).toBe('ready')
    expect(s.ns('eip155').account.status).toBe('connecting')
    expect(s.latch.store.getState().sessions.phone?.offline).toBe(true)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(session.calls.filter((c) => c === 'restore')).toHaveLength(2)
    expect(s.ns('eip155').account.status).toBe('connecting')
    // The server is back.
    session.stored = sessionApproval
    await vi.advanceTimersByTimeAsync(4_000)
    expect(s.ns('eip155').account.status).toBe('connected')
    expect(s.latch.store.getState().sessions.phone?.offline).toBe(false)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(session.calls.filter((c) => c === 'restore')).toHaveLength(3)
    vi.useRealTimers()
  })

  it('when the instance is torn down while its wallet cannot be reached, then the retries stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const session = memorySession('phone', 'WALLET_CONNECT', sessionApproval)
    session.stored = 'unreachable'
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'phone' })
    const s = setup({ connectors: [session.connector] }, { storage })
    await hydrate(s.latch)
    teardown(s.latch)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(session.calls.filter((c) => c === 'restore')).toHaveLength(1)
    vi.useRealTimers()
  })

  it('when the session ended meanwhile, then its namespaces are forgotten', async () => {
    const session = memorySession('phone', 'WALLET_CONNECT', sessionApproval)
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId('eip155')]: 'phone' })
    const s = await started(setup({ connectors: [session.connector] }, { storage }))
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
  })

  it('when it asks the modal for a view, then the modal shows it', async () => {
    const s = withSession()
    await started(s)
    for (const handlers of s.session.handlers)
      handlers.onEvent?.({ type: 'view', view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:8453' } })
    expect(s.latch.store.getState().modal.open).toBe(true)
    expect(s.latch.store.getState().router.history.at(-1)).toEqual({
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
    })
  })

  it('when in Telegram an unexpired pairing is pending, then connecting again reuses it (spec §4)', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Telegram-Android/10.0' })
    const s = withSession()
    await started(s)
    const first = connect(s.latch, { connectorId: 'phone' })
    await flush()
    const second = connect(s.latch, { connectorId: 'phone' })
    expect(s.session.calls.filter((c) => c === 'connect')).toHaveLength(1)
    s.session.approve()
    expect(await second).toEqual(await first)
  })

  it('when not in Telegram or iOS Safari, then connecting again starts a new pairing', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' })
    const s = withSession()
    await started(s)
    void connect(s.latch, { connectorId: 'phone' }).catch(() => {})
    await flush()
    void connect(s.latch, { connectorId: 'phone' }).catch(() => {})
    await flush()
    expect(s.session.calls.filter((c) => c === 'connect')).toHaveLength(2)
  })
})

describe('given the options that shape connecting', () => {
  it('when EIP-6963 is turned off, then announced wallets are not offered (the generic injected one still is)', async () => {
    const evm = memoryAdapter('eip155', [mainnet, base], {
      connectors: [
        {
          id: 'memory.wallet',
          type: 'ANNOUNCED',
          name: 'Memory Wallet',
          chain: 'eip155',
          rdns: 'memory.wallet',
        },
        { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' },
      ],
    })
    const on = await started(setup({}, { evm }))
    expect(on.latch.store.getState().connectors.eip155?.map((c) => c.id)).toEqual([
      'memory.wallet',
      'injected',
    ])
    teardown(on.latch)
    const off = await started(setup({ enableEIP6963: false }, { evm }))
    expect(off.latch.store.getState().connectors.eip155?.map((c) => c.id)).toEqual(['injected'])
    off.evm.wallet.announce({ id: 'late.wallet', type: 'ANNOUNCED', name: 'Late', chain: 'eip155' })
    expect(off.latch.store.getState().connectors.eip155?.map((c) => c.id)).toEqual(['injected'])
  })

  it("when a session connector connects, then it receives the app's metadata", async () => {
    const session = memorySession('phone', 'WALLET_CONNECT', sessionApproval)
    let seen: unknown
    const connect = session.connector.connect
    session.connector.connect = (parameters) => {
      seen = parameters.metadata
      return connect(parameters)
    }
    const metadata = { name: 'App', description: 'An app', url: 'https://app.example', icons: [] }
    const s = await started(setup({ connectors: [session.connector], metadata }))
    const pending =
      connect === undefined ? undefined : s.latch && selectSession(s.latch, { connectorId: 'phone' })
    await flush()
    session.approve()
    await pending
    expect(seen).toBe(metadata)
  })
})

describe('given the modal flows', () => {
  it('when the visitor disconnects from the modal, then the modal closes', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    openModal(s.latch)
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('Account')
    await selectDisconnect(s.latch)
    expect(s.latch.store.getState().modal.open).toBe(false)
    expect(s.ns().account.status).toBe('disconnected')
  })

  it('when a two-sided wallet disconnects one namespace from Account, then the other stays, active, with the modal open', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await connect(s.latch, { connectorId: 'Memory Wallet', namespace: 'solana' })
    openModal(s.latch)
    await selectDisconnect(s.latch, { namespace: s.latch.store.getState().activeNamespace as 'solana' })
    const state = s.latch.store.getState()
    expect(s.ns('solana').account.status).toBe('disconnected')
    expect(s.ns('eip155').account.status).toBe('connected')
    expect(state.activeNamespace).toBe('eip155')
    expect(state.modal.open).toBe(true)
    await selectDisconnect(s.latch, { namespace: 'eip155' })
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(s.latch.store.getState().modal.open).toBe(false)
  })

  it('when Disconnect all is chosen, then every namespace disconnects and the modal closes', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await connect(s.latch, { connectorId: 'Memory Wallet', namespace: 'solana' })
    openModal(s.latch)
    await selectDisconnect(s.latch, { namespace: 'all' })
    expect(s.ns('solana').account.status).toBe('disconnected')
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(s.latch.store.getState().modal.open).toBe(false)
  })

  it('when a wallet is picked, then Connecting shows and the modal closes once connected', async () => {
    const s = await started(setup())
    openModal(s.latch)
    const pending = selectWallet(s.latch, { connectorId: 'memory.wallet' })
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('Connecting')
    await pending
    expect(s.latch.store.getState().modal.open).toBe(false)
  })

  it('when a network is picked in the list and the switch succeeds, then the picker closes too', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    openModal(s.latch, { view: 'Networks' })
    await selectNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.latch.store.getState().modal.open).toBe(false)
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')

    openModal(s.latch)
    s.latch.store.setState((state) => ({
      ...state,
      router: { ...state.router, history: [{ view: 'Account' }, { view: 'Networks' }] },
    }))
    await selectNetwork(s.latch, { caipNetworkId: 'eip155:1' })
    expect(s.latch.store.getState().router.history.map((e) => e.view)).toEqual(['Account'])
  })

  it('when the switch is declined, then the view goes back and says so', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    openModal(s.latch, { view: 'Networks' })
    s.evm.wallet.switchError = { code: 4001, message: 'no' }
    await selectNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('Networks')
    expect(s.latch.store.getState().error).toMatchObject({ view: 'Networks', code: 'user-rejected' })
    expect(s.evm.wallet.calls).not.toContain('add:eip155:8453')
  })

  it('when a network is picked while disconnected, then it becomes active and the next connect asks for it', async () => {
    const s = await started(setup())
    s.latch.store.setState((state) => ({ ...state, activeNamespace: 'solana' }))
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.latch.store.getState().activeNamespace).toBe('eip155')
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.evm.wallet.lastConnectNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
  })

  it('when the modal opens for another namespace, then it filters to it and switches to it first', async () => {
    const s = await started(setup())
    expect(s.latch.store.getState().activeNamespace).toBe('eip155')
    openModal(s.latch, { namespace: 'solana' })
    await flush()
    expect(s.latch.store.getState().namespaceFilter).toBe('solana')
    expect(s.latch.store.getState().activeNamespace).toBe('solana')
  })

  it("when a chain the app did not configure is asked for, then 'switch network not found' shows as an alert", async () => {
    const s = await started(setup())
    await expect(switchNetwork(s.latch, { caipNetworkId: 'eip155:10' })).rejects.toThrow(
      'switch network not found',
    )
    expect(s.latch.store.getState().alerts.map((a) => a.id)).toContain('SWITCH_NETWORK_NOT_FOUND')
  })

  it('when the modal is closed, then pending actions are cancelled and a shake restarts its timer', async () => {
    vi.useFakeTimers()
    const s = setup()
    openModal(s.latch, { view: 'Networks' })
    const cancelled = vi.fn()
    const { pushTransaction } = await import('./navigate.js')
    pushTransaction(s.latch, {
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
      onCancel: cancelled,
    })
    closeModal(s.latch)
    expect(cancelled).toHaveBeenCalledOnce()
    const { shakeModal } = await import('./close.js')
    shakeModal(s.latch)
    expect(s.latch.store.getState().modal.shake).toBe(true)
    vi.advanceTimersByTime(499)
    shakeModal(s.latch)
    vi.advanceTimersByTime(499)
    expect(s.latch.store.getState().modal.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(s.latch.store.getState().modal.shake).toBe(false)
  })
})

describe('given eip155 results, typed 0x-hex so they pass to viem and wagmi as they are', () => {
  it('when the wallet answers a signature or a transaction with 0x-hex, then the action resolves with it', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(await signMessage(s.latch, { message: 'hi', namespace: 'eip155' })).toMatch(/^0x[0-9a-f]+$/)
    expect(await sendTransaction(s.latch, { to: ALICE, value: 1n })).toBe(`0x${'ab'.repeat(32)}`)
  })

  it('when the wallet answers with something else, then the action rejects instead of passing it on', async () => {
    const s = await started(setup())
    await connect(s.latch, { connectorId: 'memory.wallet' })
    s.evm.wallet.answer = 'signed:hi'
    await expect(signMessage(s.latch, { message: 'hi' })).rejects.toBeInstanceOf(InvalidWalletResponseError)
    await expect(sendTransaction(s.latch, { to: ALICE, value: 1n })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
  })

  it('when a session approves an eip155 account that is not an address, then that namespace does not connect', async () => {
    const session = memorySession('phone', 'WALLET_CONNECT', {
      ...sessionApproval,
      namespaces: {
        ...sessionApproval.namespaces,
        eip155: { accounts: ['eip155:1:vitalik'], chains: ['eip155:1'] },
      },
    })
    const s = await started(setup({ connectors: [session.connector] }))
    const pending = connect(s.latch, { connectorId: 'phone' })
    await flush()
    session.approve()
    expect((await pending).namespaces).toEqual(['solana'])
    expect(s.ns().account.status).toBe('disconnected')
  })
})
