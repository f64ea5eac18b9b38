// The Bitcoin adapter on a session connector's bip122 namespace (WalletConnect's Bitcoin JSON-RPC),
// answered by the test kit's wallet peer side with real regtest keys, against the regtest stand-in.
import { InvalidWalletResponseError } from '@latch/core'
import { base64, hex } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BITCOIN_REGTEST_CAIP_ID, bitcoinTestKeys, REGTEST_NETWORK } from '../../testkit/src/bitcoin/keys.js'
import { type BitcoinRegtestInstance, startBitcoinRegtest } from '../../testkit/src/bitcoin/regtest.js'
import {
  answerBitcoinRequest,
  bitcoinPeerKeys,
  WALLET_PEER_BITCOIN_METHODS,
} from '../../testkit/src/walletconnect/bitcoin-namespace.js'
import { bitcoinAdapter, bitcoinNetwork } from './index.js'
import type { BitcoinSessionProvider } from './sessionWallet.js'

Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })

const keys = bitcoinPeerKeys({ accountIndex: 3, chains: [{ id: BITCOIN_REGTEST_CAIP_ID }] })
const otherKeys = bitcoinPeerKeys({ accountIndex: 4, chains: [{ id: BITCOIN_REGTEST_CAIP_ID }] })
const [recipient] = bitcoinTestKeys(1)
let chain: BitcoinRegtestInstance

beforeAll(async () => {
  chain = await startBitcoinRegtest({ funded: [{ address: keys.payment.address, sats: 20_000_000n }] })
})
afterAll(() => chain?.stop())

type Call = { method: string; chainId: string; params: Record<string, unknown> }

/** The namespace as WalletConnect's facade gives it; `tamper` rewrites one method's answer. */
function sessionOf(
  tamper: Record<string, (result: unknown, params: Record<string, unknown>) => unknown> = {},
) {
  const calls: Call[] = []
  const listeners = new Set<(accounts: readonly string[]) => void>()
  const provider: BitcoinSessionProvider = {
    accounts: () => [`${BITCOIN_REGTEST_CAIP_ID}:${keys.payment.address}`, 'eip155:1:0xabc'],
    methods: () => [...WALLET_PEER_BITCOIN_METHODS],
    onAccountsChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async request({ method, params }, chainId) {
      calls.push({ method, chainId, params: params as Record<string, unknown> })
      // The wallet's other account answers for itself once the session moved to it.
      const mine = (params as { account?: unknown }).account === otherKeys.payment.address ? otherKeys : keys
      const outcome = await answerBitcoinRequest({ keys: mine, apiUrl: chain.url }, method, params)
      if ('error' in outcome) throw outcome.error
      return tamper[method]
        ? tamper[method](outcome.result, params as Record<string, unknown>)
        : outcome.result
    },
  }
  const change = (accounts: string[]) => {
    for (const listener of listeners) listener(accounts)
  }
  return { provider, calls, change }
}

async function attached(provider: BitcoinSessionProvider) {
  const regtest = bitcoinNetwork('regtest', { apiUrl: chain.url })
  const adapter = bitcoinAdapter({ networks: [regtest] })
  const result = await adapter.attachSession!({
    connectorId: 'walletConnect',
    connectorType: 'WALLET_CONNECT',
    provider,
    walletName: 'Phone Wallet',
    caipNetwork: regtest,
  })
  return { adapter, regtest, result }
}

async function psbtSpending(amount = 100_000n): Promise<string> {
  const [coin] = (await (await fetch(`${chain.url}/address/${keys.payment.address}/utxo`)).json()) as {
    txid: string
    vout: number
    value: number
  }[]
  const tx = new Transaction()
  tx.addInput({
    txid: coin!.txid,
    index: coin!.vout,
    witnessUtxo: {
      script: p2wpkh(keys.payment.publicKey, REGTEST_NETWORK).script,
      amount: BigInt(coin!.value),
    },
  })
  tx.addOutputAddress(recipient!.address, amount, REGTEST_NETWORK)
  tx.addOutputAddress(keys.payment.address, BigInt(coin!.value) - amount - 1_000n, REGTEST_NETWORK)
  return base64.encode(tx.toPSBT())
}

describe('given a WalletConnect session with a bip122 namespace on regtest', () => {
  it('when attached, then the payment address (with its key from getAccountAddresses) and the ordinals address connect through the session connector', async () => {
    const { provider, calls } = sessionOf()
    const { adapter, result } = await attached(provider)
    expect(result).toMatchObject({
      address: keys.payment.address,
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
      walletName: 'Phone Wallet',
      accounts: [
        { address: keys.payment.address, type: 'payment' },
        { address: keys.ordinals.address, type: 'ordinal' },
      ],
    })
    expect(calls[0]).toEqual({
      method: 'getAccountAddresses',
      chainId: BITCOIN_REGTEST_CAIP_ID,
      params: { account: keys.payment.address },
    })
    expect(adapter.getAccountAddresses()[0]).toEqual({
      address: keys.payment.address,
      publicKey: hex.encode(keys.payment.publicKey),
      purpose: 'payment',
    })
  })

  it('when a message is signed, then the wallet is asked for BIP-322 and the signature verifies for the address', async () => {
    const { provider, calls } = sessionOf()
    const { adapter, regtest } = await attached(provider)
    const signature = await adapter.signMessage({
      message: 'over WalletConnect',
      address: keys.payment.address,
    })
    expect(calls.at(-1)).toMatchObject({
      method: 'signMessage',
      params: { account: keys.payment.address, address: keys.payment.address, protocol: 'bip322' },
    })
    const check = (message: string) =>
      adapter.verifyMessage!({ address: keys.payment.address, message, signature, caipNetwork: regtest })
    expect(await check('over WalletConnect')).toBe(true)
    expect(await check('another message')).toBe(false)
  })

  it('when a PSBT is signed, then the asked input is signed in the same transaction; broadcast by the wallet, its txid is the transaction’s and the chain has it', async () => {
    const { provider, calls } = sessionOf()
    const { adapter } = await attached(provider)
    const unsigned = await psbtSpending()
    const { psbt } = await adapter.signPsbt({
      psbt: unsigned,
      inputsToSign: [{ address: keys.payment.address, signingIndexes: [0], sigHash: 'ALL' }],
    })
    expect(calls.at(-1)?.params).toMatchObject({
      signInputs: [{ address: keys.payment.address, index: 0, sighashTypes: [1] }],
    })
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    expect(hex.encode(signed.unsignedTx)).toBe(
      hex.encode(Transaction.fromPSBT(base64.decode(unsigned)).unsignedTx),
    )
    expect(signed.getInput(0).partialSig).toHaveLength(1)

    const sent = await adapter.signPsbt({ psbt: unsigned, broadcast: true })
    expect(calls.at(-1)?.params).toMatchObject({ broadcast: true })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    expect((await fetch(`${chain.url}/tx/${sent.txid}/hex`)).ok).toBe(true)
  })

  it('when bitcoin is sent, then the wallet’s sendTransfer moves it and the transaction on the chain pays the recipient', async () => {
    const { provider, calls } = sessionOf()
    const { adapter, regtest } = await attached(provider)
    const txid = await adapter.sendTransaction({
      transaction: { to: recipient!.address, value: 300_000n },
      caipNetwork: regtest,
    })
    expect(calls.at(-1)).toMatchObject({
      method: 'sendTransfer',
      params: { account: keys.payment.address, recipientAddress: recipient!.address, amount: '300000' },
    })
    const tx = Transaction.fromRaw(hex.decode(await (await fetch(`${chain.url}/tx/${txid}/hex`)).text()))
    expect(tx.id).toBe(txid)
  })
})

describe('given the wallet moves the session to another account', () => {
  it('then the adapter follows it (addresses and keys read again) and signs with the new address; an account on no network of the app disconnects it', async () => {
    const { provider, change } = sessionOf()
    const { adapter, regtest } = await attached(provider)
    change([`${BITCOIN_REGTEST_CAIP_ID}:${otherKeys.payment.address}`])
    await expect.poll(() => adapter.getAccountAddresses()[0]?.address).toBe(otherKeys.payment.address)
    const signature = await adapter.signMessage({ message: 'moved', address: otherKeys.payment.address })
    expect(
      await adapter.verifyMessage!({
        address: otherKeys.payment.address,
        message: 'moved',
        signature,
        caipNetwork: regtest,
      }),
    ).toBe(true)
    await expect(adapter.signMessage({ message: 'old', address: keys.payment.address })).rejects.toThrow()
    change(['bip122:000000000019d6689c085ae165831e93:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'])
    await expect.poll(() => adapter.getProvider()).toBeUndefined()
  })
})

describe('given a session wallet that answers badly', () => {
  it('then a public key that is not the address’s, or an account that is no address, fails the attach', async () => {
    const wrongKey = sessionOf({
      getAccountAddresses: (result) =>
        (result as { address: string; publicKey: string }[]).map((a, i) =>
          i === 0 ? { ...a, publicKey: hex.encode(bitcoinTestKeys(1)[0].publicKey) } : a,
        ),
    })
    await expect(attached(wrongKey.provider)).rejects.toBeInstanceOf(InvalidWalletResponseError)
    const garbage = sessionOf()
    garbage.provider.accounts = () => [`${BITCOIN_REGTEST_CAIP_ID}:bc1-not-an-address`]
    await expect(attached(garbage.provider)).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })

  it('then a signature of another message, a PSBT of another transaction, a txid of another transaction or a transfer that pays someone else is an error, never a success', async () => {
    const other = sessionOf({
      signMessage: async (_result, params) =>
        (
          (await answerBitcoinRequest({ keys, apiUrl: chain.url }, 'signMessage', {
            ...params,
            message: 'else',
          })) as {
            result: unknown
          }
        ).result,
      signPsbt: async (result, params) => {
        if (params.broadcast) return { ...(result as object), txid: 'ab'.repeat(32) }
        const changed = (await answerBitcoinRequest({ keys, apiUrl: chain.url }, 'signPsbt', {
          ...params,
          psbt: await psbtSpending(120_000n),
        })) as { result: unknown }
        return changed.result
      },
      sendTransfer: async () => {
        const { result } = (await answerBitcoinRequest({ keys, apiUrl: chain.url }, 'sendTransfer', {
          recipientAddress: keys.ordinals.address,
          amount: '300000',
        })) as { result: unknown }
        return result
      },
    })
    const { adapter, regtest } = await attached(other.provider)
    await expect(
      adapter.signMessage({ message: 'mine', address: keys.payment.address }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    await expect(adapter.signPsbt({ psbt: await psbtSpending() })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    await expect(adapter.signPsbt({ psbt: await psbtSpending(), broadcast: true })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    await expect(
      adapter.sendTransaction({
        transaction: { to: recipient!.address, value: 300_000n },
        caipNetwork: regtest,
      }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })
})
