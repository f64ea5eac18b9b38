// The wallet peer's Bitcoin side over the local relay, answering a dapp's sign client with the
// Dev Wallet's regtest keys; its signatures are checked by bip322-js and bitcoinjs-lib, which share
// no code with it.
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64, hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import type { SessionTypes } from '@walletconnect/types'
import { Verifier } from 'bip322-js'
import { address as btcAddress, networks, Psbt } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BITCOIN_REGTEST_CAIP_ID, bitcoinTestKeys, REGTEST_NETWORK } from '../bitcoin/keys.js'
import { type BitcoinRegtestInstance, startBitcoinRegtest } from '../bitcoin/regtest.js'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { WALLET_PEER_BITCOIN_METHODS } from './bitcoin-namespace.js'
import { closeLocalSignClient, createLocalSignClient, type LocalSignClient } from './local-client.js'
import { type LocalRelay, startRelay } from './relay/server.js'
import { createWalletPeer, type WalletPeer } from './wallet-peer.js'

const projectId = '0123456789abcdef0123456789abcdef'
const metadata = { name: 'Dapp', description: 'Test dapp', url: 'http://127.0.0.1:5173', icons: [] }
const [payment, ordinals] = bitcoinTestKeys(2)
const [recipient] = bitcoinTestKeys(1)

let relay: LocalRelay
let chain: BitcoinRegtestInstance
let dapp: LocalSignClient
let peer: WalletPeer
let session: SessionTypes.Struct

beforeAll(async () => {
  ;[relay, chain] = await Promise.all([
    startRelay(),
    startBitcoinRegtest({ funded: [{ address: payment!.address, sats: 5_000_000n }] }),
  ])
  dapp = await createLocalSignClient({ relayUrl: relay.url, projectId, metadata })
  peer = await createWalletPeer({
    relayUrl: relay.url,
    projectId,
    privateKeys: [TEST_ACCOUNTS[0]!.privateKey],
    chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9' }],
    bitcoin: { accountIndex: 2, chains: [{ id: BITCOIN_REGTEST_CAIP_ID, apiUrl: chain.url }] },
  })
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      bip122: {
        chains: [BITCOIN_REGTEST_CAIP_ID, 'bip122:000000000019d6689c085ae165831e93'],
        methods: [...WALLET_PEER_BITCOIN_METHODS],
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
  await Promise.all([relay?.stop(), chain?.stop()])
})

const ask = <T>(method: string, params: unknown) =>
  dapp.request<T>({ topic: session.topic, chainId: BITCOIN_REGTEST_CAIP_ID, request: { method, params } })

async function spendablePsbt(): Promise<string> {
  const [coin] = (await (await fetch(`${chain.url}/address/${payment!.address}/utxo`)).json()) as {
    txid: string
    vout: number
    value: number
  }[]
  const tx = new Transaction()
  tx.addInput({
    txid: coin!.txid,
    index: coin!.vout,
    witnessUtxo: {
      script: btcAddress.toOutputScript(payment!.address, networks.regtest),
      amount: BigInt(coin!.value),
    },
  })
  tx.addOutputAddress(recipient!.address, 100_000n, REGTEST_NETWORK)
  tx.addOutputAddress(payment!.address, BigInt(coin!.value) - 101_000n, REGTEST_NETWORK)
  return base64.encode(tx.toPSBT())
}

describe('given the peer has a Bitcoin side on regtest', () => {
  it('approves the bip122 chains it has, with its payment address, and lists its addresses with their public keys', async () => {
    expect(peer.bitcoinAddress).toBe(payment!.address)
    expect(session.namespaces.bip122).toMatchObject({
      chains: [BITCOIN_REGTEST_CAIP_ID],
      accounts: [`${BITCOIN_REGTEST_CAIP_ID}:${payment!.address}`],
      methods: [...WALLET_PEER_BITCOIN_METHODS],
    })
    const addresses = await ask<{ address: string; publicKey: string; intention: string }[]>(
      'getAccountAddresses',
      {
        account: payment!.address,
      },
    )
    expect(addresses).toMatchObject([
      { address: payment!.address, publicKey: hex.encode(payment!.publicKey), intention: 'payment' },
      { address: ordinals!.address, publicKey: hex.encode(ordinals!.publicKey), intention: 'ordinal' },
    ])
  })

  it('signs a message with BIP-322 (or ecdsa) that verifies for its address', async () => {
    const { address, signature } = await ask<{ address: string; signature: string }>('signMessage', {
      account: payment!.address,
      message: 'over WalletConnect',
      protocol: 'bip322',
    })
    expect(address).toBe(payment!.address)
    const encoded = base64.encode(hex.decode(signature))
    expect(Verifier.verifySignature(payment!.address, 'over WalletConnect', encoded)).toBe(true)
    expect(Verifier.verifySignature(payment!.address, 'another message', encoded)).toBe(false)
    const legacy = await ask<{ signature: string }>('signMessage', {
      account: payment!.address,
      message: 'legacy',
    })
    expect(
      Verifier.verifySignature(payment!.address, 'legacy', base64.encode(hex.decode(legacy.signature))),
    ).toBe(true)
    await expect(
      ask('signMessage', { account: recipient!.address, message: 'not mine', protocol: 'bip322' }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('signs the asked inputs of a PSBT (a signature bitcoinjs-lib verifies), and refuses an input that is not its own', async () => {
    const { psbt, txid } = await ask<{ psbt: string; txid?: string }>('signPsbt', {
      account: payment!.address,
      psbt: await spendablePsbt(),
      signInputs: [{ address: payment!.address, index: 0, sighashTypes: [1] }],
    })
    expect(txid).toBeUndefined()
    const signed = Psbt.fromBase64(psbt, { network: networks.regtest })
    expect(signed.data.inputs[0]?.partialSig).toHaveLength(1)
    expect(
      signed.validateSignaturesOfInput(0, (pubkey, hash, signature) =>
        secp256k1.verify(signature, hash, pubkey, { prehash: false }),
      ),
    ).toBe(true)
    await expect(
      ask('signPsbt', {
        account: payment!.address,
        psbt: await spendablePsbt(),
        signInputs: [{ address: ordinals!.address, index: 0 }],
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('sends a transfer and broadcasts a signed PSBT: both land on the regtest chain', async () => {
    const { txid } = await ask<{ txid: string }>('sendTransfer', {
      account: payment!.address,
      recipientAddress: recipient!.address,
      amount: '250000',
    })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const status = (await (await fetch(`${chain.url}/tx/${txid}/status`)).json()) as { confirmed: boolean }
    expect(status.confirmed).toBe(true)
    const sent = await ask<{ psbt: string; txid: string }>('signPsbt', {
      account: payment!.address,
      psbt: await spendablePsbt(),
      signInputs: [{ address: payment!.address, index: 0 }],
      broadcast: true,
    })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    expect((await fetch(`${chain.url}/tx/${sent.txid}/hex`)).ok).toBe(true)
  })
})
