// The Bitcoin adapter driven through the core (createLatch + actions) against the test kit's
// regtest stand-in (Esplora-shaped API over a real UTXO set) and its Bitcoin Wallet Standard test
// wallet, registered through the `wallet-standard:register-wallet` event protocol on a window.
import {
  connect,
  createLatch,
  createMemoryStorage,
  disconnect,
  hydrate,
  InvalidParamsRpcError,
  InvalidWalletResponseError,
  sendTransaction,
  signMessage,
  UserRejectedRequestError,
} from '@latch/core'
import { base64 } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import type { Wallet } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinTestKeys, REGTEST_NETWORK } from '../../testkit/src/bitcoin/keys.js'
import { type BitcoinRegtestInstance, startBitcoinRegtest } from '../../testkit/src/bitcoin/regtest.js'
import {
  type BitcoinTestWallet,
  createBitcoinTestWallet,
  registerBitcoinTestWallet,
} from '../../testkit/src/wallet/bitcoinWallet.js'
import { createMemoryStorage as walletMemory } from '../../testkit/src/wallet/storage.js'
import { type BitcoinAdapter, bitcoinAdapter, bitcoinNetwork, WalletTimeoutError } from './index.js'

Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })

let chain: BitcoinRegtestInstance
let wallet: BitcoinTestWallet
const [payment, ordinals] = bitcoinTestKeys(0)
const other = bitcoinTestKeys(1)[0]

beforeAll(async () => {
  chain = await startBitcoinRegtest({ funded: [{ address: payment.address, sats: 150_000_000n }] })
  wallet = createBitcoinTestWallet({ storage: walletMemory() })
  registerBitcoinTestWallet(wallet.wallet)
})
afterAll(() => chain?.stop())

function page(options: { timeoutMs?: number } = {}, storage = createMemoryStorage()) {
  const regtest = bitcoinNetwork('regtest', { apiUrl: chain.url })
  const adapter = bitcoinAdapter({ networks: [regtest], ...options })
  const latch = createLatch({ networks: [regtest], adapters: [adapter], storage })
  return { latch, adapter, regtest, ns: () => latch.store.getState().namespaces.bip122! }
}

async function connected(options: { timeoutMs?: number } = {}) {
  const p = page(options)
  await hydrate(p.latch)
  await connect(p.latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'bip122' })
  return p
}

describe('given the Dev Wallet on regtest', () => {
  it('when connected, then the payment and ordinals addresses show as CAIP-10 accounts with their balance', async () => {
    const { latch, ns, adapter } = page()
    await hydrate(latch)
    expect(latch.store.getState().connectors.bip122?.map((c) => c.name)).toEqual(['Latch Dev Wallet'])
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'bip122' })
    expect(ns().account.caipAddress).toBe(`bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${payment.address}`)
    expect(ns().account.allAccounts).toEqual([
      { address: payment.address, type: 'payment' },
      { address: ordinals.address, type: 'ordinal' },
    ])
    expect(adapter.getAccountAddresses().map((a) => a.purpose)).toEqual(['payment', 'ordinal'])
    const { balance, symbol } = await adapter.getBalance({
      address: payment.address,
      caipNetwork: ns().network.caipNetwork!,
    })
    expect(`${balance} ${symbol}`).toBe('1.5 BTC')
  })

  it('when the page reloads, then the session is restored without a prompt; after disconnect it is not', async () => {
    const storage = createMemoryStorage()
    const first = page({}, storage)
    await hydrate(first.latch)
    await connect(first.latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'bip122' })
    const prompts = wallet.controls.requests().filter((r) => r === 'bitcoin:connect').length
    const second = page({}, storage)
    await hydrate(second.latch)
    await expect.poll(() => second.ns().account.status).toBe('connected')
    expect(second.ns().account.address).toBe(payment.address)
    expect(wallet.controls.requests().filter((r) => r === 'bitcoin:connect').length).toBe(prompts)
    await disconnect(second.latch, { namespace: 'bip122' })
    const third = page({}, storage)
    await hydrate(third.latch)
    expect(third.ns().account.status).toBe('disconnected')
  })

  it('when a message is signed, then it is a BIP-322 signature that verifies, and not for another message', async () => {
    const { latch, adapter, regtest } = await connected()
    const signature = await signMessage(latch, { message: 'Hello from Latch' })
    expect(base64.decode(signature).length).toBeGreaterThan(100)
    const check = (message: string, address = payment.address) =>
      adapter.verifyMessage!({ address, message, signature, caipNetwork: regtest })
    expect(await check('Hello from Latch')).toBe(true)
    expect(await check('Hello from Latch!')).toBe(false)
    expect(await check('Hello from Latch', other.address)).toBe(false)
  })

  it('when the wallet signs in the legacy format, then that verifies too', async () => {
    const { latch, adapter, regtest } = await connected()
    wallet.controls.setMessageFormat('legacy')
    try {
      const signature = await signMessage(latch, { message: 'legacy' })
      expect(base64.decode(signature)).toHaveLength(65)
      expect(
        await adapter.verifyMessage!({
          address: payment.address,
          message: 'legacy',
          signature,
          caipNetwork: regtest,
        }),
      ).toBe(true)
    } finally {
      wallet.controls.setMessageFormat('bip322')
    }
  })

  it('when the user rejects, then the rejection is the error', async () => {
    const { latch } = await connected()
    wallet.controls.rejectNext()
    const error = await signMessage(latch, { message: 'no' }).catch((e: unknown) => e)
    expect(
      (error as { walk: (f: (e: unknown) => boolean) => unknown }).walk(
        (e) => e instanceof UserRejectedRequestError,
      ),
    ).toBeTruthy()
  })

  it('when the wallet never answers, then the request fails with a timeout', async () => {
    const { adapter } = await connected({ timeoutMs: 200 })
    wallet.controls.hangNext()
    await expect(adapter.signMessage({ message: 'hang', address: payment.address })).rejects.toBeInstanceOf(
      WalletTimeoutError,
    )
  })

  it('when bitcoin is sent, then the transfer is mined and both balances show it', async () => {
    const { latch, adapter, regtest } = await connected()
    const hash = await sendTransaction(latch, { to: other.address, value: 25_000_000n })
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect((await adapter.waitForTransaction!({ hash, caipNetwork: regtest })).status).toBe('success')
    expect((await adapter.getBalance({ address: other.address, caipNetwork: regtest })).balance).toBe('0.25')
    const left = Number(
      (await adapter.getBalance({ address: payment.address, caipNetwork: regtest })).balance,
    )
    expect(left).toBeLessThan(1.25)
    expect(left).toBeGreaterThan(1.2499)
  })

  it('when a PSBT is signed, then the asked input carries the signature and the transaction is unchanged', async () => {
    const { adapter } = await connected()
    chain.fund(payment.address, 10_000n)
    const utxos = (await (await fetch(`${chain.url}/address/${payment.address}/utxo`)).json()) as {
      txid: string
      vout: number
      value: number
    }[]
    const coin = utxos.find((u) => u.value === 10_000) as { txid: string; vout: number }
    const tx = new Transaction()
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: p2wpkh(payment.publicKey, REGTEST_NETWORK).script, amount: 10_000n },
    })
    tx.addOutputAddress(other.address, 9_000n, REGTEST_NETWORK)
    const { psbt } = await adapter.signPsbt({ psbt: base64.encode(tx.toPSBT()) })
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    expect(signed.getInput(0).partialSig?.length).toBe(1)
    const { txid } = await adapter.signPsbt({
      psbt: tx.toPSBT(),
      inputsToSign: [{ address: payment.address, signingIndexes: [0] }],
      broadcast: true,
    })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await (await fetch(`${chain.url}/tx/${txid}/status`)).json()).toMatchObject({ confirmed: true })
    expect(
      (await adapter.getBalance({ address: other.address, caipNetwork: adapter.networks[0]! })).balance,
    ).toBe('0.25009')
  })
})

describe('given bad input', () => {
  it('then a malformed PSBT, an index out of range, or an address not connected is refused before the wallet is asked', async () => {
    const { adapter } = await connected()
    const before = wallet.controls.requests().length
    await expect(adapter.signPsbt({ psbt: 'not a psbt' })).rejects.toBeInstanceOf(InvalidParamsRpcError)
    const tx = new Transaction()
    tx.addInput({
      txid: '11'.repeat(32),
      index: 0,
      witnessUtxo: { script: p2wpkh(payment.publicKey, REGTEST_NETWORK).script, amount: 1_000n },
    })
    tx.addOutputAddress(other.address, 500n, REGTEST_NETWORK)
    await expect(
      adapter.signPsbt({
        psbt: tx.toPSBT(),
        inputsToSign: [{ address: payment.address, signingIndexes: [1] }],
      }),
    ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    await expect(
      adapter.signPsbt({
        psbt: tx.toPSBT(),
        inputsToSign: [{ address: other.address, signingIndexes: [0] }],
      }),
    ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    await expect(
      adapter.sendTransfer({ recipientAddress: 'bc1qnotregtest', amount: '1000' }),
    ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    await expect(
      adapter.sendTransfer({ recipientAddress: other.address, amount: '-5' }),
    ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    expect(wallet.controls.requests().length).toBe(before)
  })

  it('then a wallet answering a signature of another message or another PSBT is an error, never a success', async () => {
    const liar = createBitcoinTestWallet({ name: 'Liar Wallet', storage: walletMemory() })
    const real = liar.wallet.features as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>
    const features = {
      ...liar.wallet.features,
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: (input: { account: unknown }) =>
          real['bitcoin:signMessage']!.signMessage!({
            ...input,
            message: new TextEncoder().encode('something else'),
          }),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async () => {
          const tx = new Transaction()
          tx.addInput({
            txid: '22'.repeat(32),
            index: 0,
            witnessUtxo: { script: p2wpkh(payment.publicKey, REGTEST_NETWORK).script, amount: 1_000n },
          })
          tx.addOutputAddress(other.address, 500n, REGTEST_NETWORK)
          return [{ signedPsbt: tx.toPSBT() }]
        },
      },
    }
    const fake: Wallet = {
      ...liar.wallet,
      name: 'Liar Wallet',
      features,
      get accounts() {
        return liar.wallet.accounts
      },
    }
    registerWallet(fake)
    const { latch, adapter } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'ws:liar-wallet', namespace: 'bip122' })
    await expect(signMessage(latch, { message: 'real' })).rejects.toBeInstanceOf(InvalidWalletResponseError)
    const tx = new Transaction()
    tx.addInput({
      txid: '11'.repeat(32),
      index: 0,
      witnessUtxo: { script: p2wpkh(payment.publicKey, REGTEST_NETWORK).script, amount: 1_000n },
    })
    tx.addOutputAddress(other.address, 500n, REGTEST_NETWORK)
    await expect((adapter as BitcoinAdapter).signPsbt({ psbt: tx.toPSBT() })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
  })
})
