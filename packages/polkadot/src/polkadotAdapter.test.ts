// The Polkadot adapter driven through the core (createLatch + actions) against the test kit's
// Polkadot extension (real sr25519 / ed25519 keys of the test mnemonic) put on `window.injectedWeb3`
// as extensions put themselves there. Signatures are checked here with @polkadot/util-crypto's
// signatureVerify, payload bytes with @polkadot/types, independently of the adapter's own checks.
import {
  ChainNotSupportedError,
  connect,
  createLatch,
  createMemoryStorage,
  disconnect,
  hydrate,
  InvalidParamsRpcError,
  InvalidWalletResponseError,
  signMessage,
  switchNetwork,
  UserRejectedRequestError,
} from '@latch/core'
import { TypeRegistry } from '@polkadot/types'
import { u8aToHex } from '@polkadot/util'
import { decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createPolkadotTestWallet,
  injectPolkadotTestWallet,
  type PolkadotTestWallet,
} from '../../testkit/src/wallet/polkadotWallet.js'
import { createMemoryStorage as walletMemory } from '../../testkit/src/wallet/storage.js'
import {
  type PolkadotAdapter,
  type PolkadotSignerPayload,
  polkadotAdapter,
  polkadotNetwork,
  WalletTimeoutError,
} from './index.js'

Object.assign(globalThis, { window: globalThis })

const polkadot = polkadotNetwork('polkadot')
const kusama = polkadotNetwork('kusama')
const westend = polkadotNetwork('westend')
let wallet: PolkadotTestWallet
let sr: string
let ed: string

beforeAll(async () => {
  wallet = await createPolkadotTestWallet({ storage: walletMemory() })
  injectPolkadotTestWallet(wallet)
  ;({ sr25519: sr, ed25519: ed } = wallet.controls.addresses())
})

function page(options: { timeoutMs?: number } = {}, storage = createMemoryStorage()) {
  const adapter = polkadotAdapter({ networks: [polkadot, kusama], appName: 'Latch test', ...options })
  const latch = createLatch({ networks: [polkadot, kusama], adapters: [adapter], storage })
  return { latch, adapter, ns: () => latch.store.getState().namespaces.polkadot! }
}

async function connected(options: { timeoutMs?: number } = {}) {
  const p = page(options)
  await hydrate(p.latch)
  await connect(p.latch, { connectorId: 'polkadot:latch-dev-wallet', namespace: 'polkadot' })
  return p
}

/** A transfer payload on Polkadot as @polkadot/api builds one (immortal, nonce 7, tip 0). */
function payloadFor(
  address: string,
  signedExtensions = [
    'CheckNonZeroSender',
    'CheckSpecVersion',
    'CheckTxVersion',
    'CheckGenesis',
    'CheckMortality',
    'CheckNonce',
    'CheckWeight',
    'ChargeTransactionPayment',
    'CheckMetadataHash',
  ],
): PolkadotSignerPayload {
  const genesis = '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3' as const
  return {
    address,
    blockHash: genesis,
    blockNumber: '0x00000000',
    era: '0x00',
    genesisHash: genesis,
    // Balances.transfer_keep_alive to the ed25519 account, 1 DOT.
    method: `0x0503${'00'}${u8aToHex(decodeAddress(ed)).slice(2)}0b00e40b5402` as `0x${string}`,
    nonce: '0x00000007',
    signedExtensions,
    specVersion: '0x000f4dfc',
    tip: '0x00000000000000000000000000000000',
    transactionVersion: '0x0000001a',
    version: 4,
    mode: 0,
  }
}

describe('given the Dev Wallet extension', () => {
  it('when connected on Polkadot, then both accounts show in the Polkadot format (prefix 0) as eoa, and on Kusama in its own (prefix 2)', async () => {
    const { latch, ns } = page()
    await hydrate(latch)
    expect(latch.store.getState().connectors.polkadot?.map((c) => c.name)).toEqual(['Latch Dev Wallet'])
    await connect(latch, { connectorId: 'polkadot:latch-dev-wallet', namespace: 'polkadot' })
    const onPolkadot = encodeAddress(decodeAddress(sr), 0)
    expect(ns().account.caipAddress).toBe(`polkadot:91b171bb158e2d3848fa23a9f1c25182:${onPolkadot}`)
    expect(ns().account.allAccounts).toEqual([
      { address: onPolkadot, type: 'eoa' },
      { address: encodeAddress(decodeAddress(ed), 0), type: 'eoa' },
    ])
    expect(onPolkadot.startsWith('1')).toBe(true)
    await switchNetwork(latch, { caipNetworkId: kusama.caipNetworkId })
    expect(ns().account.address).toBe(encodeAddress(decodeAddress(sr), 2))
    expect(ns().network.caipNetwork?.caipNetworkId).toBe('polkadot:b0a8d493285c2df73290dfb7e61f870f')
  })

  it('when a message is signed, then signatureVerify accepts it for the account and refuses it for another message or address', async () => {
    const { latch, ns, adapter } = await connected()
    const signature = await signMessage(latch, { message: 'Hello from Latch' })
    const address = ns().account.address as string
    expect(signatureVerify('Hello from Latch', signature, address).isValid).toBe(true)
    expect(signatureVerify('Hello from Latch!', signature, address).isValid).toBe(false)
    expect(signatureVerify('Hello from Latch', signature, ed).isValid).toBe(false)
    expect(signatureVerify('Hello from Latch', signature, address).crypto).toBe('sr25519')
    // The ed25519 account signs too.
    const byEd = await adapter.signMessage({ message: 'ed', address: encodeAddress(decodeAddress(ed), 0) })
    expect(signatureVerify('ed', byEd, ed)).toMatchObject({ isValid: true, crypto: 'ed25519' })
  })

  it('when a payload is signed, then the signature is over the bytes @polkadot/types lays out, and the kit checks it', async () => {
    const { adapter, ns } = await connected()
    const payload = payloadFor(ns().account.address as string)
    const { signature } = await adapter.signPayload(payload)
    const registry = new TypeRegistry()
    registry.setSignedExtensions(payload.signedExtensions)
    const bytes = registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a({ method: true })
    expect(signatureVerify(bytes, signature, sr).isValid).toBe(true)
    expect(wallet.controls.requests()).toContain('signPayload')
  })

  it('when the page reloads, then the session is restored without a prompt; after disconnect it is not', async () => {
    const storage = createMemoryStorage()
    const first = page({}, storage)
    await hydrate(first.latch)
    await connect(first.latch, { connectorId: 'polkadot:latch-dev-wallet', namespace: 'polkadot' })
    const second = page({}, storage)
    await hydrate(second.latch)
    await expect.poll(() => second.ns().account.status).toBe('connected')
    expect(second.ns().account.address).toBe(first.ns().account.address)
    await disconnect(second.latch, { namespace: 'polkadot' })
    const third = page({}, storage)
    await hydrate(third.latch)
    expect(third.ns().account.status).toBe('disconnected')
  })

  it('when the extension forgets the site, then the account disconnects', async () => {
    const { ns } = await connected()
    wallet.controls.disconnect()
    await expect.poll(() => ns().account.status).toBe('disconnected')
    // Allowed again for the next tests.
    await wallet.provider.enable?.('Latch test')
  })

  it('when the user cancels, then the rejection is the error; when the extension hangs, a timeout', async () => {
    const { latch, adapter, ns } = await connected({ timeoutMs: 200 })
    wallet.controls.rejectNext()
    const error = await signMessage(latch, { message: 'no' }).catch((e: unknown) => e)
    expect(
      (error as { walk: (f: (e: unknown) => boolean) => unknown }).walk(
        (e) => e instanceof UserRejectedRequestError,
      ),
    ).toBeTruthy()
    wallet.controls.hangNext()
    await expect(
      adapter.signMessage({ message: 'hang', address: ns().account.address as string }),
    ).rejects.toBeInstanceOf(WalletTimeoutError)
  })

  it('then the wallet speaks the protocol @polkadot/extension-dapp reads', async () => {
    // extension-dapp waits for the page to have loaded.
    Object.assign(globalThis, { document: { readyState: 'complete' } })
    const { web3Enable, web3Accounts } = await import('@polkadot/extension-dapp')
    const found = await web3Enable('Latch test')
    expect(found.map((e) => e.name)).toContain('latch-dev-wallet')
    const accounts = await web3Accounts({ ss58Format: 0 })
    expect(accounts.map((a) => a.address)).toContain(encodeAddress(decodeAddress(sr), 0))
  })
})

describe('given bad input', () => {
  it('then an unknown connector, an unconfigured chain, a malformed address or payload is refused before the extension is asked', async () => {
    const { latch, adapter, ns } = await connected()
    const before = wallet.controls.requests().length
    await expect(adapter.connect({ connectorId: 'polkadot:nope' })).rejects.toThrow(
      'Adapter or connector not found for namespace polkadot',
    )
    await expect(switchNetwork(latch, { caipNetworkId: westend.caipNetworkId })).rejects.toThrow(
      'switch network not found',
    )
    await expect(adapter.switchNetwork({ caipNetwork: westend })).rejects.toBeInstanceOf(
      ChainNotSupportedError,
    )
    await expect(adapter.signMessage({ message: 'x', address: '5NotAnAddress' })).rejects.toBeInstanceOf(
      InvalidParamsRpcError,
    )
    const address = ns().account.address as string
    await expect(adapter.signPayload({ ...payloadFor(address), era: 'zz' as `0x${string}` })).rejects.toThrow(
      'payload.era',
    )
    await expect(
      adapter.signPayload(payloadFor(address, ['CheckGenesis', 'SomethingNew'])),
    ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    await expect(
      adapter.signPayload({ ...payloadFor(address), genesisHash: `0x${'11'.repeat(32)}` }),
    ).rejects.toBeInstanceOf(ChainNotSupportedError)
    expect(ns().network.caipNetwork?.caipNetworkId).toBe(polkadot.caipNetworkId)
    expect(wallet.controls.requests().length).toBe(before)
  })

  it('then an extension answering a signature of another message, another key or another payload is an error, never a success', async () => {
    const liar = await createPolkadotTestWallet({ storage: walletMemory() })
    const real = liar.provider
    injectPolkadotTestWallet(
      {
        ...liar,
        provider: {
          version: '1.0.0',
          async enable(origin: string) {
            const injected = await (real.enable as (o: string) => Promise<import('./injected.js').Injected>)(
              origin,
            )
            const { signRaw, signPayload } = injected.signer
            return {
              ...injected,
              signer: {
                // Signs another message, then with the other key.
                signRaw: async (raw: { address: string; data: string; type: 'bytes' }) =>
                  raw.data === u8aToHex(new TextEncoder().encode('other key'))
                    ? signRaw!({ ...raw, address: ed })
                    : signRaw!({ ...raw, data: u8aToHex(new TextEncoder().encode('something else')) }),
                signPayload: async (payload: PolkadotSignerPayload) =>
                  signPayload!({ ...payload, nonce: '0x00000008' } as never),
              },
            }
          },
        },
      },
      'liar-wallet',
    )
    const { latch, adapter, ns } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'polkadot:liar-wallet', namespace: 'polkadot' })
    await expect(signMessage(latch, { message: 'real' })).rejects.toBeInstanceOf(InvalidWalletResponseError)
    await expect(signMessage(latch, { message: 'other key' })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    await expect(
      (adapter as PolkadotAdapter).signPayload(payloadFor(ns().account.address as string)),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    expect(ns().account.status).toBe('connected')
  })

  it('then a refused or hanging connect, or an extension listing a malformed address, leaves nothing connected', async () => {
    const { latch, ns } = page({ timeoutMs: 200 })
    await hydrate(latch)
    wallet.controls.disconnect()
    wallet.controls.rejectNext()
    const refused = await connect(latch, {
      connectorId: 'polkadot:latch-dev-wallet',
      namespace: 'polkadot',
    }).catch((e: unknown) => e)
    expect(
      (refused as { walk: (f: (e: unknown) => boolean) => unknown }).walk(
        (e) => e instanceof UserRejectedRequestError,
      ),
    ).toBeTruthy()
    expect(ns().account.status).toBe('disconnected')
    wallet.controls.hangNext()
    await expect(
      connect(latch, { connectorId: 'polkadot:latch-dev-wallet', namespace: 'polkadot' }),
    ).rejects.toBeTruthy()
    expect(ns().account.status).toBe('disconnected')
    await wallet.provider.enable?.('Latch test')

    injectPolkadotTestWallet(
      {
        ...wallet,
        provider: {
          version: '1.0.0',
          enable: async () => ({
            accounts: { get: async () => [{ address: '1notAnSs58Address' }], subscribe: () => () => {} },
            signer: {},
          }),
        },
      },
      'garbage-wallet',
    )
    const other = page()
    await hydrate(other.latch)
    await expect(
      connect(other.latch, { connectorId: 'polkadot:garbage-wallet', namespace: 'polkadot' }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    expect(other.ns().account.status).toBe('disconnected')
  })
})
