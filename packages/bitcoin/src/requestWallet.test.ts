// The Bitcoin adapter on wallets with a sats-connect `request` API on the page: the test kit's
// Leather-dialect wallet (hex PSBTs, `p2wpkh`/`p2tr` types, JSON-RPC envelope) as it is, and the
// same wallet translated to Xverse's dialect (base64 PSBTs, `signInputs`, purposes, sats-connect's
// `{ status, result }`); tampered answers must be errors.
import type { AdapterContext, Connector } from '@latch/core'
import { base64, hex } from '@scure/base'
import { p2pkh, p2sh, p2wpkh, Transaction } from '@scure/btc-signer'
import { registerWallet } from '@wallet-standard/wallet'
import { afterEach, describe, expect, it } from 'vitest'
import { bitcoinTestKeys, REGTEST_NETWORK } from '../../testkit/src/bitcoin/keys.js'
import {
  BITCOIN_REQUEST_TEST_WALLET_NAME,
  createBitcoinRequestTestWallet,
} from '../../testkit/src/wallet/bitcoinRequestWallet.js'
import { createBitcoinTestWallet } from '../../testkit/src/wallet/bitcoinWallet.js'
import { bitcoinAdapter, bitcoinNetwork } from './index.js'

Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })
const page = globalThis.window as unknown as Record<string, unknown>

const [payment, ordinals] = bitcoinTestKeys(0)
const [recipient] = bitcoinTestKeys(1)
const regtest = bitcoinNetwork('regtest', { apiUrl: 'http://127.0.0.1:1' })
type Request = (method: string, params?: unknown) => Promise<unknown>

/** Leather's dialect translated to Xverse's, answers passed through `tamper` when given. */
function xverseOf(leather: Request, tamper: (method: string, result: Record<string, unknown>) => unknown) {
  const calls: { method: string; params: Record<string, unknown> }[] = []
  const request: Request = async (method, params = {}) => {
    const given = params as Record<string, unknown>
    calls.push({ method, params: given })
    let asked: unknown = given
    if (method === 'signMessage')
      asked = { message: given.message, paymentType: given.address === ordinals.address ? 'p2tr' : 'p2wpkh' }
    if (method === 'signPsbt')
      asked = {
        hex: hex.encode(base64.decode(given.psbt as string)),
        signAtIndex: Object.values(given.signInputs as Record<string, number[]>).flat(),
      }
    let result: Record<string, unknown>
    try {
      result = ((await leather(method, asked)) as { result: Record<string, unknown> }).result
    } catch (error) {
      return {
        status: 'error',
        error: { code: -32000, message: (error as { error: { message: string } }).error.message },
      }
    }
    if (method === 'getAddresses')
      result = {
        addresses: (result.addresses as { address: string; publicKey: string; type: string }[]).map((a) => ({
          address: a.address,
          publicKey: a.publicKey,
          purpose: a.type === 'p2tr' ? 'ordinals' : 'payment',
          addressType: a.type,
        })),
      }
    if (method === 'signPsbt') result = { psbt: base64.encode(hex.decode(result.hex as string)) }
    return { status: 'success', result: tamper(method, result) }
  }
  return { provider: { request }, calls }
}

function psbtSpending(amount = 100_000n): string {
  const tx = new Transaction()
  tx.addInput({
    txid: hex.decode('11'.repeat(32)),
    index: 0,
    witnessUtxo: { script: p2wpkh(payment.publicKey, REGTEST_NETWORK).script, amount: 1_000_000n },
  })
  tx.addOutputAddress(recipient.address, amount, REGTEST_NETWORK)
  tx.addOutputAddress(payment.address, 999_000n - amount, REGTEST_NETWORK)
  return base64.encode(tx.toPSBT())
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  for (const key of ['XverseProviders', 'LeatherProvider', 'latchDevWalletBitcoin']) delete page[key]
})

function setUp(options: Parameters<typeof bitcoinAdapter>[0]) {
  const adapter = bitcoinAdapter(options)
  const connectors: Connector[][] = []
  const context: AdapterContext = {
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
    onConnectorsChanged: (list) => connectors.push([...list]),
  }
  stops.push(adapter.setup(context))
  return { adapter, connectors }
}

describe('given a Bitcoin wallet with a request API on the page (regtest)', () => {
  it('when it speaks Leather’s dialect (hex PSBTs, typed addresses, JSON-RPC envelope), then it connects, signs a message that verifies and signs the asked input of a PSBT', async () => {
    const wallet = createBitcoinRequestTestWallet()
    page.latchDevWalletBitcoin = wallet.provider
    const { adapter } = setUp({
      networks: [regtest],
      requestWallets: [
        { global: 'latchDevWalletBitcoin', name: BITCOIN_REQUEST_TEST_WALLET_NAME, psbt: 'hex' },
      ],
    })
    const connector = adapter.getConnectors().find((c) => c.name === BITCOIN_REQUEST_TEST_WALLET_NAME)
    expect(connector).toBeDefined()
    const result = await adapter.connect({ connectorId: connector!.id, caipNetwork: regtest })
    expect(result.accounts).toEqual([
      { address: payment.address, type: 'payment' },
      { address: ordinals.address, type: 'ordinal' },
    ])
    expect(adapter.getAccountAddresses()[0]).toEqual({
      address: payment.address,
      publicKey: hex.encode(payment.publicKey),
      purpose: 'payment',
    })
    const signature = await adapter.signMessage({ message: 'request API', address: payment.address })
    const check = (message: string) =>
      adapter.verifyMessage!({ address: payment.address, message, signature, caipNetwork: regtest })
    expect(await check('request API')).toBe(true)
    expect(await check('another message')).toBe(false)

    const unsigned = psbtSpending()
    const { psbt } = await adapter.signPsbt({ psbt: unsigned })
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    expect(signed.getInput(0).partialSig?.[0]?.[0]).toEqual(payment.publicKey)
    expect(hex.encode(signed.unsignedTx)).toBe(
      hex.encode(Transaction.fromPSBT(base64.decode(unsigned)).unsignedTx),
    )
    expect(wallet.controls.requests()).toEqual(['getAddresses', 'signMessage', 'signPsbt'])

    // The user's rejection is the core's 4001.
    wallet.controls.rejectNext()
    await expect(adapter.signMessage({ message: 'no', address: payment.address })).rejects.toMatchObject({
      code: 4001,
    })
  })

  it('when it speaks Xverse’s dialect (base64 PSBTs, signInputs, purposes, { status, result }), then the adapter asks in that dialect and the answers check out', async () => {
    const { provider, calls } = xverseOf(createBitcoinRequestTestWallet().provider.request, (_, r) => r)
    page.XverseProviders = { BitcoinProvider: provider }
    const { adapter } = setUp({ networks: [regtest] })
    const connector = adapter.getConnectors().find((c) => c.name === 'Xverse')
    await adapter.connect({ connectorId: connector!.id, caipNetwork: regtest })
    const signature = await adapter.signMessage({ message: 'xverse', address: payment.address })
    expect(
      await adapter.verifyMessage!({
        address: payment.address,
        message: 'xverse',
        signature,
        caipNetwork: regtest,
      }),
    ).toBe(true)
    const { psbt } = await adapter.signPsbt({ psbt: psbtSpending() })
    expect(Transaction.fromPSBT(base64.decode(psbt)).getInput(0).partialSig).toHaveLength(1)
    expect(calls.map((c) => c.method)).toEqual(['getAddresses', 'signMessage', 'signPsbt'])
    expect(calls[1]?.params).toEqual({ address: payment.address, message: 'xverse', protocol: 'BIP322' })
    expect(calls[2]?.params).toMatchObject({ signInputs: { [payment.address]: [0] }, broadcast: false })
    expect(typeof calls[2]?.params.psbt).toBe('string')
  })

  it('when the wallet answers a signature of another message, a PSBT of another transaction, an unsigned PSBT or a key that does not make its address, then each is an invalid response', async () => {
    let mode = ''
    const { provider } = xverseOf(createBitcoinRequestTestWallet().provider.request, (method, result) => {
      if (method === 'signMessage' && mode === 'signature')
        return { signature: 'AAAA' + String(result.signature).slice(4) }
      if (method === 'signPsbt' && mode === 'unsigned') return { psbt: psbtSpending() }
      if (method === 'signPsbt' && mode === 'other') {
        // Signed by the right key, but another transaction (more to the recipient).
        const tx = Transaction.fromPSBT(base64.decode(psbtSpending(500_000n)))
        tx.signIdx(payment.privateKey, 0)
        return { psbt: base64.encode(tx.toPSBT()) }
      }
      if (method === 'getAddresses' && mode === 'key') {
        const [first, second] = result.addresses as Record<string, unknown>[]
        return { addresses: [{ ...first, publicKey: hex.encode(bitcoinTestKeys(1)[0].publicKey) }, second] }
      }
      return result
    })
    page.XverseProviders = { BitcoinProvider: provider }
    const { adapter } = setUp({ networks: [regtest] })
    const id = adapter.getConnectors().find((c) => c.name === 'Xverse')!.id
    await adapter.connect({ connectorId: id, caipNetwork: regtest })
    mode = 'signature'
    await expect(adapter.signMessage({ message: 'x', address: payment.address })).rejects.toMatchObject({
      name: 'InvalidWalletResponseError',
    })
    for (const next of ['unsigned', 'other']) {
      mode = next
      await expect(adapter.signPsbt({ psbt: psbtSpending() })).rejects.toMatchObject({
        name: 'InvalidWalletResponseError',
      })
    }
    mode = 'key'
    await expect(adapter.connect({ connectorId: id, caipNetwork: regtest })).rejects.toMatchObject({
      name: 'InvalidWalletResponseError',
    })
  })

  it('when a wallet is both Wallet Standard and request-API under one name, then it is listed once, through the Wallet Standard', async () => {
    const byRequest = createBitcoinRequestTestWallet()
    page.XverseProviders = { BitcoinProvider: byRequest.provider }
    registerWallet(createBitcoinTestWallet({ name: 'Xverse', storageKey: 'request-test' }).wallet)
    const { adapter } = setUp({ networks: [regtest] })
    const rows = adapter.getConnectors().filter((c) => c.name === 'Xverse')
    expect(rows).toHaveLength(1)
    await adapter.connect({ connectorId: rows[0]!.id, caipNetwork: regtest })
    expect(adapter.getAccountAddresses()[0]?.address).toBe(payment.address)
    expect(byRequest.controls.requests()).toEqual([])
  })

  it('when a payment address is P2SH-P2WPKH (Xverse’s default) or P2PKH, then its key is checked against it', async () => {
    const { keyMakesAddress } = await import('./runtime.js')
    const nested = p2sh(p2wpkh(payment.publicKey, REGTEST_NETWORK), REGTEST_NETWORK).address as string
    const legacy = p2pkh(payment.publicKey, REGTEST_NETWORK).address as string
    expect(keyMakesAddress(nested, payment.publicKey, ['regtest'])).toBe(true)
    expect(keyMakesAddress(legacy, payment.publicKey, ['regtest'])).toBe(true)
    expect(keyMakesAddress(ordinals.address, ordinals.publicKey, ['regtest'])).toBe(true)
    expect(keyMakesAddress(nested, bitcoinTestKeys(1)[0].publicKey, ['regtest'])).toBe(false)
    expect(keyMakesAddress(nested, payment.publicKey, ['mainnet'])).toBe(false)
  })

  it('when an app names a request-API wallet badly, then the adapter throws a clear error', () => {
    expect(() =>
      bitcoinAdapter({ networks: [regtest], requestWallets: [{ global: 'a b', name: 'X' }] }),
    ).toThrow(/property path of window/)
    expect(() =>
      bitcoinAdapter({
        networks: [regtest],
        requestWallets: [{ global: 'x', name: 'X', psbt: 'b58' as 'hex' }],
      }),
    ).toThrow(/base64 or hex/)
  })
})
