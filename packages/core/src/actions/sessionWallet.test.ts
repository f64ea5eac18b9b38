import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { AdapterOrConnectorNotFoundError } from '../errors/adapter.js'
import type { LatchEvent } from '../events.js'
import type { LatchState } from '../state.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, memorySession, network } from '../test/memoryAdapter.fixture.js'
import type { ApprovedSession, CaipNetwork, SessionConnectorEvent, SessionHandlers } from '../types.js'
import { closeModal } from './close.js'
import { connect } from './connect.js'
import { activeEmbeddedWallet, exportEmbeddedWallet } from './exportWallet.js'
import { setThemeMode } from './getters.js'
import { hydrate, teardown } from './hydrate.js'
import { settleTransaction } from './navigate.js'
import { openModal } from './open.js'

// What a session wallet (an embedded wallet's frame, a WalletConnect peer) does to the modal and
// the state once it is live: its own approval window, user changes, toasts, the theme it follows,
// and exporting the embedded wallet.

const mainnet = network('eip155', 1, 'Ethereum')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'

const approval: ApprovedSession = {
  namespaces: { eip155: { accounts: [`eip155:1:${ALICE}`], chains: ['eip155:1'] } },
  expiry: 0,
  wallet: { name: 'Embedded Wallet', icon: 'https://wallet.example/icon.png' },
  user: { email: 'me@example.com' },
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const live: Latch[] = []
afterEach(() => {
  for (const latch of live.splice(0)) teardown(latch)
})

interface Extras {
  abortRequests: ReturnType<typeof vi.fn>
  syncTheme: ReturnType<typeof vi.fn>
  exportWallet: ReturnType<typeof vi.fn>
}

function setup({ extras = true }: { extras?: boolean } = {}) {
  const session = memorySession('embedded', 'AUTH', approval)
  const fns: Extras = {
    abortRequests: vi.fn(),
    syncTheme: vi.fn(),
    exportWallet: vi.fn(async () => ({ opened: true })),
  }
  if (extras)
    Object.assign(session.connector, {
      abortRequests: fns.abortRequests,
      syncTheme: fns.syncTheme,
      // Only the export is called here; the rest of the ability is never reached.
      capabilities: { embeddedWallet: { exportWallet: fns.exportWallet } },
    })
  const evm = memoryAdapter('eip155', [mainnet])
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter],
    connectors: [session.connector],
    storage: createMemoryStorage(),
    restoreTimeoutMs: 100,
  })
  live.push(latch)
  const events: LatchEvent[] = []
  latch.events.subscribe((event) => events.push(event))
  const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data)
  const tell = (event: SessionConnectorEvent) => {
    for (const h of session.handlers as Set<SessionHandlers>) h.onEvent?.(event)
  }
  const handlers = () => [...session.handlers] as SessionHandlers[]
  const state = () => latch.store.getState() as LatchState
  const views = () => state().router.history.map((e) => e.view)
  return { latch, evm, session, fns, of, tell, handlers, state, views }
}

async function paired(s: ReturnType<typeof setup>) {
  const pending = connect(s.latch, { connectorId: 'embedded' })
  await flush()
  s.session.approve()
  await pending
}

describe('given a request the wallet approves in its own window', () => {
  it('when it starts with the modal closed, then the modal opens on ApproveTransaction; a success closes it and refreshes the balance', async () => {
    const s = setup()
    await hydrate(s.latch)
    await paired(s)
    closeModal(s.latch)
    const before = s.evm.wallet.calls.filter((c) => c.startsWith('balance:')).length
    s.tell({ type: 'approval', phase: 'start', requestId: 'r1' })
    expect(s.state().modal.open).toBe(true)
    expect(s.state().router.history).toEqual([
      { view: 'ApproveTransaction', params: { connectorId: 'embedded' } },
    ])
    expect(s.state().router.transactionStack).toHaveLength(1)
    s.tell({ type: 'approval', phase: 'end', requestId: 'r1', outcome: 'success' })
    await flush()
    expect(s.state().modal.open).toBe(false)
    expect(s.state().router.transactionStack).toEqual([])
    // The refresh goes through the query layer, which loads with import().
    await vi.waitFor(() =>
      expect(s.evm.wallet.calls.filter((c) => c.startsWith('balance:')).length).toBe(before + 1),
    )
  })

  it('when it starts over an open view, then ApproveTransaction is pushed on it and its end goes back to that view', async () => {
    const s = setup()
    await hydrate(s.latch)
    await paired(s)
    openModal(s.latch, { view: 'Networks' })
    s.tell({ type: 'approval', phase: 'start', requestId: 'r1' })
    expect(s.views()).toEqual(['Networks', 'ApproveTransaction'])
    // The connection's own balance fetch has landed.
    await vi.waitFor(() => expect(s.evm.wallet.calls.some((c) => c.startsWith('balance:'))).toBe(true))
    const before = s.evm.wallet.calls.filter((c) => c.startsWith('balance:')).length
    s.tell({ type: 'approval', phase: 'end', requestId: 'r1', outcome: 'error' })
    await flush()
    expect(s.state().modal.open).toBe(true)
    expect(s.views()).toEqual(['Networks'])
    // An error does not refresh the balance.
    expect(s.evm.wallet.calls.filter((c) => c.startsWith('balance:')).length).toBe(before)
  })

  it("when the visitor cancels ApproveTransaction, then the wallet's pending requests are aborted", async () => {
    const s = setup()
    await hydrate(s.latch)
    s.tell({ type: 'approval', phase: 'start', requestId: 'r1' })
    expect(s.fns.abortRequests).not.toHaveBeenCalled()
    settleTransaction(s.latch, 'cancel')
    expect(s.fns.abortRequests).toHaveBeenCalledTimes(1)
    expect(s.state().modal.open).toBe(false)
    // The late end of the cancelled request changes nothing.
    openModal(s.latch, { view: 'Networks' })
    s.tell({ type: 'approval', phase: 'end', requestId: 'r1', outcome: 'error' })
    expect(s.views()).toEqual(['Networks'])
    expect(s.state().modal.open).toBe(true)
  })

  it('when the sign-in view waits for the signature, then it stays and the end does not touch it', async () => {
    const s = setup()
    await hydrate(s.latch)
    openModal(s.latch, { view: 'SIWXSignMessage' } as never)
    s.tell({ type: 'approval', phase: 'start', requestId: 'r1' })
    expect(s.views()).toEqual(['SIWXSignMessage'])
    expect(s.state().router.transactionStack).toEqual([])
    s.tell({ type: 'approval', phase: 'end', requestId: 'r1', outcome: 'error' })
    expect(s.views()).toEqual(['SIWXSignMessage'])
    expect(s.state().modal.open).toBe(true)
  })

  it('when another action is on top of the stack, then an approval that ends does not settle it', async () => {
    const s = setup()
    await hydrate(s.latch)
    openModal(s.latch, { view: 'Networks' })
    s.tell({ type: 'approval', phase: 'start', requestId: 'r1' })
    s.tell({ type: 'approval', phase: 'start', requestId: 'r2' })
    // The same view is not stacked twice; each request has its own pending action.
    expect(s.views()).toEqual(['Networks', 'ApproveTransaction'])
    expect(s.state().router.transactionStack).toHaveLength(2)
    s.tell({ type: 'approval', phase: 'end', requestId: 'r1', outcome: 'error' })
    expect(s.views()).toEqual(['Networks', 'ApproveTransaction'])
    expect(s.state().router.transactionStack).toHaveLength(2)
    s.tell({ type: 'approval', phase: 'end', requestId: 'unknown', outcome: 'error' })
    expect(s.state().router.transactionStack).toHaveLength(2)
    s.tell({ type: 'approval', phase: 'end', requestId: 'r2', outcome: 'error' })
    expect(s.state().router.transactionStack).toHaveLength(1)
    expect(s.state().modal.open).toBe(true)
  })
})

describe('given a live session wallet', () => {
  it("when the wallet's user changes, then the session's user follows while connected, and not otherwise", async () => {
    const s = setup()
    await hydrate(s.latch)
    for (const h of s.handlers()) h.onUserChanged?.({ email: 'early@example.com' })
    expect(s.state().sessions.embedded?.user).toBeUndefined()
    await paired(s)
    expect(s.state().sessions.embedded?.user).toEqual({ email: 'me@example.com' })
    for (const h of s.handlers()) h.onUserChanged?.({ email: 'new@example.com' })
    expect(s.state().sessions.embedded?.user).toEqual({ email: 'new@example.com' })
  })

  it('when it raises a toast, then TOAST is emitted with its text', async () => {
    const s = setup()
    await hydrate(s.latch)
    for (const h of s.handlers()) h.onToast?.({ id: 'ACTION_NOT_ALLOWED', message: 'Action not allowed' })
    expect(s.of('TOAST')).toEqual([{ id: 'ACTION_NOT_ALLOWED', message: 'Action not allowed' }])
  })

  it('then it gets the theme at start and each time the theme changes, not on other changes', async () => {
    const s = setup()
    await hydrate(s.latch)
    const variables = s.state().themeVariables
    expect(s.fns.syncTheme.mock.calls).toEqual([
      [{ themeMode: s.state().themeMode, themeVariables: variables }],
    ])
    openModal(s.latch, { view: 'Networks' })
    expect(s.fns.syncTheme).toHaveBeenCalledTimes(1)
    const other = s.state().themeMode === 'dark' ? 'light' : 'dark'
    setThemeMode(s.latch, other)
    expect(s.fns.syncTheme).toHaveBeenCalledTimes(2)
    expect(s.fns.syncTheme.mock.calls[1]).toEqual([{ themeMode: other, themeVariables: variables }])
    s.latch.store.setState((state) => ({ ...state, themeVariables: { '--latch-accent': '#123456' } }))
    expect(s.fns.syncTheme).toHaveBeenCalledTimes(3)
    expect(s.fns.syncTheme.mock.calls[2]).toEqual([
      { themeMode: other, themeVariables: { '--latch-accent': '#123456' } },
    ])
    teardown(s.latch)
    setThemeMode(s.latch, s.state().themeMode === 'dark' ? 'light' : 'dark')
    expect(s.fns.syncTheme).toHaveBeenCalledTimes(3)
  })
})

describe('given the wallet ends the session while the modal is open', () => {
  for (const view of ['Account', 'Networks', 'UnsupportedChain'] as const) {
    it(`when ${view} shows the account that ended, then the modal closes`, async () => {
      const s = setup()
      await hydrate(s.latch)
      await paired(s)
      openModal(s.latch, { view } as never)
      expect(s.state().modal.open).toBe(true)
      for (const h of s.handlers()) h.onSessionEnded('deleted')
      expect(s.state().namespaces.eip155?.account.status).toBe('disconnected')
      expect(s.state().modal.open).toBe(false)
      expect(s.of('DISCONNECT_SUCCESS')).toEqual([{ namespaces: ['eip155'] }])
    })
  }

  it('when another view is shown, then the modal stays open', async () => {
    const s = setup()
    await hydrate(s.latch)
    await paired(s)
    openModal(s.latch, { view: 'AllWallets' } as never)
    for (const h of s.handlers()) h.onSessionEnded('deleted')
    expect(s.state().namespaces.eip155?.account.status).toBe('disconnected')
    expect(s.state().modal.open).toBe(true)
    expect(s.views()).toEqual(['AllWallets'])
  })
})

describe('given exporting the embedded wallet', () => {
  it('when nothing is connected, then there is no embedded wallet and the export says "Adapter or connector not found"', async () => {
    const s = setup()
    await hydrate(s.latch)
    expect(activeEmbeddedWallet(s.latch)).toBeUndefined()
    await expect(exportEmbeddedWallet(s.latch)).rejects.toThrow(AdapterOrConnectorNotFoundError)
    await expect(exportEmbeddedWallet(s.latch)).rejects.toThrow(
      'Adapter or connector not found for namespace embedded',
    )
    expect(s.fns.exportWallet).not.toHaveBeenCalled()
  })

  it('when the active account is on the embedded wallet, then the export opens its window and resolves whether it opened', async () => {
    const s = setup()
    await hydrate(s.latch)
    await paired(s)
    expect(activeEmbeddedWallet(s.latch)?.connector).toBe(s.session.connector)
    await expect(exportEmbeddedWallet(s.latch)).resolves.toEqual({ opened: true })
    expect(s.fns.exportWallet).toHaveBeenCalledTimes(1)
  })

  it('when the active account is on a wallet that cannot export, then there is none to export', async () => {
    const s = setup({ extras: false })
    await hydrate(s.latch)
    await paired(s)
    expect(s.state().namespaces.eip155?.account.connectorId).toBe('embedded')
    expect(activeEmbeddedWallet(s.latch)).toBeUndefined()
    await expect(exportEmbeddedWallet(s.latch)).rejects.toThrow(AdapterOrConnectorNotFoundError)

    const injected = setup()
    await hydrate(injected.latch)
    await connect(injected.latch, { connectorId: 'memory.wallet' })
    expect(injected.state().activeNamespace).toBe('eip155')
    expect(activeEmbeddedWallet(injected.latch)).toBeUndefined()
  })
})
