import { describe, expect, it } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { LatchEvent } from '../events.js'
import type { LatchSiwx, SiwxContext, SiwxSession } from '../siwx/types.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, memorySession, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { closeModal } from './close.js'
import { connect } from './connect.js'
import { connectSession } from './connectSession.js'
import { disconnect } from './disconnect.js'
import { hydrate } from './hydrate.js'
import { cancelSignIn, signIn } from './signIn.js'

const mainnet = network('eip155', 1, 'Ethereum')
const base = network('eip155', 8453, 'Base')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const BOB = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** An app's own sign-in implementation: sessions in memory, every call recorded. */
function memorySiwx(required: boolean) {
  const sessions: SiwxSession[] = []
  const calls: string[] = []
  const contexts: (SiwxContext | undefined)[] = []
  let failMessage = false
  const siwx: LatchSiwx = {
    async createMessage({ accountAddress, chainId }) {
      calls.push(`create ${chainId} ${accountAddress}`)
      if (failMessage) throw new Error('server down')
      const data = {
        accountAddress,
        chainId,
        domain: 'app.example',
        uri: 'https://app.example',
        version: '1',
        nonce: 'n0nce1234',
        issuedAt: '2026-01-01T00:00:00Z',
      }
      return { data, message: `sign in ${accountAddress} on ${chainId}` }
    },
    async addSession(session, context) {
      calls.push('add')
      contexts.push(context)
      sessions.push(session)
    },
    async revokeSession(chainId, address) {
      calls.push(`revoke ${chainId} ${address}`)
      const kept = sessions.filter((s) => s.data.chainId !== chainId || s.data.accountAddress !== address)
      sessions.splice(0, sessions.length, ...kept)
    },
    async setSessions() {},
    async getSessions(chainId, address) {
      calls.push(`get ${chainId} ${address}`)
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
    },
    getRequired: () => required,
  }
  return { siwx, sessions, calls, contexts, failNextMessage: () => (failMessage = true) }
}

function setup(
  required: boolean,
  storage = createMemoryStorage(),
  server: { apiUrl?: string; projectId?: string } = {},
) {
  const evm = memoryAdapter('eip155', [mainnet, base], { accounts: [ALICE, BOB] })
  const auth = memorySiwx(required)
  const latch = createLatch({
    networks: [mainnet, base],
    adapters: [evm.adapter],
    siwx: auth.siwx,
    storage,
    ...server,
  })
  const events: LatchEvent['type'][] = []
  latch.events.subscribe((event) => events.push(event.type))
  return { latch, evm, auth, events, storage }
}

const top = (latch: Latch) => latch.store.getState().router.history.at(-1)?.view
const signInState = (latch: Latch) => latch.store.getState().signIn

async function connectAndWait(latch: Latch) {
  await hydrate(latch)
  const connecting = connect(latch, { connectorId: 'memory.wallet' })
  await until(() => signInState(latch).status === 'pending')
  // Wrapped: returning the promise itself would make this wait for it.
  return { done: connecting }
}

describe('given sign-in is required', () => {
  it('when the app connects headless, then connect resolves connected while the sign-in view asks for the signature', async () => {
    const { latch, auth } = setup(true)
    await hydrate(latch)
    const result = await connect(latch, { connectorId: 'memory.wallet' })
    expect(result.address).toBe(ALICE)
    expect(latch.store.getState().namespaces.eip155?.account.status).toBe('connected')
    await until(() => signInState(latch).status === 'pending')
    expect(latch.store.getState().modal.open).toBe(true)
    expect(top(latch)).toBe('SIWXSignMessage')
    expect(auth.sessions).toEqual([])
    await signIn(latch)
    expect(signInState(latch).status).toBe('signed-in')
  })

  it('when a wallet connects without a session, then SIWXSignMessage opens and cannot be closed; signing stores the session and closes', async () => {
    const { latch, auth, events, evm } = setup(true)
    const { done: connecting } = await connectAndWait(latch)
    expect(latch.store.getState().modal.open).toBe(true)
    expect(top(latch)).toBe('SIWXSignMessage')
    expect(signInState(latch).request).toEqual({
      namespace: 'eip155',
      address: ALICE,
      caipNetworkId: 'eip155:1',
      reason: 'connect',
    })
    expect(closeModal(latch)).toBe(false)
    expect(latch.store.getState().modal.open).toBe(true)

    await signIn(latch)
    await connecting
    expect(signInState(latch).status).toBe('signed-in')
    expect(signInState(latch).session?.signature).toBe(
      `0x${Buffer.from(`signed:sign in ${ALICE} on eip155:1`).toString('hex')}`,
    )
    expect(latch.store.getState().modal.open).toBe(false)
    expect(auth.sessions).toHaveLength(1)
    expect(evm.wallet.calls).toContain('sign')
    expect(events).toContain('SIWX_AUTH_SUCCESS')
  })

  it("when the app has a server, then the implementation is told the project's RPC endpoint of the network; without one, none", async () => {
    const withServer = setup(true, createMemoryStorage(), {
      apiUrl: 'https://api.example.com',
      projectId: 'p1',
    })
    await connectAndWait(withServer.latch)
    await signIn(withServer.latch)
    expect(withServer.auth.contexts[0]?.projectRpcUrl?.('eip155:1')).toBe(
      'https://api.example.com/v1/?chainId=eip155%3A1&projectId=p1',
    )
    const without = setup(true)
    await connectAndWait(without.latch)
    await signIn(without.latch)
    expect(without.auth.contexts[0]?.projectRpcUrl?.('eip155:1')).toBeUndefined()
  })

  it('when the wallet declines, then "Signature declined" shows, the view stays, and a retry signs in', async () => {
    const { latch, evm, events } = setup(true)
    const { done: connecting } = await connectAndWait(latch)
    evm.wallet.rejectSign = new UserRejectedRequestError()
    await signIn(latch)
    expect(signInState(latch)).toMatchObject({
      status: 'pending',
      error: 'Signature declined',
      errorName: 'SignatureDeclinedError',
      signing: false,
    })
    expect(top(latch)).toBe('SIWXSignMessage')
    expect(events).toContain('SIWX_AUTH_ERROR')
    await signIn(latch)
    await connecting
    expect(signInState(latch)).toMatchObject({ status: 'signed-in', error: undefined })
  })

  it('when the message cannot be created, then the spec message is said, the wallet is disconnected and the view resets (spec §4, §8)', async () => {
    const { latch, auth } = setup(true)
    const toasts: unknown[] = []
    latch.events.on('TOAST', (toast) => toasts.push(toast))
    await connectAndWait(latch)
    auth.failNextMessage()
    await signIn(latch)
    expect(signInState(latch)).toMatchObject({
      status: 'none',
      error: 'A problem occurred while trying initialize authentication',
    })
    expect(toasts).toEqual([
      { id: 'SIWX_INIT_FAILED', message: 'A problem occurred while trying initialize authentication' },
    ])
    await until(() => latch.store.getState().namespaces.eip155?.account.status === 'disconnected')
    expect(latch.store.getState().modal.open).toBe(false)
    expect(top(latch)).toBe('Connect')
  })

  it('when they cancel, then the wallet is disconnected and the view resets to Connect', async () => {
    const { latch, events } = setup(true)
    const { done: connecting } = await connectAndWait(latch)
    cancelSignIn(latch)
    await connecting
    await until(() => latch.store.getState().namespaces.eip155?.account.status === 'disconnected')
    expect(latch.store.getState().modal.open).toBe(false)
    expect(top(latch)).toBe('Connect')
    expect(signInState(latch).status).toBe('none')
    expect(events).toContain('SIWX_AUTH_CANCEL')
  })

  it('when a session exists for the account and network, then nothing is asked; another account is asked again', async () => {
    const { latch, auth, evm } = setup(true)
    const { done: connecting } = await connectAndWait(latch)
    await signIn(latch)
    await connecting
    expect(latch.store.getState().modal.open).toBe(false)
    // The wallet switches to an account without a session.
    evm.wallet.changeAccounts([BOB, ALICE])
    await until(() => signInState(latch).status === 'pending')
    expect(signInState(latch).request?.address).toBe(BOB)
    expect(top(latch)).toBe('SIWXSignMessage')
    await signIn(latch)
    // Back to the first account: its session still exists, nothing is asked.
    evm.wallet.changeAccounts([ALICE, BOB])
    await until(
      () =>
        signInState(latch).status === 'signed-in' &&
        signInState(latch).session?.data.accountAddress === ALICE,
    )
    expect(latch.store.getState().modal.open).toBe(false)
    expect(auth.calls.filter((c) => c.startsWith('create'))).toHaveLength(2)
  })

  it('when the wallet disconnects while the view waits, then the view closes and nothing stays pending', async () => {
    const { latch, evm } = setup(true)
    const { done: connecting } = await connectAndWait(latch)
    evm.wallet.endSession()
    await connecting
    await until(() => latch.store.getState().modal.open === false)
    expect(signInState(latch)).toMatchObject({ status: 'none', request: undefined })
    expect(latch._internal.pendingSignIn).toBeUndefined()
  })
})

describe('given an account signed in', () => {
  async function signedIn() {
    const context = setup(true)
    const { done: connecting } = await connectAndWait(context.latch)
    await signIn(context.latch)
    await connecting
    expect(context.auth.sessions).toHaveLength(1)
    return context
  }

  it('when the dapp disconnects, then its sessions on every network are revoked and the next connection asks again', async () => {
    const { latch, auth } = await signedIn()
    await disconnect(latch)
    expect(auth.calls).toEqual(
      expect.arrayContaining([`revoke eip155:1 ${ALICE}`, `revoke eip155:8453 ${ALICE}`]),
    )
    expect(auth.sessions).toEqual([])
    const again = connect(latch, { connectorId: 'memory.wallet' })
    await until(() => signInState(latch).status === 'pending')
    expect(top(latch)).toBe('SIWXSignMessage')
    await signIn(latch)
    await again
    expect(auth.sessions).toHaveLength(1)
  })

  it('when the wallet ends the session on its side, then the sessions are revoked too', async () => {
    const { latch, auth, evm } = await signedIn()
    evm.wallet.endSession()
    await until(() => auth.sessions.length === 0)
    expect(auth.calls).toContain(`revoke eip155:1 ${ALICE}`)
    expect(latch.store.getState().namespaces.eip155?.account.status).toBe('disconnected')
  })

  it('when the wallet only switches account, then nothing is revoked', async () => {
    const { latch, auth, evm } = await signedIn()
    evm.wallet.changeAccounts([BOB, ALICE])
    await until(() => signInState(latch).status === 'pending')
    expect(auth.calls.filter((c) => c.startsWith('revoke'))).toEqual([])
    expect(auth.sessions).toHaveLength(1)
  })
})

describe('given a session connector (WalletConnect) and sign-in', () => {
  const approval = {
    namespaces: { eip155: { accounts: [`eip155:1:${ALICE}`], chains: ['eip155:1'] } },
    expiry: 0,
    wallet: { name: 'Phone wallet' },
  }
  function sessionSetup(networks: [CaipNetwork, ...CaipNetwork[]] = [mainnet, base]) {
    const evm = memoryAdapter('eip155', [mainnet, base], { accounts: [ALICE, BOB] })
    const others = networks.filter((n) => n.chainNamespace !== 'eip155')
    const extra = others.length ? [memoryAdapter(others[0]!.chainNamespace, others).adapter] : []
    const auth = memorySiwx(true)
    const phone = memorySession('phone', 'WALLET_CONNECT', approval)
    const latch = createLatch({
      networks,
      adapters: [evm.adapter, ...extra],
      connectors: [phone.connector],
      siwx: auth.siwx,
      storage: createMemoryStorage(),
    })
    return { latch, auth, phone }
  }

  it('when every network is eip155, then the proposal asks for a sign-in and one approval signs in', async () => {
    const { latch, auth, phone } = sessionSetup()
    await hydrate(latch)
    const connecting = connectSession(latch, { connectorId: 'phone' })
    await until(() => phone.calls.includes('connect'))
    expect(phone.lastSignIn).toEqual({
      chains: ['eip155:1', 'eip155:8453'],
      domain: 'app.example',
      uri: 'https://app.example',
      nonce: 'n0nce1234',
      statement: undefined,
      expirationTime: undefined,
      notBefore: undefined,
      requestId: undefined,
      resources: undefined,
    })
    const signed = {
      data: {
        accountAddress: ALICE,
        chainId: 'eip155:1',
        domain: 'app.example',
        uri: 'https://app.example',
        version: '1',
        nonce: 'n0nce1234',
        issuedAt: '2026-01-01T00:00:00Z',
      },
      message: 'one-click message',
      signature: '0xsigned',
      cacao: { h: { t: 'caip122' } },
    }
    phone.approve({ ...approval, signIn: signed })
    await connecting
    await until(() => signInState(latch).status === 'signed-in')
    expect(auth.sessions).toEqual([signed])
    expect(signInState(latch)).toMatchObject({ status: 'signed-in', session: signed })
    // The sign-in view never opened.
    expect(top(latch)).not.toBe('SIWXSignMessage')
    expect(auth.calls.filter((c) => c.startsWith('create'))).toEqual([
      'create eip155:1 0x0000000000000000000000000000000000000000',
    ])
  })

  it('when the wallet approves without signing in, then the sign-in view asks after connecting', async () => {
    const { latch, phone } = sessionSetup()
    await hydrate(latch)
    const connecting = connectSession(latch, { connectorId: 'phone' })
    await until(() => phone.calls.includes('connect'))
    phone.approve()
    await until(() => signInState(latch).status === 'pending')
    expect(top(latch)).toBe('SIWXSignMessage')
    await signIn(latch)
    await connecting
    expect(signInState(latch).status).toBe('signed-in')
  })

  it('when another namespace is configured too, then no sign-in is asked with the proposal', async () => {
    const { latch, phone } = sessionSetup([mainnet, base, network('solana', 'devnet', 'Solana')])
    await hydrate(latch)
    void connectSession(latch, { connectorId: 'phone' }).catch(() => {})
    await until(() => phone.calls.includes('connect'))
    expect(phone.lastSignIn).toBeUndefined()
  })
})

describe('given sign-in is optional', () => {
  it('when they close the view, then the wallet stays connected and not signed in', async () => {
    const { latch, events } = setup(false)
    const { done: connecting } = await connectAndWait(latch)
    expect(closeModal(latch)).toBe(true)
    await connecting
    expect(latch.store.getState().namespaces.eip155?.account.status).toBe('connected')
    expect(signInState(latch).status).toBe('none')
    expect(events).toContain('SIWX_AUTH_CANCEL')
  })
})

describe('given no siwx option', () => {
  it('then connecting never asks to sign in', async () => {
    const evm = memoryAdapter('eip155', [mainnet])
    const latch = createLatch({
      networks: [mainnet],
      adapters: [evm.adapter],
      storage: createMemoryStorage(),
    })
    expect(latch._internal.signInGate).toBeUndefined()
    await hydrate(latch)
    await connect(latch, { connectorId: 'memory.wallet' })
    expect(signInState(latch).status).toBe('none')
    expect(evm.wallet.calls).not.toContain('sign')
    await expect(signIn(latch)).rejects.toThrow('SIWX is not enabled')
  })
})
