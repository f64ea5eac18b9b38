// The wallet peer's Bitcoin side: the bip122 namespace it approves and the answers to
// WalletConnect's published Bitcoin JSON-RPC methods (getAccountAddresses, signMessage, signPsbt,
// sendTransfer), signed with the Dev Wallet's regtest keys by the same code as its injected side.
// PSBTs travel in base64, signatures and public keys in hex; sends go to an Esplora-shaped API.
import { base64, hex } from '@scure/base'
import { selectUTXO, Transaction } from '@scure/btc-signer'
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import {
  BITCOIN_REGTEST_CAIP_ID,
  type BitcoinTestKey,
  bitcoinTestKeys,
  REGTEST_NETWORK,
} from '../bitcoin/keys.js'
import { accountScript, signBip322, signInput, signLegacy } from '../bitcoin/signing.js'
import type { WalletRequestOutcome } from './wallet-requests.js'

/** Methods the peer answers in the bip122 namespace. */
export const WALLET_PEER_BITCOIN_METHODS = [
  'getAccountAddresses',
  'signMessage',
  'signPsbt',
  'sendTransfer',
] as const

/** The peer's Bitcoin side: an account of the test mnemonic and the chains it has (regtest). */
export type WalletPeerBitcoin = {
  /** Which account of the test mnemonic (its BIP-84 payment and BIP-86 ordinals keys); default 0. */
  accountIndex?: number
  /** CAIP-2 ids (regtest's) and the Esplora-shaped API each broadcasts to. */
  chains: readonly { id: string; apiUrl?: string }[]
}

export type BitcoinPeerKeys = { payment: BitcoinTestKey; ordinals: BitcoinTestKey }

export function bitcoinPeerKeys(bitcoin: WalletPeerBitcoin): BitcoinPeerKeys {
  for (const chain of bitcoin.chains)
    if (chain.id !== BITCOIN_REGTEST_CAIP_ID)
      throw new Error(`The wallet peer's Bitcoin keys are regtest's, not ${chain.id}.`)
  const [payment, ordinals] = bitcoinTestKeys(bitcoin.accountIndex ?? 0)
  return { payment, ordinals }
}

/**
 * The bip122 namespace to approve for a proposal: the requested bip122 chains the wallet has,
 * its payment address on each (the account's first external address). Undefined when the
 * proposal asks for none of them.
 */
export function bitcoinNamespaceFor(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  keys: BitcoinPeerKeys,
  bitcoin: WalletPeerBitcoin,
): SessionTypes.Namespace | undefined {
  const requested = new Set<string>()
  for (const group of [proposal.requiredNamespaces ?? {}, proposal.optionalNamespaces ?? {}])
    for (const [name, namespace] of Object.entries(group)) {
      if (!name.startsWith('bip122')) continue
      for (const chain of namespace.chains ?? (name.includes(':') ? [name] : [])) requested.add(chain)
    }
  const chains = bitcoin.chains.map((c) => c.id).filter((id) => requested.has(id))
  if (chains.length === 0) return undefined
  return {
    chains,
    accounts: chains.map((id) => `${id}:${keys.payment.address}`),
    methods: [...WALLET_PEER_BITCOIN_METHODS],
    events: [],
  }
}

const invalidParams = (message: string): WalletRequestOutcome => ({ error: { code: -32602, message } })
const unauthorized = (message: string): WalletRequestOutcome => ({ error: { code: 4100, message } })
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

async function broadcast(
  apiUrl: string | undefined,
  tx: Transaction,
): Promise<WalletRequestOutcome | string> {
  if (!apiUrl) return { error: { code: 5100, message: 'The wallet has no API for this chain' } }
  const response = await fetch(`${apiUrl}/tx`, { method: 'POST', body: tx.hex })
  const text = (await response.text()).trim()
  if (!response.ok || !/^[0-9a-f]{64}$/.test(text))
    return { error: { code: -32603, message: `The broadcast failed: ${text.slice(0, 200)}` } }
  return text
}

/** Answers one Bitcoin request the way a wallet app would after the user said yes. */
export async function answerBitcoinRequest(
  context: { keys: BitcoinPeerKeys; apiUrl: string | undefined },
  method: string,
  params: unknown,
): Promise<WalletRequestOutcome> {
  const { payment, ordinals } = context.keys
  const input = record(params)
  const keyOf = (address: unknown) => [payment, ordinals].find((k) => k.address === address)
  if (input?.account !== undefined && input.account !== payment.address)
    return unauthorized('The requested account is not authorized')
  switch (method) {
    case 'getAccountAddresses': {
      const intentions = Array.isArray(input?.intentions) ? input.intentions : ['payment', 'ordinal']
      return {
        result: [
          { key: payment, intention: 'payment' },
          { key: ordinals, intention: 'ordinal' },
        ]
          .filter(({ intention }) => intentions.includes(intention))
          .map(({ key, intention }) => ({
            address: key.address,
            publicKey: hex.encode(key.publicKey),
            path: key.path,
            intention,
          })),
      }
    }
    case 'signMessage': {
      if (typeof input?.message !== 'string') return invalidParams('Expected { account, message }')
      const key = keyOf(input.address ?? payment.address)
      if (!key) return unauthorized('The address is not this account’s')
      const message = new TextEncoder().encode(input.message)
      const protocol = input.protocol ?? 'ecdsa'
      if (protocol !== 'ecdsa' && protocol !== 'bip322')
        return invalidParams('protocol must be ecdsa or bip322')
      if (protocol === 'ecdsa' && key.purpose !== 'payment')
        return invalidParams('An ecdsa signed message needs the payment address')
      const signature =
        protocol === 'bip322' ? signBip322(key, message, accountScript(key)) : signLegacy(key, message)
      return { result: { address: key.address, signature: hex.encode(signature) } }
    }
    case 'signPsbt': {
      if (typeof input?.psbt !== 'string' || !Array.isArray(input.signInputs))
        return invalidParams('Expected { account, psbt, signInputs }')
      let tx: Transaction
      try {
        tx = Transaction.fromPSBT(base64.decode(input.psbt), { allowUnknownOutputs: true })
      } catch {
        return invalidParams('The PSBT could not be decoded')
      }
      for (const entry of input.signInputs) {
        const { address, index, sighashTypes } = record(entry) ?? {}
        const key = keyOf(address)
        if (!key) return unauthorized(`${String(address)} is not this account’s address`)
        if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= tx.inputsLength)
          return invalidParams(`Input ${String(index)} is not in the PSBT`)
        const allowed =
          Array.isArray(sighashTypes) && sighashTypes.every((t) => Number.isInteger(t))
            ? (sighashTypes as number[])
            : undefined
        let signed = false
        try {
          signed = signInput(tx, key, index, allowed)
        } catch {}
        if (!signed) return invalidParams(`Input ${index} is not this account’s`)
      }
      if (input.broadcast !== true) return { result: { psbt: base64.encode(tx.toPSBT()) } }
      tx.finalize()
      const txid = await broadcast(context.apiUrl, tx)
      if (typeof txid !== 'string') return txid
      return { result: { psbt: base64.encode(tx.toPSBT()), txid } }
    }
    case 'sendTransfer': {
      const { recipientAddress, amount } = input ?? {}
      if (
        typeof recipientAddress !== 'string' ||
        typeof amount !== 'string' ||
        !/^[1-9][0-9]{0,15}$/.test(amount)
      )
        return invalidParams(
          'Expected { account, recipientAddress, amount } (amount in satoshis, a decimal string)',
        )
      if (!context.apiUrl) return { error: { code: 5100, message: 'The wallet has no API for this chain' } }
      const utxos = (await (await fetch(`${context.apiUrl}/address/${payment.address}/utxo`)).json()) as {
        txid: string
        vout: number
        value: number
      }[]
      const script = accountScript(payment)
      let selected: ReturnType<typeof selectUTXO>
      try {
        selected = selectUTXO(
          utxos.map((u) => ({
            txid: u.txid,
            index: u.vout,
            witnessUtxo: { script, amount: BigInt(u.value) },
          })),
          [{ address: recipientAddress, amount: BigInt(amount) }],
          'default',
          {
            changeAddress: payment.address,
            feePerByte: 2n,
            bip69: true,
            createTx: true,
            network: REGTEST_NETWORK,
          },
        )
      } catch {
        return invalidParams('recipientAddress is not a regtest address')
      }
      if (!selected?.tx) return { error: { code: -32603, message: 'Insufficient funds' } }
      const tx = selected.tx
      for (let i = 0; i < tx.inputsLength; i++) signInput(tx, payment, i)
      tx.finalize()
      const txid = await broadcast(context.apiUrl, tx)
      if (typeof txid !== 'string') return txid
      return { result: { txid } }
    }
    default:
      return { error: { code: 4200, message: `Method not supported: ${method}` } }
  }
}
