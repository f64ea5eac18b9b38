import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import {
  createPublicClient,
  type Hex,
  http,
  isAddressEqual,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { closeLocalSignClient, createLocalSignClient, type LocalSignClient } from './local-client.js'
import { type LocalRelay, startRelay } from './relay/server.js'
import { createWalletPeer, type WalletPeer } from './wallet-peer.js'

const projectId = '0123456789abcdef0123456789abcdef'
const dappMetadata = { name: 'Dapp', description: 'Test dapp', url: 'http://127.0.0.1:5173', icons: [] }
const requested = {
  eip155: {
    chains: ['eip155:1', 'eip155:8453'],
    methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
    events: ['chainChanged', 'accountsChanged'],
  },
}
const [first, second] = TEST_ACCOUNTS as [(typeof TEST_ACCOUNTS)[number], (typeof TEST_ACCOUNTS)[number]]

let relay: LocalRelay
let mainnet: AnvilInstance
let base: AnvilInstance
let dapp: LocalSignClient
let wallet: WalletPeer

beforeAll(async () => {
  ;[relay, mainnet, base] = await Promise.all([
    startRelay(),
    startAnvil({ chainId: 1 }),
    startAnvil({ chainId: 8453 }),
  ])
})

afterAll(async () => {
  await Promise.all([relay?.stop(), mainnet?.stop(), base?.stop()])
})

beforeEach(async () => {
  dapp = await createLocalSignClient({ relayUrl: relay.url, projectId, metadata: dappMetadata })
  wallet = await createWalletPeer({
    relayUrl: relay.url,
    projectId,
    privateKeys: [first.privateKey, second.privateKey],
    chains: [
      { id: 1, rpcUrl: mainnet.rpcUrl },
      { id: 8453, rpcUrl: base.rpcUrl },
    ],
  })
})

afterEach(async () => {
  await Promise.all([wallet?.stop(), dapp && closeLocalSignClient(dapp)])
})

/** The dapp shows a URI, the wallet pairs and approves. */
async function connect(): Promise<SessionTypes.Struct> {
  const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
  if (!uri) throw new Error('The dapp produced no pairing URI')
  await wallet.pair(uri)
  const [session] = await Promise.all([approval(), wallet.approveNext()])
  return session
}

function nextEvent<E extends SignClientTypes.Event>(
  event: E,
  match: (args: SignClientTypes.EventArguments[E]) => boolean = () => true,
): Promise<SignClientTypes.EventArguments[E]> {
  return new Promise((resolve) => {
    const listener = (args: SignClientTypes.EventArguments[E]) => {
      if (!match(args)) return
      dapp.off(event, listener)
      resolve(args)
    }
    dapp.on(event, listener)
  })
}

function request<T>(
  session: SessionTypes.Struct,
  chainId: string,
  method: string,
  params: unknown,
): Promise<T> {
  return dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })
}

describe('given a dapp showing a WalletConnect pairing URI', () => {
  describe('when the wallet pairs and approves the proposal', () => {
    it('then the dapp has a session with the active account on every requested chain', async () => {
      const session = await connect()

      expect(session.namespaces.eip155?.accounts).toEqual([
        `eip155:1:${first.address}`,
        `eip155:8453:${first.address}`,
      ])
      expect(dapp.session.getAll().map((s) => s.topic)).toEqual([session.topic])
      expect(wallet.sessions().map((s) => s.topic)).toEqual([session.topic])
    })
  })

  describe('when the wallet approves late (beforeApprove and delayMs)', () => {
    it('then the hook runs before the approval and the session still settles', async () => {
      const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
      if (!uri) throw new Error('The dapp produced no pairing URI')
      await wallet.pair(uri)
      const order: string[] = []
      const approved = wallet.approveNext({
        delayMs: 50,
        beforeApprove: () => {
          order.push(`hook:${wallet.sessions().length}`)
        },
      })
      const session = await approval()
      order.push('settled')
      await approved
      expect(order).toEqual(['hook:0', 'settled'])
      expect(await wallet.sessionAlive(session.topic)).toBe(true)
    })
  })

  describe('when the wallet rejects the proposal', () => {
    it('then the approval rejects with the user rejected code 5000 and nothing is connected', async () => {
      const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
      await wallet.pair(uri as string)
      const outcome = approval().then(
        () => 'approved',
        (error: { code?: number }) => error.code,
      )
      await wallet.rejectNext()

      expect(await outcome).toBe(5000)
      expect(dapp.session.getAll()).toEqual([])
      expect(wallet.sessions()).toEqual([])
    })
  })

  describe('when the dapp asks only for a chain the wallet does not have', () => {
    it('then the wallet rejects with unsupported chains 5100', async () => {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { ...requested.eip155, chains: ['eip155:137'] } },
      })
      await wallet.pair(uri as string)
      const outcome = approval().then(
        () => 'approved',
        (error: { code?: number }) => error.code,
      )

      await expect(wallet.approveNext()).rejects.toThrow('None of the requested chains is available')
      expect(await outcome).toBe(5100)
    })
  })
})

describe('given a connected session', () => {
  let session: SessionTypes.Struct
  beforeEach(async () => {
    session = await connect()
  })

  describe('when the dapp asks for personal_sign', () => {
    it('then the signature verifies against the session account', async () => {
      const message = 'Sign in to Latch'
      const signature = await request<Hex>(session, 'eip155:1', 'personal_sign', [
        `0x${Buffer.from(message).toString('hex')}`,
        first.address,
      ])

      expect(await verifyMessage({ address: first.address, message, signature })).toBe(true)
    })
  })

  describe('when the dapp asks for eth_signTypedData_v4', () => {
    it('then the signature verifies for the typed data', async () => {
      const typedData = {
        domain: { name: 'Latch', version: '1', chainId: 1 },
        types: { Greeting: [{ name: 'text', type: 'string' }] },
        primaryType: 'Greeting',
        message: { text: 'hello' },
      } as const
      const signature = await request<Hex>(session, 'eip155:1', 'eth_signTypedData_v4', [
        first.address,
        JSON.stringify(typedData),
      ])

      expect(await verifyTypedData({ address: first.address, signature, ...typedData })).toBe(true)
    })
  })

  describe('when the dapp asks for eth_sendTransaction', () => {
    it('then the transaction is mined on the chain the request named', async () => {
      const to = TEST_ACCOUNTS[5]?.address as Hex
      const chain = createPublicClient({ transport: http(base.rpcUrl) })
      const before = await chain.getBalance({ address: to })
      const hash = await request<Hex>(session, 'eip155:8453', 'eth_sendTransaction', [
        { from: first.address, to, value: `0x${parseEther('1.5').toString(16)}` },
      ])

      const receipt = await chain.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(isAddressEqual(receipt.from, first.address)).toBe(true)
      expect((await chain.getBalance({ address: to })) - before).toBe(parseEther('1.5'))
    })
  })

  describe('when the dapp asks to sign for an account the wallet does not hold, or with malformed params', () => {
    it('then the wallet answers 4100 and -32602 and signs nothing', async () => {
      const stranger = TEST_ACCOUNTS[7]?.address

      await expect(request(session, 'eip155:1', 'personal_sign', ['0x6869', stranger])).rejects.toMatchObject(
        {
          code: 4100,
        },
      )
      await expect(
        request(session, 'eip155:1', 'eth_signTypedData_v4', [first.address, '{not json']),
      ).rejects.toMatchObject({ code: -32602 })
      expect(wallet.requests().every((r) => 'error' in r.outcome)).toBe(true)
    })
  })

  describe('when the wallet is set to decline requests', () => {
    it('then the dapp request fails with 4001 and the next one succeeds', async () => {
      wallet.rejectRequests({ code: 4001, count: 1 })
      const params = ['0x68656c6c6f', first.address]

      await expect(request(session, 'eip155:1', 'personal_sign', params)).rejects.toMatchObject({
        code: 4001,
      })
      await expect(request(session, 'eip155:1', 'personal_sign', params)).resolves.toMatch(
        /^0x[0-9a-f]{130}$/,
      )
      expect(wallet.requests().map((r) => 'error' in r.outcome)).toEqual([true, false])
    })
  })

  describe('when the wallet changes chain', () => {
    it('then the dapp receives the session event chainChanged', async () => {
      const event = nextEvent('session_event', (e) => e.params.event.name === 'chainChanged')
      await wallet.changeChain(8453)

      const { params, topic } = await event
      expect(topic).toBe(session.topic)
      expect(params.chainId).toBe('eip155:8453')
      expect(params.event.data).toBe(8453)
    })
  })

  describe('when the dapp asks wallet_switchEthereumChain', () => {
    it('then the wallet switches and answers null; an unknown chain gets 4902', async () => {
      const event = nextEvent('session_event', (e) => e.params.event.name === 'chainChanged')
      const result = await request(session, 'eip155:1', 'wallet_switchEthereumChain', [{ chainId: '0x2105' }])

      expect(result).toBeNull()
      expect((await event).params.chainId).toBe('eip155:8453')
      expect(wallet.chainId).toBe(8453)
      await expect(
        request(session, 'eip155:1', 'wallet_switchEthereumChain', [{ chainId: '0x89' }]),
      ).rejects.toMatchObject({ code: 4902 })
    })
  })

  describe('when the wallet changes account', () => {
    it('then the dapp gets a session update and accountsChanged with the new address', async () => {
      const update = nextEvent('session_update')
      const event = nextEvent('session_event', (e) => e.params.event.name === 'accountsChanged')
      await wallet.changeAccount(1)

      expect((await update).params.namespaces.eip155?.accounts).toEqual([
        `eip155:1:${second.address}`,
        `eip155:8453:${second.address}`,
      ])
      expect((await event).params.event.data).toEqual([second.address])
    })
  })

  describe('when the wallet disconnects', () => {
    it('then the dapp gets session_delete and holds no session', async () => {
      const deleted = nextEvent('session_delete')
      await wallet.disconnect()

      expect((await deleted).topic).toBe(session.topic)
      expect(dapp.session.getAll()).toEqual([])
    })
  })

  describe('when the dapp ends the session', () => {
    it('then the wallet reports it no longer alive', async () => {
      expect(await wallet.sessionAlive()).toBe(true)
      await dapp.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
      await expect.poll(() => wallet.sessionAlive(session.topic, { timeoutMs: 500 })).toBe(false)
      expect(await wallet.sessionAlive('0'.repeat(64))).toBe(false)
    })
  })

  describe('when the relay restarts mid-session', () => {
    it('then both clients reconnect and a later request still works', async () => {
      await relay.restart()
      const message = 'after restart'
      const signature = await request<Hex>(session, 'eip155:1', 'personal_sign', [
        `0x${Buffer.from(message).toString('hex')}`,
        first.address,
      ])

      expect(await verifyMessage({ address: first.address, message, signature })).toBe(true)
      expect(relay.stats().restarts).toBeGreaterThan(0)
    })
  })
})

describe('given clients made with createLocalSignClient', () => {
  describe('when they pair, sign and disconnect', () => {
    it('then no HTTP request leaves the machine (no verify, echo or telemetry calls)', async () => {
      const fetched: string[] = []
      const realFetch = globalThis.fetch
      globalThis.fetch = (input, init) => {
        fetched.push(input instanceof Request ? input.url : String(input))
        return realFetch(input, init)
      }
      try {
        const session = await connect()
        await request(session, 'eip155:1', 'personal_sign', ['0x6869', first.address])
        await wallet.disconnect()
      } finally {
        globalThis.fetch = realFetch
      }

      expect(fetched.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([])
    })
  })
})
