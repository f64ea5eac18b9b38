// The polkadot namespace of a WalletConnect session: the test kit's wallet peer (a real sr25519
// key) on the local relay, reached through WalletConnect's own sign client in the dapp role, as
// the adapter's session side (`attachSession`). Signatures are checked here with @polkadot/util-crypto.
import { createLatch, createMemoryStorage, hydrate, InvalidWalletResponseError } from '@latch/core'
import { TypeRegistry } from '@polkadot/types'
import { decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import {
  closeLocalSignClient,
  createLocalSignClient,
  type LocalSignClient,
} from '../../testkit/src/walletconnect/local-client.js'
import { type LocalRelay, startRelay } from '../../testkit/src/walletconnect/relay/server.js'
import { createWalletPeer, type WalletPeer } from '../../testkit/src/walletconnect/wallet-peer.js'
import { polkadotAdapter, polkadotNetwork } from './index.js'

const projectId = '0123456789abcdef0123456789abcdef'
const metadata = { name: 'Dapp', description: 'Test dapp', url: 'http://127.0.0.1:5173', icons: [] }
const polkadot = polkadotNetwork('polkadot')
const westend = polkadotNetwork('westend')
const kusama = polkadotNetwork('kusama')

let relay: LocalRelay
let dapp: LocalSignClient
let peer: WalletPeer
let session: Awaited<ReturnType<WalletPeer['approveNext']>>

beforeAll(async () => {
  relay = await startRelay()
  dapp = await createLocalSignClient({ relayUrl: relay.url, projectId, metadata })
  peer = await createWalletPeer({
    relayUrl: relay.url,
    projectId,
    privateKeys: [TEST_ACCOUNTS[0]!.privateKey],
    chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9' }],
    polkadot: { chains: [polkadot.caipNetworkId, westend.caipNetworkId] },
  })
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      polkadot: {
        chains: [polkadot.caipNetworkId, westend.caipNetworkId, kusama.caipNetworkId],
        methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
        events: [],
      },
    },
  })
  await peer.pair(uri as string)
  ;[session] = await Promise.all([approval(), peer.approveNext()])
})

afterAll(async () => {
  await peer?.stop()
  if (dapp) await closeLocalSignClient(dapp)
  await relay?.stop()
})

/** The session's polkadot side as a session connector hands it to the adapter (`getProvider('polkadot')`). */
const providerOf = (namespaces = session.namespaces) => ({
  accounts: () => namespaces.polkadot?.accounts ?? [],
  request: (args: { method: string; params: unknown }, chainId: string) =>
    dapp.request({ topic: session.topic, chainId, request: args }),
})

function page() {
  const adapter = polkadotAdapter({ networks: [polkadot, westend, kusama] })
  const latch = createLatch({
    networks: [polkadot, westend, kusama],
    adapters: [adapter],
    storage: createMemoryStorage(),
  })
  return { adapter, latch }
}

describe('given a WalletConnect session with the polkadot namespace', () => {
  it('then the session connects on the chains it approved, in their SS58 format, and its signatures verify', async () => {
    const { adapter, latch } = page()
    await hydrate(latch)
    expect(session.namespaces.polkadot?.chains).toEqual([polkadot.caipNetworkId, westend.caipNetworkId])
    const result = await adapter.attachSession!({
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
      provider: Promise.resolve(providerOf()),
      walletName: 'Peer',
      caipNetwork: westend,
    })
    const onWestend = encodeAddress(decodeAddress(peer.polkadotAddress as string), 42)
    expect(result).toMatchObject({ address: onWestend, chainId: westend.id, connectorType: 'WALLET_CONNECT' })
    const signature = await adapter.signMessage({ message: 'over WalletConnect', address: onWestend })
    expect(signatureVerify('over WalletConnect', signature, onWestend).isValid).toBe(true)

    await adapter.switchNetwork({ caipNetwork: polkadot })
    const onPolkadot = encodeAddress(decodeAddress(onWestend), 0)
    const genesis = '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3' as const
    const payload = {
      address: onPolkadot,
      blockHash: genesis,
      blockNumber: '0x00000000',
      era: '0x00',
      genesisHash: genesis,
      method: '0x0000',
      nonce: '0x00000001',
      signedExtensions: [
        'CheckSpecVersion',
        'CheckTxVersion',
        'CheckGenesis',
        'CheckMortality',
        'CheckNonce',
        'ChargeTransactionPayment',
      ],
      specVersion: '0x000f4dfc',
      tip: '0x00',
      transactionVersion: '0x0000001a',
      version: 4,
    } as const
    const { signature: signed } = await adapter.signPayload({
      ...payload,
      signedExtensions: [...payload.signedExtensions],
    })
    const registry = new TypeRegistry()
    registry.setSignedExtensions([...payload.signedExtensions])
    const bytes = registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a({ method: true })
    expect(signatureVerify(bytes, signed, onPolkadot).isValid).toBe(true)
    // A chain the session did not approve is refused; the session stays where it was.
    await expect(adapter.switchNetwork({ caipNetwork: kusama })).rejects.toThrow('Chain is not supported')
  })

  it("then a session whose polkadot accounts are garbage, or none on the app's chains, does not connect", async () => {
    const { adapter, latch } = page()
    await hydrate(latch)
    const attach = (accounts: unknown) =>
      adapter.attachSession!({
        connectorId: 'walletConnect',
        connectorType: 'WALLET_CONNECT',
        provider: providerOf({ polkadot: { accounts } } as never),
        walletName: 'Peer',
      })
    await expect(attach([`${polkadot.caipNetworkId}:not-an-address`])).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    await expect(attach(['polkadot:00000000000000000000000000000000:5Grw'])).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
  })
})
