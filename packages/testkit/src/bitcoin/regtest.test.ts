import { hex } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinTestKeys, REGTEST_NETWORK } from './keys.js'
import { type BitcoinRegtestInstance, startBitcoinRegtest } from './regtest.js'

const [payment] = bitcoinTestKeys(0)
const [other] = bitcoinTestKeys(1)
let chain: BitcoinRegtestInstance

beforeAll(async () => {
  chain = await startBitcoinRegtest({ funded: [{ address: payment.address, sats: 100_000n }] })
})
afterAll(() => chain?.stop())

async function spend(key: Uint8Array) {
  const [coin] = (await (await fetch(`${chain.url}/address/${payment.address}/utxo`)).json()) as {
    txid: string
    vout: number
  }[]
  const tx = new Transaction()
  tx.addInput({
    txid: coin!.txid,
    index: coin!.vout,
    witnessUtxo: { script: p2wpkh(payment.publicKey, REGTEST_NETWORK).script, amount: 100_000n },
  })
  tx.addOutputAddress(other.address, 90_000n, REGTEST_NETWORK)
  try {
    tx.sign(key)
    tx.finalize()
  } catch {
    // A key that does not own the input signs nothing: the raw transaction goes out unsigned.
  }
  const raw = tx.isFinal ? hex.encode(tx.extract()) : hex.encode(tx.unsignedTx)
  return fetch(`${chain.url}/tx`, { method: 'POST', body: raw })
}

describe('the regtest stand-in', () => {
  it('given funded outputs, then the address shows them (Esplora shape)', async () => {
    const body = await (await fetch(`${chain.url}/address/${payment.address}`)).json()
    expect(body.chain_stats.funded_txo_sum).toBe(100_000)
  })

  it('refuses a transaction whose input is not signed by its owner', async () => {
    const unsigned = await spend(other.privateKey)
    expect(unsigned.status).toBe(400)
    expect(await unsigned.text()).toContain('non-mandatory-script-verify-flag')
  })

  it('mines a signed transfer at once, and refuses spending the same output again', async () => {
    const sent = await spend(payment.privateKey)
    expect(sent.status).toBe(200)
    const txid = await sent.text()
    expect(await (await fetch(`${chain.url}/tx/${txid}/status`)).json()).toMatchObject({ confirmed: true })
    const after = await (await fetch(`${chain.url}/address/${other.address}`)).json()
    expect(after.chain_stats.funded_txo_sum).toBe(90_000)
    const again = await fetch(`${chain.url}/tx`, {
      method: 'POST',
      body: await (await fetch(`${chain.url}/tx/${txid}/hex`)).text(),
    })
    expect(again.status).toBe(400)
  })
})
