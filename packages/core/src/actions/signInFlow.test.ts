import { describe, expect, it } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { LatchEvent } from '../events.js'
import type { LatchSiwx, SiwxSession } from '../siwx/types.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, memorySession, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { connect } from './connect.js'
import { connectSession } from './connectSession.js'
import { hydrate } from './hydrate.js'
import { cancelSignIn, signIn } from './signIn.js'

// The sign-in step's events and errors, an adapter's own sign-in feature, and the sign-in
// implementation failing (spec §4, §8).

const mainnet = network('eip155', 1, 'Ethereum')
const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const SOL_ADDRESS = '7cVfgArCheMR6Cs4t6vz5rfnqd56vZq4ndaBrY5xkxXy'

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 5))
  }
}

function memorySiwx(required: boolean) {
  const sessions: SiwxSession[] = []
  const knobs = { addError: undefined as Error | undefined, getError: undefined as Error | undefined }
  const siwx: LatchSiwx = {
    async createMessage({ accountAddress, chainId }) {
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
      if (knobs.addError) throw knobs.addError
      sessions.push(session)
    },
    async revokeSession() {},
    async setSessions() {},
    async getSessions(chainId, address) {
      if (knobs.getError) throw knobs.getError
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
    },
    getRequired: () => required,
  }
  return { siwx, sessions, knobs }
}

function setup({ required = true, solanaWallet = false } = {}) {
  const evm = memoryAdapter('eip155', [mainnet])
  const sol = memoryAdapter('solana', [solana], {
    accounts: [SOL_ADDRESS],
    connectors: [{ id: 'sol.wallet', type: 'ANNOUNCED', name: 'Sol', chain: 'solana', installed: true }],
  })
  const auth = memorySiwx(required)
  const latch = createLatch({
    networks: (solanaWallet ? [solana] : [mainnet]) as [CaipNetwork, ...CaipNetwork[]],
    adapters: solanaWallet ? [sol.adapter] : [evm.adapter],
    siwx: auth.siwx,
    storage: createMemoryStorage(),
  })
  const events: LatchEvent[] = []
  latch.events.subscribe((event) => events.push(event))
  const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data)
  return { latch, evm, sol, auth, events, of }
}

const signInState = (latch: Latch) => latch.store.getState().signIn

async function waitForView(latch: Latch, connectorId = 'memory.wallet') {
  await hydrate(latch)
  const done = connect(latch, { connectorId }).catch(() => undefined)
  await until(() => signInState(latch).status === 'pending')
  return { done }
}

describe('given the sign-in view', () => {
  it('when it opens, then MODAL_OPEN names it; signing emits SIWX_AUTH_SUCCESS with the account', async () => {
    const s = setup()
    const { done } = await waitForView(s.latch)
    expect(s.of('MODAL_OPEN')).toEqual([{ view: 'SIWXSignMessage' }])
    expect(signInState(s.latch)).toMatchObject({ signing: false, error: undefined })
    const signing = signIn(s.latch)
    expect(signInState(s.latch).signing).toBe(true)
    // A second press while signing asks nothing more.
    await signIn(s.latch)
    await signing
    await done
    expect(s.of('SIWX_AUTH_SUCCESS')).toEqual([{ namespace: 'eip155', address: ALICE }])
    expect(s.of('MODAL_CLOSE')).toEqual([{ connected: false }])
    expect(signInState(s.latch)).toMatchObject({ status: 'signed-in', request: undefined, signing: false })
    expect(s.evm.wallet.calls.filter((c) => c === 'sign')).toHaveLength(1)
  })

  it('when the wallet declines, then SIWX_AUTH_ERROR carries "Signature declined"', async () => {
    const s = setup()
    await waitForView(s.latch)
    s.evm.wallet.rejectSign = new UserRejectedRequestError()
    await signIn(s.latch)
    expect(s.of('SIWX_AUTH_ERROR')).toEqual([{ namespace: 'eip155', message: 'Signature declined' }])
  })

  it('when the implementation refuses the session, then its reason shows on the view', async () => {
    const s = setup()
    await waitForView(s.latch)
    s.auth.knobs.addError = new Error('Invalid signature for this nonce')
    await signIn(s.latch)
    expect(signInState(s.latch)).toMatchObject({
      status: 'pending',
      signing: false,
      error: 'Invalid signature for this nonce',
    })
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('SIWXSignMessage')
  })

  it('when the implementation cannot list sessions, then the view asks to sign in', async () => {
    const s = setup()
    s.auth.knobs.getError = new Error('storage down')
    await waitForView(s.latch)
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('SIWXSignMessage')
  })

  it('when the visitor cancels, then SIWX_AUTH_CANCEL names the namespace, and a second cancel does nothing', async () => {
    const s = setup({ required: false })
    const { done } = await waitForView(s.latch)
    cancelSignIn(s.latch)
    cancelSignIn(s.latch)
    await done
    expect(s.of('SIWX_AUTH_CANCEL')).toEqual([{ namespace: 'eip155' }])
    expect(s.latch.store.getState().namespaces.eip155?.account.status).toBe('connected')
    expect(signInState(s.latch)).toMatchObject({ status: 'none', request: undefined, session: undefined })
  })

  it('when nothing waits for a sign-in, then Sign does nothing', async () => {
    const s = setup()
    await hydrate(s.latch)
    await signIn(s.latch)
    expect(s.events).toEqual([])
  })

  it('when the app has no sign-in, then signing in is refused with "SIWX is not enabled"', async () => {
    const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage() })
    await expect(signIn(latch)).rejects.toThrow('SIWX is not enabled')
  })
})

describe("given a wallet with its own sign-in feature (Solana's signIn)", () => {
  it('then the text it signed is kept with its signature, and SIGN_MESSAGE_SUCCESS is emitted', async () => {
    const s = setup({ solanaWallet: true })
    const seen: string[] = []
    s.sol.adapter.signSiwx = async ({ message, address }) => {
      seen.push(`${address}|${message}`)
      return { message: `${message}\n(as the wallet wrote it)`, signature: 'base58signature' }
    }
    const { done } = await waitForView(s.latch, 'sol.wallet')
    await signIn(s.latch)
    await done
    expect(seen).toEqual([`${SOL_ADDRESS}|sign in ${SOL_ADDRESS} on ${solana.caipNetworkId}`])
    expect(s.auth.sessions[0]).toMatchObject({
      message: `sign in ${SOL_ADDRESS} on ${solana.caipNetworkId}\n(as the wallet wrote it)`,
      signature: 'base58signature',
    })
    expect(s.of('SIGN_MESSAGE_SUCCESS')).toEqual([{ namespace: 'solana' }])
    expect(s.sol.wallet.calls).not.toContain('sign')
  })

  it('when it answers without a signature, then the view says the wallet returned an invalid signature', async () => {
    const s = setup({ solanaWallet: true })
    const answers = [
      { message: 'm', signature: '' },
      { message: 'm', signature: 's'.repeat(4097) },
      { message: 42, signature: 's' },
      undefined,
    ]
    s.sol.adapter.signSiwx = async () => answers.shift() as never
    await waitForView(s.latch, 'sol.wallet')
    for (let i = 0; i < 4; i++) {
      await signIn(s.latch)
      expect(signInState(s.latch).error).toBe('The wallet returned an invalid signature.')
    }
    expect(s.of('SIGN_MESSAGE_ERROR')).toHaveLength(4)
    s.sol.adapter.signSiwx = async () => ({ message: 'm', signature: 's'.repeat(4096) })
    await signIn(s.latch)
    expect(signInState(s.latch).status).toBe('signed-in')
  })

  it('when the visitor declines in the wallet, then "Signature declined" shows', async () => {
    const s = setup({ solanaWallet: true })
    s.sol.adapter.signSiwx = async () => {
      throw new UserRejectedRequestError()
    }
    await waitForView(s.latch, 'sol.wallet')
    await signIn(s.latch)
    expect(signInState(s.latch).error).toBe('Signature declined')
    expect(s.of('SIGN_MESSAGE_ERROR')).toEqual([{ namespace: 'solana', message: 'Signature declined' }])
  })
})

describe('given a one-click sign-in with a session proposal', () => {
  const approval = {
    namespaces: { eip155: { accounts: [`eip155:1:${ALICE}`], chains: ['eip155:1'] } },
    expiry: 0,
    wallet: { name: 'Phone wallet' },
  }
  const signed: SiwxSession = {
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
  }

  it('when the implementation refuses the signed approval, then SIWX_AUTH_ERROR says why and the view asks as usual', async () => {
    const auth = memorySiwx(true)
    const phone = memorySession('phone', 'WALLET_CONNECT', approval)
    const latch = createLatch({
      networks: [mainnet],
      adapters: [memoryAdapter('eip155', [mainnet]).adapter],
      connectors: [phone.connector],
      siwx: auth.siwx,
      storage: createMemoryStorage(),
    })
    const events: LatchEvent[] = []
    latch.events.subscribe((event) => events.push(event))
    await hydrate(latch)
    auth.knobs.addError = new Error('Nonce already used')
    void connectSession(latch, { connectorId: 'phone' }).catch(() => {})
    await until(() => phone.calls.includes('connect'))
    phone.approve({ ...approval, signIn: signed })
    await until(() => signInState(latch).status === 'pending')
    expect(events.filter((e) => e.type === 'SIWX_AUTH_ERROR').map((e) => e.data)).toEqual([
      { namespace: 'eip155', message: 'Nonce already used' },
    ])
    expect(latch.store.getState().router.history.at(-1)?.view).toBe('SIWXSignMessage')
  })

  it('when the message for the proposal cannot be made, then the proposal asks for no sign-in', async () => {
    const auth = memorySiwx(true)
    auth.siwx.createMessage = async () => {
      throw new Error('server down')
    }
    const phone = memorySession('phone', 'WALLET_CONNECT', approval)
    const latch = createLatch({
      networks: [mainnet],
      adapters: [memoryAdapter('eip155', [mainnet]).adapter],
      connectors: [phone.connector],
      siwx: auth.siwx,
      storage: createMemoryStorage(),
    })
    await hydrate(latch)
    void connectSession(latch, { connectorId: 'phone' }).catch(() => {})
    await until(() => phone.calls.includes('connect'))
    expect(phone.lastSignIn).toBeUndefined()
  })
})
