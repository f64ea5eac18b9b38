// The Cosmos adapter driven through the core (createLatch + actions) against the test kit's
// Keplr-compatible Cosmos wallet (real secp256k1 key of the test mnemonic), injected on a window.
// Signatures are checked here with CosmJS, independently of the adapter's own check.
import { makeSignDoc, rawSecp256k1PubkeyToRawAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBech32 } from '@cosmjs/encoding'
import { makeSignBytes } from '@cosmjs/proto-signing'
import {
  ChainNotSupportedError,
  connect,
  createLatch,
  createMemoryStorage,
  disconnect,
  hydrate,
  InvalidWalletResponseError,
  NotConnectedError,
  SignatureDeclinedError,
  signMessage,
  switchNetwork,
  UserRejectedRequestError,
} from '@latch/core'
import { afterEach, describe, expect, it } from 'vitest'
import { cosmosTestKey } from '../../testkit/src/cosmos/keys.js'
import {
  type CosmosTestWallet,
  createCosmosTestWallet,
  installCosmosTestWallet,
} from '../../testkit/src/wallet/cosmosWallet.js'
import { createMemoryStorage as walletMemory } from '../../testkit/src/wallet/storage.js'
import {
  type CosmosAdapter,
  type CosmosNetwork,
  cosmosAdapter,
  cosmosHub,
  cosmosTestChain,
  osmosis,
  WalletTimeoutError,
} from './index.js'

Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })

const key = cosmosTestKey(0)
const DEV = {
  global: 'latchDevWallet',
  name: 'Latch Dev Wallet',
  accountsChangedEvent: 'latch_keystorechange',
}
const local = cosmosTestChain()
const hub = cosmosHub()
const osmo = osmosis()
let wallet: CosmosTestWallet

function installWallet() {
  wallet = createCosmosTestWallet({ storage: walletMemory() })
  installCosmosTestWallet(wallet)
}
afterEach(() => {
  Reflect.deleteProperty(window, 'latchDevWallet')
})

function page(options: { timeoutMs?: number } = {}, storage = createMemoryStorage()) {
  const networks = [local, hub, osmo] as [CosmosNetwork, ...CosmosNetwork[]]
  const adapter = cosmosAdapter({ networks, wallets: [DEV], ...options })
  const latch = createLatch({ networks, adapters: [adapter], storage })
  return { latch, adapter, ns: () => latch.store.getState().namespaces.cosmos! }
}

async function connected(options: { timeoutMs?: number } = {}) {
  const p = page(options)
  await hydrate(p.latch)
  await connect(p.latch, { connectorId: 'cosmos:latchDevWallet', namespace: 'cosmos' })
  return p
}

/** CosmJS's own check of an ADR-036 signature: the amino sign doc of MsgSignData, sha256, secp256k1. */
async function cosmjsVerifiesAdr36(signer: string, message: string, pubKey: Uint8Array, signature: string) {
  const doc = makeSignDoc(
    [{ type: 'sign/MsgSignData', value: { signer, data: Buffer.from(message).toString('base64') } }],
    { gas: '0', amount: [] },
    '',
    '',
    0,
    0,
  )
  return Secp256k1.verifySignature(
    Secp256k1Signature.fromFixedLength(fromBase64(signature)),
    sha256(serializeSignDoc(doc)),
    pubKey,
  )
}

describe('given the Dev Wallet (Keplr-compatible) on a local chain it does not know', () => {
  it('when connected, then the chain is suggested, enabled, and the account is the test key’s cosmos1 address', async () => {
    installWallet()
    const { latch, ns } = page()
    await hydrate(latch)
    expect(latch.store.getState().connectors.cosmos?.map((c) => [c.id, c.name])).toEqual([
      ['cosmos:latchDevWallet', 'Latch Dev Wallet'],
    ])
    await connect(latch, { connectorId: 'cosmos:latchDevWallet', namespace: 'cosmos' })
    expect(ns().account.caipAddress).toBe(`cosmos:latch-local-1:${key.address('cosmos')}`)
    // The address CosmJS derives from the wallet's public key.
    expect(ns().account.address).toBe(toBech32('cosmos', rawSecp256k1PubkeyToRawAddress(key.publicKey)))
    expect(wallet.controls.requests()).toEqual(
      expect.arrayContaining(['experimentalSuggestChain', 'enable', 'getKey']),
    )
    expect(wallet.controls.enabledChains()).toEqual(['latch-local-1'])
  })

  it('when a message is signed, then CosmJS verifies it for the account, and verifyMessage refuses another message or address', async () => {
    installWallet()
    const { latch, adapter } = await connected()
    const signature = await signMessage(latch, { message: 'Hello from Latch' })
    expect(await cosmjsVerifiesAdr36(key.address(), 'Hello from Latch', key.publicKey, signature)).toBe(true)
    expect(await cosmjsVerifiesAdr36(key.address(), 'Hello from Latch!', key.publicKey, signature)).toBe(
      false,
    )
    const check = (message: string, address = key.address()) =>
      adapter.verifyMessage!({ address, message, signature, caipNetwork: local })
    expect(await check('Hello from Latch')).toBe(true)
    expect(await check('Hello from Latch!')).toBe(false)
    expect(await check('Hello from Latch', cosmosTestKey(1).address())).toBe(false)
    expect(await check('Hello from Latch', 'cosmos1notanaddress')).toBe(false)
    const full = await adapter.signArbitrary({ message: 'again' })
    expect(fromBase64(full.pub_key.value)).toEqual(key.publicKey)
  })

  it('when the wallet signs another message, then signMessage fails with InvalidWalletResponseError and the account stays connected', async () => {
    installWallet()
    const { latch, ns } = await connected()
    wallet.controls.signOtherNext()
    await expect(signMessage(latch, { message: 'pay me' })).rejects.toBeInstanceOf(InvalidWalletResponseError)
    expect(ns().account.status).toBe('connected')
    expect(await signMessage(latch, { message: 'pay me' })).toMatch(/^[A-Za-z0-9+/]{86}==$/)
  })

  it('when the visitor declines, then the signature is declined; when the wallet hangs, then WalletTimeoutError', async () => {
    installWallet()
    const { latch } = await connected({ timeoutMs: 300 })
    wallet.controls.rejectNext()
    await expect(signMessage(latch, { message: 'no' })).rejects.toBeInstanceOf(SignatureDeclinedError)
    wallet.controls.hangNext()
    await expect(signMessage(latch, { message: 'hang' })).rejects.toBeInstanceOf(WalletTimeoutError)
  })

  it('when a connect is declined, then nothing is connected and the chain is not enabled', async () => {
    installWallet()
    const { latch, ns } = page()
    await hydrate(latch)
    wallet.controls.setApproval('reject')
    await expect(
      connect(latch, { connectorId: 'cosmos:latchDevWallet', namespace: 'cosmos' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(ns().account.status).toBe('disconnected')
    expect(wallet.controls.enabledChains()).toEqual([])
  })

  it('when the page reloads, then the session is restored without a prompt; after disconnect it is not', async () => {
    installWallet()
    const storage = createMemoryStorage()
    const first = page({}, storage)
    await hydrate(first.latch)
    await connect(first.latch, { connectorId: 'cosmos:latchDevWallet', namespace: 'cosmos' })
    const prompts = wallet.controls.requests().filter((r) => r === 'enable').length
    const second = page({}, storage)
    await hydrate(second.latch)
    await expect.poll(() => second.ns().account.status).toBe('connected')
    expect(second.ns().account.address).toBe(key.address())
    expect(wallet.controls.requests().filter((r) => r === 'enable').length).toBe(prompts)
    await disconnect(second.latch, { namespace: 'cosmos' })
    expect(wallet.controls.enabledChains()).toEqual([])
    const third = page({}, storage)
    await hydrate(third.latch)
    expect(third.ns().account.status).toBe('disconnected')
  })

  it('when the network is switched to Osmosis, then the address is the osmo1 one; an unconfigured chain changes nothing', async () => {
    installWallet()
    const { latch, ns, adapter } = await connected()
    await switchNetwork(latch, { caipNetworkId: 'cosmos:osmosis-1' })
    expect(ns().account.caipAddress).toBe(`cosmos:osmosis-1:${key.address('osmo')}`)
    await expect(
      adapter.switchNetwork({ caipNetwork: { ...hub, id: 'juno-1', caipNetworkId: 'cosmos:juno-1' } }),
    ).rejects.toBeInstanceOf(ChainNotSupportedError)
    expect(ns().account.caipAddress).toBe(`cosmos:osmosis-1:${key.address('osmo')}`)
  })

  it('when the wallet changes account, then the kit follows it', async () => {
    installWallet()
    const { ns } = await connected()
    wallet.controls.setAccount(1)
    await expect.poll(() => ns().account.address).toBe(cosmosTestKey(1).address())
  })

  it('given no such wallet, then connect fails with the spec’s message and nothing is connected', async () => {
    const { latch, ns } = page()
    await hydrate(latch)
    await expect(connect(latch, { connectorId: 'cosmos:keplr', namespace: 'cosmos' })).rejects.toThrow(
      'Adapter or connector not found for namespace cosmos',
    )
    expect(ns().account.status).toBe('disconnected')
  })
})

describe('given the offline signer of the connected account', () => {
  async function signer() {
    installWallet()
    const { adapter } = await connected()
    return { adapter, signer: (adapter as CosmosAdapter).getOfflineSigner() }
  }

  it('when an amino sign doc is signed, then CosmJS verifies the signature over the signed doc', async () => {
    const { signer: s } = await signer()
    const [account] = await s.getAccounts()
    expect(account?.address).toBe(key.address())
    const doc = makeSignDoc(
      [
        {
          type: 'cosmos-sdk/MsgSend',
          value: {
            from_address: key.address(),
            to_address: cosmosTestKey(1).address(),
            amount: [{ denom: 'ustake', amount: '1' }],
          },
        },
      ],
      { amount: [{ denom: 'ustake', amount: '500' }], gas: '200000' },
      'latch-local-1',
      'memo <&>',
      7,
      3,
    )
    const { signed, signature } = await s.signAmino(key.address(), doc)
    expect(
      await Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
        sha256(serializeSignDoc(signed)),
        key.publicKey,
      ),
    ).toBe(true)
    await expect(s.signAmino(key.address(), { ...doc, chain_id: 'cosmoshub-4' })).rejects.toThrow(/chain_id/)
    await expect(s.signAmino(cosmosTestKey(1).address(), doc)).rejects.toBeInstanceOf(NotConnectedError)
  })

  it('when a direct sign doc is signed, then CosmJS verifies it over makeSignBytes; a bad signature is refused', async () => {
    const { signer: s } = await signer()
    const doc = {
      bodyBytes: Uint8Array.from([10, 3, 1, 2, 3]),
      authInfoBytes: Uint8Array.from([18, 2, 4, 5]),
      chainId: 'latch-local-1',
      accountNumber: 300n,
    }
    const { signed, signature } = await s.signDirect(key.address(), doc)
    expect(
      await Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
        sha256(makeSignBytes(signed)),
        key.publicKey,
      ),
    ).toBe(true)
    wallet.controls.signOtherNext()
    await expect(s.signDirect(key.address(), doc)).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })
})
