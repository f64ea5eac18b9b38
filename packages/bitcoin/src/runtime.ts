// Everything that needs @scure/btc-signer and the noble curves, loaded with import() on the first
// Bitcoin connect, restore or API call so an app's first load does not carry it.

import { type ConnectedAccount, InvalidParamsRpcError, InvalidWalletResponseError } from '@latch/core'
import { base64, hex } from '@scure/base'
import {
  Address,
  NETWORK,
  OutScript,
  p2pkh,
  p2sh,
  p2tr,
  p2wpkh,
  selectUTXO,
  TEST_NETWORK,
  Transaction,
} from '@scure/btc-signer'
import type { WalletAccount } from '@wallet-standard/base'
import type { BitcoinInputsToSign } from './bitcoinAdapter.js'
import type { BitcoinSigHash } from './features.js'
import { verifyBip322, verifyLegacy } from './message.js'
import type { BitcoinChainName } from './network.js'

type Network = typeof NETWORK

const REGTEST_NETWORK: Network = { ...TEST_NETWORK, bech32: 'bcrt' }

/** The address format of a chain (prefixes of bech32 and base58 addresses). */
export function addressNetwork(chain: BitcoinChainName): Network {
  if (chain === 'mainnet') return NETWORK
  return chain === 'regtest' ? REGTEST_NETWORK : TEST_NETWORK
}

/** Whether `value` is a well-formed address of the chain (checksum included). */
export function isBitcoinAddress(value: unknown, chain: BitcoinChainName): value is string {
  if (typeof value !== 'string' || value.length > 90) return false
  try {
    const network = addressNetwork(chain)
    return Address(network).encode(Address(network).decode(value)) === value
  } catch {
    return false
  }
}

/** Whether the address is a taproot (P2TR) one: wallets give those for ordinals. */
export function isTaproot(value: string, chain: BitcoinChainName): boolean {
  try {
    return Address(addressNetwork(chain)).decode(value).type === 'tr'
  } catch {
    return false
  }
}

export const toBase64 = (bytes: Uint8Array): string => base64.encode(bytes)
export const fromBase64 = (text: string): Uint8Array => base64.decode(text)

/**
 * Bytes of a signature or PSBT as wallets hand them over: raw bytes, or the base64 or hex text of
 * them (some wallets answer a Uint8Array of the text).
 */
export function decodeWalletBytes(value: unknown): Uint8Array | undefined {
  let text: string | undefined
  if (typeof value === 'string') text = value
  else if (value instanceof Uint8Array) {
    if (value.length === 0) return undefined
    const ascii = value.every((b) => b >= 0x20 && b < 0x7f)
    if (!ascii) return value
    text = new TextDecoder().decode(value)
  } else return undefined
  try {
    if (/^([0-9a-f]{2})+$/i.test(text)) return hex.decode(text.toLowerCase())
    return base64.decode(text)
  } catch {
    return value instanceof Uint8Array ? value : undefined
  }
}

/** A PSBT parsed, or undefined when the bytes are not one. */
export function parsePsbt(bytes: Uint8Array): Transaction | undefined {
  try {
    return Transaction.fromPSBT(bytes, { allowUnknownOutputs: true, allowUnknownInputs: true })
  } catch {
    return undefined
  }
}

/** The unsigned transaction (hex), the same before and after signing. */
export function unsignedTx(tx: Transaction): string {
  return hex.encode(tx.unsignedTx)
}

/** Whether input `index` carries a signature or a final witness / script. */
export function inputSigned(tx: Transaction, index: number): boolean {
  const input = tx.getInput(index)
  return Boolean(
    input.finalScriptWitness?.length ||
      input.finalScriptSig?.length ||
      input.partialSig?.length ||
      input.tapKeySig ||
      input.tapScriptSig?.length,
  )
}

/** Finalizes every input that is not yet final; false when one cannot be. */
export function finalizeAll(tx: Transaction): boolean {
  try {
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i)
      if (!input.finalScriptWitness?.length && !input.finalScriptSig?.length) tx.finalizeIdx(i)
    }
    return tx.isFinal
  } catch {
    return false
  }
}

export function extractHex(tx: Transaction): string {
  return hex.encode(tx.extract())
}

export function psbtBytes(tx: Transaction): Uint8Array {
  return tx.toPSBT()
}

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
  return response.json()
}

const satsOf = (value: unknown): bigint => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new Error('The Bitcoin API answered an invalid amount.')
  return BigInt(value)
}

/** The address's confirmed and mempool balance, in satoshis (Esplora `/address/:address`). */
export async function getSats(api: string, address: string): Promise<bigint> {
  const body = (await getJson(`${api}/address/${encodeURIComponent(address)}`)) as {
    chain_stats?: { funded_txo_sum?: unknown; spent_txo_sum?: unknown }
    mempool_stats?: { funded_txo_sum?: unknown; spent_txo_sum?: unknown }
  }
  const chain = body?.chain_stats
  const mempool = body?.mempool_stats
  if (!chain || !mempool) throw new Error('The Bitcoin API answered an invalid balance.')
  return (
    satsOf(chain.funded_txo_sum) -
    satsOf(chain.spent_txo_sum) +
    satsOf(mempool.funded_txo_sum) -
    satsOf(mempool.spent_txo_sum)
  )
}

interface Utxo {
  txid: string
  vout: number
  value: bigint
}

/** The address's unspent outputs (Esplora `/address/:address/utxo`), checked. */
export async function getUtxos(api: string, address: string): Promise<Utxo[]> {
  const body = await getJson(`${api}/address/${encodeURIComponent(address)}/utxo`)
  if (!Array.isArray(body)) throw new Error('The Bitcoin API answered an invalid UTXO list.')
  return body.map((u: { txid?: unknown; vout?: unknown; value?: unknown }) => {
    if (typeof u?.txid !== 'string' || !/^[0-9a-f]{64}$/.test(u.txid) || !Number.isSafeInteger(u.vout))
      throw new Error('The Bitcoin API answered an invalid UTXO list.')
    return { txid: u.txid, vout: u.vout as number, value: satsOf(u.value) }
  })
}

/** Fee rate in sat/vB for the next few blocks (Esplora `/fee-estimates`), at least 1. */
export async function getFeeRate(api: string): Promise<bigint> {
  try {
    const body = (await getJson(`${api}/fee-estimates`)) as Record<string, unknown>
    const rate = body?.['3'] ?? body?.['6'] ?? body?.['1']
    if (typeof rate === 'number' && Number.isFinite(rate) && rate >= 1 && rate < 10_000)
      return BigInt(Math.ceil(rate))
  } catch {
    // An API without fee estimates (a local regtest) pays the minimum relay fee.
  }
  return 1n
}

/**
 * An unsigned PSBT that pays `amount` satoshis to `to` from the P2WPKH `from` (its public key
 * given), with change back to `from`; undefined when the outputs do not cover it.
 */
export function transferPsbt(
  utxos: readonly Utxo[],
  {
    from,
    publicKey,
    to,
    amount,
    feeRate,
    chain,
  }: {
    from: string
    publicKey: Uint8Array
    to: string
    amount: bigint
    feeRate: bigint
    chain: BitcoinChainName
  },
): { psbt: Uint8Array; fee: bigint } | undefined {
  const network = addressNetwork(chain)
  const payment = p2wpkh(publicKey, network)
  if (payment.address !== from) return undefined
  const selected = selectUTXO(
    utxos.map((u) => ({
      txid: u.txid,
      index: u.vout,
      witnessUtxo: { script: payment.script, amount: u.value },
    })),
    [{ address: to, amount }],
    'default',
    { changeAddress: from, feePerByte: feeRate, bip69: true, createTx: true, network },
  )
  if (!selected?.tx) return undefined
  return { psbt: selected.tx.toPSBT(), fee: selected.fee ?? 0n }
}

/** Broadcasts a raw transaction (Esplora `POST /tx`); resolves with its txid. */
export async function broadcast(api: string, rawHex: string): Promise<string> {
  const response = await fetch(`${api}/tx`, {
    method: 'POST',
    body: rawHex,
    headers: { 'content-type': 'text/plain' },
  })
  const text = (await response.text()).trim()
  if (!response.ok) throw new Error(text.slice(0, 300) || `HTTP status code: ${response.status}`)
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error('The Bitcoin API answered an invalid transaction id.')
  return text
}

/** Whether the transaction is confirmed (Esplora `/tx/:txid/status`), with its block height. */
export async function txStatus(api: string, txid: string): Promise<{ confirmed: boolean; height?: bigint }> {
  const body = (await getJson(`${api}/tx/${txid}/status`)) as { confirmed?: unknown; block_height?: unknown }
  if (body?.confirmed !== true) return { confirmed: false }
  return {
    confirmed: true,
    height: Number.isSafeInteger(body.block_height) ? BigInt(body.block_height as number) : undefined,
  }
}

/** The output script (hex) an address pays to, or undefined when it is not an address of the chain. */
export function scriptOf(address: string, chain: BitcoinChainName): string | undefined {
  try {
    return hex.encode(OutScript.encode(Address(addressNetwork(chain)).decode(address)))
  } catch {
    return undefined
  }
}

/** Whether the signature (BIP-322 simple, or a legacy 65-byte one) is the address's over the message. */
export function verifySignature(
  address: string,
  message: Uint8Array,
  signature: Uint8Array,
  chain: BitcoinChainName,
): boolean {
  const network = addressNetwork(chain)
  if (signature.length === 65 && verifyLegacy(address, message, signature, network)) return true
  return verifyBip322(address, message, signature, network)
}

const SIGHASHES = ['ALL', 'NONE', 'SINGLE', 'ALL|ANYONECANPAY', 'NONE|ANYONECANPAY', 'SINGLE|ANYONECANPAY']

/**
 * The inputs the wallet is asked to sign, checked against the PSBT and the connected accounts:
 * the given ones (indexes in range and distinct, a connected address, a known sighash), or every
 * input paying to a connected address. Throws the kit's invalid-params error otherwise.
 */
export function inputsToSignOf(
  tx: Transaction,
  given: readonly BitcoinInputsToSign[] | undefined,
  accounts: readonly WalletAccount[],
  chain: BitcoinChainName,
): { account: WalletAccount; signingIndexes: number[]; sigHash?: BitcoinSigHash }[] {
  const count = tx.inputsLength
  let asked: { account: WalletAccount; signingIndexes: number[]; sigHash?: BitcoinSigHash }[]
  if (given === undefined) {
    const byAddress = new Map<WalletAccount, number[]>()
    for (let i = 0; i < count; i++) {
      const script = tx.getInput(i).witnessUtxo?.script
      const owner = script && accounts.find((a) => scriptOf(a.address, chain) === hex.encode(script))
      if (owner) byAddress.set(owner, [...(byAddress.get(owner) ?? []), i])
    }
    asked = [...byAddress].map(([account, signingIndexes]) => ({ account, signingIndexes }))
  } else {
    if (!Array.isArray(given)) throw new InvalidParamsRpcError({ details: 'inputsToSign must be an array.' })
    asked = given.map((entry) => {
      const indexes = entry?.signingIndexes
      if (
        !Array.isArray(indexes) ||
        indexes.length === 0 ||
        !indexes.every((i) => Number.isInteger(i) && i >= 0 && i < count) ||
        new Set(indexes).size !== indexes.length
      )
        throw new InvalidParamsRpcError({
          details: `signingIndexes must be distinct input indexes below ${count}.`,
        })
      if (entry.sigHash !== undefined && !SIGHASHES.includes(entry.sigHash))
        throw new InvalidParamsRpcError({ details: `sigHash must be one of ${SIGHASHES.join(', ')}.` })
      const account = accounts.find((a) => a.address === entry.address)
      if (!account)
        throw new InvalidParamsRpcError({ details: `${String(entry.address)} is not a connected address.` })
      return { account, signingIndexes: [...indexes], ...(entry.sigHash ? { sigHash: entry.sigHash } : {}) }
    })
  }
  if (asked.length === 0)
    throw new InvalidParamsRpcError({ details: 'No input of the PSBT pays to a connected address.' })
  return asked
}

/**
 * The wallet's Bitcoin accounts, validated (garbage is an invalid response) and typed: payment
 * first; a taproot address beside a payment one is the ordinals address.
 */
export function typedAccounts(
  accounts: unknown,
  chain: BitcoinChainName,
): { types: ConnectedAccount[]; ordered: WalletAccount[] } {
  if (!Array.isArray(accounts)) throw new InvalidWalletResponseError({ what: 'account' })
  const result = (accounts as WalletAccount[]).filter(
    (a) => !a?.chains?.length || a.chains.some((c) => c.startsWith('bitcoin:')),
  )
  if (!result.every((a) => isBitcoinAddress(a?.address, chain)))
    throw new InvalidWalletResponseError({ what: 'account' })
  const hasPayment = result.some((a) => !isTaproot(a.address, chain))
  const ordinal = (a: WalletAccount) => hasPayment && isTaproot(a.address, chain)
  const ordered = [...result.filter((a) => !ordinal(a)), ...result.filter(ordinal)]
  return {
    ordered,
    types: ordered.map((a) => ({ address: a.address, type: ordinal(a) ? 'ordinal' : 'payment' })),
  }
}

/**
 * The addresses of a session on the chain with their public keys, from a `getAccountAddresses`
 * answer: `account` (the session's payment address) first, then the taproot addresses the wallet
 * names for ordinals. Every key must be the one its address is made of; the account must be there.
 */
export function sessionAddresses(
  answer: unknown,
  account: string,
  chain: BitcoinChainName,
): { address: string; publicKey: Uint8Array }[] {
  if (!Array.isArray(answer)) throw new InvalidWalletResponseError({ what: 'list of addresses' })
  const network = addressNetwork(chain)
  const found: { address: string; publicKey: Uint8Array; ordinal: boolean }[] = []
  for (const entry of answer as unknown[]) {
    const { address, publicKey, intention } = (entry ?? {}) as Record<string, unknown>
    if (typeof address !== 'string' || !isBitcoinAddress(address, chain)) continue
    if (typeof publicKey !== 'string' || !/^([0-9a-f]{2}){32,33}$/i.test(publicKey)) continue
    const key = hex.decode(publicKey.toLowerCase())
    const ordinal = address !== account && intention === 'ordinal' && isTaproot(address, chain)
    if (address !== account && !ordinal) continue
    let made: string | undefined
    try {
      made = isTaproot(address, chain)
        ? p2tr(key.length === 33 ? key.subarray(1) : key, undefined, network).address
        : p2wpkh(key, network).address
    } catch {
      made = undefined
    }
    if (made !== address) throw new InvalidWalletResponseError({ what: 'public key' })
    if (!found.some((f) => f.address === address)) found.push({ address, publicKey: key, ordinal })
  }
  const payment = found.find((f) => f.address === account)
  if (!payment) throw new InvalidWalletResponseError({ what: 'list of addresses' })
  return [payment, ...found.filter((f) => f.ordinal)].map(({ address, publicKey }) => ({
    address,
    publicKey,
  }))
}

/** The txid of a finalized transaction. */
export function txidOf(tx: Transaction): string {
  return tx.id
}

/**
 * Whether the network's API knows `txid` as a transaction paying `amount` satoshis to `to`; the
 * API is asked a few times while the transaction travels from the wallet's node to it.
 */
export async function paysTo(
  api: string,
  txid: string,
  {
    to,
    amount,
    chain,
    attempts = 20,
    delayMs = 500,
  }: { to: string; amount: bigint; chain: BitcoinChainName; attempts?: number; delayMs?: number },
): Promise<boolean> {
  const script = scriptOf(to, chain)
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    const response = await fetch(`${api}/tx/${txid}/hex`).catch(() => undefined)
    if (!response?.ok) continue
    try {
      const tx = Transaction.fromRaw(hex.decode((await response.text()).trim()), {
        allowUnknownOutputs: true,
      })
      if (tx.id !== txid) return false
      for (let o = 0; o < tx.outputsLength; o++) {
        const output = tx.getOutput(o)
        if (output.script && hex.encode(output.script) === script && output.amount === amount) return true
      }
      return false
    } catch {
      return false
    }
  }
  return false
}

/**
 * Whether `key` (33-byte compressed, or a 32-byte x-only taproot key) makes `address` on one of
 * `chains`: its P2WPKH, P2SH-P2WPKH (Xverse's default payment address) or P2PKH address, or the
 * key-path P2TR address of its x-only form.
 */
export function keyMakesAddress(
  address: string,
  key: Uint8Array,
  chains: readonly BitcoinChainName[],
): boolean {
  return chains.some((chain) => {
    if (!isBitcoinAddress(address, chain)) return false
    const network = addressNetwork(chain)
    try {
      if (isTaproot(address, chain))
        return p2tr(key.length === 33 ? key.subarray(1) : key, undefined, network).address === address
      return [p2wpkh(key, network), p2sh(p2wpkh(key, network), network), p2pkh(key, network)].some(
        (payment) => payment.address === address,
      )
    } catch {
      return false
    }
  })
}
