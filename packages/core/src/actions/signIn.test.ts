import { describe, expect, it } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { LatchEvent } from '../events.js'
import type { LatchSiwx, SiwxSession } from '../siwx/types.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import { closeModal } from './close.js'
import { connect } from './connect.js'
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
    async addSession(session) {
      calls.push('add')
      sessions.push(session)
    },
    async revokeSession() {},
    async setSessions() {},
    async getSessions(chainId, address) {
      calls.push(`get ${chainId} ${address}`)
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
    },
    getRequired: () => required,
  }
  return { siwx, sessions, calls, failNextMessage: () => (failMessage = true) }
}

function setup(required: boolean, storage = createMemoryStorage()) {
  const evm = memoryAdapter('eip155', [mainnet, base], { accounts: [ALICE, BOB] })
  const auth = memorySiwx(required)
  const latch = createLatch({ networks: [mainnet, base], adapters: [evm.adapter], siwx: auth.siwx, storage })
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

  it('when the wallet declines, then "Signature declined" shows, the view stays, and a retry signs in', async () => {
    const { latch, evm, events } = setup(true)
    const { done: connecting } = await connectAndWait(latch)
    evm.wallet.rejectSign = new UserRejectedRequestError()
    await signIn(latch)
    expect(signInState(latch)).toMatchObject({
      status: 'pending',
      error: 'Signature declined',
      signing: false,
    })
    expect(top(latch)).toBe('SIWXSignMessage')
    expect(events).toContain('SIWX_AUTH_ERROR')
    await signIn(latch)
    await connecting
    expect(signInState(latch)).toMatchObject({ status: 'signed-in', error: undefined })
  })

  it('when the message cannot be created, then the spec message shows', async () => {
    const { latch, auth } = setup(true)
    await connectAndWait(latch)
    auth.failNextMessage()
    await signIn(latch)
    expect(signInState(latch).error).toBe('A problem occurred while trying initialize authentication')
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
