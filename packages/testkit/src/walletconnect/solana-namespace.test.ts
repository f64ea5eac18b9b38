// The wallet peer's Solana side over the local relay, answering a dapp's sign client with the
// real ed25519 key and sending to the local SVM.
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
} from '@solana/kit'
import type { SessionTypes } from '@walletconnect/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS } from '../solana/constants.js'
import { type LocalSolanaInstance, startLocalSolana } from '../solana/localSvm.js'
import { isEd25519SignatureOf, unsignedTransfer } from '../solana/testTransfers.js'
import { closeLocalSignClient, createLocalSignClient, type LocalSignClient } from './local-client.js'
import { type LocalRelay, startRelay } from './relay/server.js'
import { WALLET_PEER_SOLANA_METHODS } from './solana-namespace.js'
import { createWalletPeer, type WalletPeer } from './wallet-peer.js'

const projectId = '0123456789abcdef0123456789abcdef'
const metadata = { name: 'Dapp', description: 'Test dapp', url: 'http://127.0.0.1:5173', icons: [] }
const requested = {
  eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
  solana: { chains: [LOCAL_SOLANA_CAIP_ID], methods: [...WALLET_PEER_SOLANA_METHODS], events: [] },
}

let relay: LocalRelay
let chain: LocalSolanaInstance
let dapp: LocalSignClient
const peers: WalletPeer[] = []

beforeAll(async () => {
  ;[relay, chain] = await Promise.all([startRelay(), startLocalSolana()])
  dapp = await createLocalSignClient({ relayUrl: relay.url, projectId, metadata })
})
/** An unsigned transfer as WalletConnect's Solana methods carry it (base64). */
const transfer = async (from: string, to: string, amount: bigint) =>
  getBase64Decoder().decode(await unsignedTransfer(chain.rpcUrl, { from, to, lamports: amount }))

afterAll(async () => {
  await Promise.all(peers.map((p) => p.stop()))
  await closeLocalSignClient(dapp)
  await Promise.all([relay?.stop(), chain?.stop()])
})

async function connect(solana: boolean): Promise<{ peer: WalletPeer; session: SessionTypes.Struct }> {
  const peer = await createWalletPeer({
    relayUrl: relay.url,
    projectId,
    privateKeys: [TEST_ACCOUNTS[0]!.privateKey],
    chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9' }],
    ...(solana
      ? {
          solana: {
            seed: SOLANA_TEST_SEEDS[1]!,
            chains: [{ id: LOCAL_SOLANA_CAIP_ID, rpcUrl: chain.rpcUrl }],
          },
        }
      : {}),
  })
  peers.push(peer)
  const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
  await peer.pair(uri as string)
  const [session] = await Promise.all([approval(), peer.approveNext()])
  return { peer, session }
}

describe('given the peer has a Solana key', () => {
  it('approves the solana namespace and answers the Solana methods (base58 messages and signatures, base64 transactions)', async () => {
    const { peer, session } = await connect(true)
    const solanaAddress = peer.solanaAddress as string
    expect(session.namespaces.solana?.accounts).toEqual([`${LOCAL_SOLANA_CAIP_ID}:${solanaAddress}`])
    const ask = <T>(method: string, params: unknown) =>
      dapp.request<T>({ topic: session.topic, chainId: LOCAL_SOLANA_CAIP_ID, request: { method, params } })

    const message = new TextEncoder().encode('hello over WalletConnect')
    const { signature } = await ask<{ signature: string }>('solana_signMessage', {
      message: getBase58Decoder().decode(message),
      pubkey: solanaAddress,
    })
    expect(isEd25519SignatureOf(signature, message, solanaAddress)).toBe(true)

    const recipient = (await generateKeyPairSigner()).address
    const rpc = createSolanaRpc(chain.rpcUrl)
    const before = (await rpc.getBalance(recipient).send()).value
    const signed = await ask<{ signature: string; transaction: string }>('solana_signTransaction', {
      transaction: await transfer(solanaAddress, recipient, 1_000_000n),
    })
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(signed.transaction))
    expect(getBase58Decoder().decode(decoded.signatures[solanaAddress as never] as Uint8Array)).toBe(
      signed.signature,
    )
    const all = await ask<{ transactions: string[] }>('solana_signAllTransactions', {
      transactions: [
        await transfer(solanaAddress, recipient, 2_000_000n),
        await transfer(solanaAddress, recipient, 3_000_000n),
      ],
    })
    for (const transaction of [signed.transaction, ...all.transactions])
      await rpc.sendTransaction(transaction as never, { encoding: 'base64' }).send()
    const sent = await ask<{ signature: string }>('solana_signAndSendTransaction', {
      transaction: await transfer(solanaAddress, recipient, 4_000_000n),
      sendOptions: { preflightCommitment: 'confirmed' },
    })
    expect(sent.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    expect((await rpc.getBalance(recipient).send()).value).toBe(before + 10_000_000n)

    // The chain's refusal comes back as the wallet's error.
    await expect(
      ask('solana_signAndSendTransaction', {
        transaction: await transfer(solanaAddress, recipient, 10n ** 16n),
      }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Transaction simulation failed') })
    await expect(ask('solana_signMessage', { message: 'not base58 0OIl' })).rejects.toMatchObject({
      code: -32602,
    })
    expect(peer.requests().map((r) => r.method)).toContain('solana_signAllTransactions')
  })
})

describe('given a session whose solana side asked for account changes', () => {
  it('when the wallet selects another Solana account, then the session is updated and accountsChanged names it', async () => {
    const peer = await createWalletPeer({
      relayUrl: relay.url,
      projectId,
      privateKeys: [TEST_ACCOUNTS[0]!.privateKey],
      chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9' }],
      solana: { seed: SOLANA_TEST_SEEDS[1]!, chains: [{ id: LOCAL_SOLANA_CAIP_ID, rpcUrl: chain.rpcUrl }] },
    })
    peers.push(peer)
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { ...requested, solana: { ...requested.solana, events: ['accountsChanged'] } },
    })
    await peer.pair(uri as string)
    const [session] = await Promise.all([approval(), peer.approveNext()])
    expect(session.namespaces.solana?.events).toEqual(['accountsChanged'])
    const first = peer.solanaAddress
    const updated = new Promise<string[]>((resolve) =>
      dapp.once('session_update', ({ params }) => resolve(params.namespaces.solana?.accounts ?? [])),
    )
    const event = new Promise<unknown>((resolve) =>
      dapp.once('session_event', ({ params }) => resolve(params.event)),
    )
    await peer.changeSolanaAccount(SOLANA_TEST_SEEDS[2]!)
    expect(peer.solanaAddress).not.toBe(first)
    expect(await updated).toEqual([`${LOCAL_SOLANA_CAIP_ID}:${peer.solanaAddress}`])
    expect(await event).toEqual({
      name: 'accountsChanged',
      data: [`${LOCAL_SOLANA_CAIP_ID}:${peer.solanaAddress}`],
    })
    expect(dapp.session.get(session.topic).namespaces.solana?.accounts).toEqual([
      `${LOCAL_SOLANA_CAIP_ID}:${peer.solanaAddress}`,
    ])
  })
})

describe('given the peer has no Solana key', () => {
  it('approves eip155 only, as before', async () => {
    const { peer, session } = await connect(false)
    expect(Object.keys(session.namespaces)).toEqual(['eip155'])
    expect(peer.solanaAddress).toBeUndefined()
  })
})
