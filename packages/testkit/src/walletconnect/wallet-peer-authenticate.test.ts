import { formatMessage } from '@walletconnect/utils'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { closeLocalSignClient, createLocalSignClient, type LocalSignClient } from './local-client.js'
import { type LocalRelay, startRelay } from './relay/server.js'
import { createWalletPeer, type WalletPeer } from './wallet-peer.js'

const projectId = '0123456789abcdef0123456789abcdef'
const dappMetadata = { name: 'Dapp', description: 'Test dapp', url: 'http://127.0.0.1:5173', icons: [] }
const owner = TEST_ACCOUNTS[0]!

let relay: LocalRelay
let mainnet: AnvilInstance
let dapp: LocalSignClient
let wallet: WalletPeer

beforeAll(async () => {
  ;[relay, mainnet] = await Promise.all([startRelay(), startAnvil({ chainId: 1 })])
})
afterAll(async () => {
  await Promise.all([relay?.stop(), mainnet?.stop()])
})
beforeEach(async () => {
  dapp = await createLocalSignClient({ relayUrl: relay.url, projectId, metadata: dappMetadata })
  wallet = await createWalletPeer({
    relayUrl: relay.url,
    projectId,
    privateKeys: [owner.privateKey],
    chains: [{ id: 1, rpcUrl: mainnet.rpcUrl }],
    authenticate: true,
  })
})
afterEach(async () => {
  await Promise.all([wallet?.stop(), dapp && closeLocalSignClient(dapp)])
})

const authenticateParameters = {
  chains: ['eip155:1', 'eip155:8453'],
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  nonce: 'Nonce1234567890',
  statement: 'Sign in to the dapp.',
  methods: ['personal_sign', 'eth_sendTransaction'],
}

describe('given a dapp asking for a one-click sign-in (wc_sessionAuthenticate)', () => {
  it('when the wallet approves, then one approval gives a session and a CACAO whose message the key signed', async () => {
    const { uri, response } = await dapp.authenticate(authenticateParameters)
    await wallet.pair(uri as string)
    const [result, walletSession] = await Promise.all([response(), wallet.approveNextAuthenticate()])
    // Only the chains the wallet has.
    expect(result.auths).toHaveLength(1)
    const cacao = result.auths![0]!
    expect(cacao.p.iss).toBe(`did:pkh:eip155:1:${owner.address}`)
    expect(cacao.p).toMatchObject({
      domain: '127.0.0.1:5173',
      aud: 'http://127.0.0.1:5173',
      nonce: 'Nonce1234567890',
    })
    const message = formatMessage(cacao.p, cacao.p.iss)
    expect(message).toContain('127.0.0.1:5173 wants you to sign in with your Ethereum account:')
    expect(
      await verifyMessage({ address: owner.address, message, signature: cacao.s.s as `0x${string}` }),
    ).toBe(true)
    expect(result.session?.namespaces.eip155?.accounts).toEqual([`eip155:1:${owner.address}`])
    expect(result.session?.namespaces.eip155?.methods).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
    )
    expect(walletSession?.topic).toBe(result.session?.topic)
    // The session answers requests like any other.
    const signature = await dapp.request<`0x${string}`>({
      topic: result.session!.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', owner.address] },
    })
    expect(await verifyMessage({ address: owner.address, message: 'hello', signature })).toBe(true)
  })

  it('when the wallet rejects, then the dapp learns it and no session exists', async () => {
    const { uri, response } = await dapp.authenticate(authenticateParameters)
    await wallet.pair(uri as string)
    const outcome = response().then(
      () => 'approved',
      (error: unknown) => String((error as Error)?.message ?? error),
    )
    await wallet.rejectNextAuthenticate()
    expect(await outcome).toMatch(/rejected/i)
    expect(dapp.session.getAll()).toEqual([])
    expect(wallet.sessions()).toEqual([])
  })

  it('when the wallet approves whichever request comes, then a one-click request and a plain proposal each get their answer', async () => {
    const auth = await dapp.authenticate(authenticateParameters)
    await wallet.pair(auth.uri as string)
    const [result, first] = await Promise.all([auth.response(), wallet.approveNextConnection()])
    expect(first.kind).toBe('authenticate')
    expect(first.session?.topic).toBe(result.session?.topic)

    const plain = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
    })
    await wallet.pair(plain.uri as string)
    const [session, second] = await Promise.all([plain.approval(), wallet.approveNextConnection()])
    expect(second.kind).toBe('proposal')
    expect(second.session?.topic).toBe(session.topic)
  })

  it('when authenticate is not turned on, then its knobs say so', async () => {
    const plain = await createWalletPeer({
      relayUrl: relay.url,
      projectId,
      privateKeys: [owner.privateKey],
      chains: [{ id: 1, rpcUrl: mainnet.rpcUrl }],
    })
    try {
      await expect(plain.approveNextAuthenticate()).rejects.toThrow('pass authenticate: true first')
    } finally {
      await plain.stop()
    }
  })
})
