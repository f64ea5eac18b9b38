// The Dev Wallet's Bitcoin side as a page provider with a sats-connect `request(method, params)`
// API, speaking Leather's dialect so a dapp's normalising is exercised: addresses typed `p2wpkh`
// / `p2tr` (no purpose), PSBTs in hex (`hex` in and out, inputs as `signAtIndex`), every answer in
// a JSON-RPC `{ jsonrpc, id, result }` envelope and every failure a rejection with `{ error }`.
// Real regtest keys of the test mnemonic, signing with the same code as its other Bitcoin sides.
// Browser-safe.
import { base64, hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { bitcoinTestKeys } from '../bitcoin/keys.js'
import { accountScript, signBip322, signInput } from '../bitcoin/signing.js'
import { ProviderErrorCode } from './errors.js'

/** The window property the Dev Wallet's request-API Bitcoin side is put at. */
export const BITCOIN_REQUEST_TEST_WALLET_GLOBAL = 'latchDevWalletBitcoin'
/** The name a dapp lists it under (its own row beside the Wallet Standard side). */
export const BITCOIN_REQUEST_TEST_WALLET_NAME = 'Latch Dev Wallet (request API)'

export interface BitcoinRequestTestWalletControls {
  /** The next `n` requests are rejected by the user (code 4001). */
  rejectNext(n?: number): void
  /** Methods the dapp called, oldest first. */
  requests(): string[]
  /** The payment (P2WPKH) and ordinals (P2TR) addresses. */
  addresses(): { payment: string; ordinals: string }
}

export interface BitcoinRequestTestWallet {
  provider: { request(method: string, params?: unknown): Promise<unknown> }
  controls: BitcoinRequestTestWalletControls
}

/** Creates the wallet: account `accountIndex` of the test mnemonic (default 0) on regtest. */
export function createBitcoinRequestTestWallet(
  options: { accountIndex?: number | undefined; mnemonic?: string | undefined } = {},
): BitcoinRequestTestWallet {
  const keys = bitcoinTestKeys(options.accountIndex ?? 0, options.mnemonic)
  const [payment, ordinals] = keys
  const calls: string[] = []
  let rejections = 0
  let authorized = false
  let id = 0

  const fail = (code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } })

  function answer(method: string, params: Record<string, unknown>): unknown {
    if (method === 'getAddresses') {
      authorized = true
      return {
        addresses: keys.map((key) => ({
          symbol: 'BTC',
          type: key.purpose === 'payment' ? 'p2wpkh' : 'p2tr',
          address: key.address,
          publicKey: hex.encode(key.publicKey),
          derivationPath: key.path,
        })),
      }
    }
    if (!authorized) throw fail(ProviderErrorCode.unauthorized, 'The site is not connected.')
    if (method === 'signMessage') {
      const key = params.paymentType === 'p2tr' ? ordinals : payment
      if (typeof params.message !== 'string')
        throw fail(ProviderErrorCode.invalidParams, 'message must be a string.')
      const signature = signBip322(key, new TextEncoder().encode(params.message), accountScript(key))
      return { signature: base64.encode(signature), address: key.address, message: params.message }
    }
    if (method === 'signPsbt') {
      let tx: Transaction
      try {
        tx = Transaction.fromPSBT(hex.decode(String(params.hex).toLowerCase()), { allowUnknownOutputs: true })
      } catch {
        throw fail(ProviderErrorCode.invalidParams, 'hex must be a PSBT in hex.')
      }
      const indexes = Array.isArray(params.signAtIndex) ? params.signAtIndex : []
      for (const index of indexes) {
        // Each asked input is signed by the account's key whose script it spends.
        const script =
          typeof index === 'number' && index < tx.inputsLength
            ? tx.getInput(index).witnessUtxo?.script
            : undefined
        const key = script && keys.find((k) => hex.encode(accountScript(k)) === hex.encode(script))
        if (!key || !signInput(tx, key, index as number))
          throw fail(ProviderErrorCode.invalidParams, `Input ${String(index)} is not this account's.`)
      }
      return { hex: hex.encode(tx.toPSBT()) }
    }
    throw fail(ProviderErrorCode.unsupportedMethod, `The wallet does not support ${method}.`)
  }

  const provider = {
    async request(method: string, params?: unknown): Promise<unknown> {
      id += 1
      calls.push(method)
      if (rejections > 0) {
        rejections -= 1
        throw fail(ProviderErrorCode.userRejected, 'User rejected the request.')
      }
      const given = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}
      return { jsonrpc: '2.0', id, result: answer(method, given) }
    },
  }
  const controls: BitcoinRequestTestWalletControls = {
    rejectNext(n = 1) {
      rejections += n
    },
    requests: () => [...calls],
    addresses: () => ({ payment: payment.address, ordinals: ordinals.address }),
  }
  return { provider, controls }
}

/** Puts the wallet's provider on the page as `window[global]`, the way an extension does. */
export function installBitcoinRequestTestWallet(
  wallet: BitcoinRequestTestWallet,
  global: string = BITCOIN_REQUEST_TEST_WALLET_GLOBAL,
): void {
  Object.defineProperty(window, global, { value: wallet.provider, configurable: true, writable: true })
}
