// A wallet with a sats-connect `request(method, params)` provider on the page (Xverse's
// `XverseProviders.BitcoinProvider`, Leather's `LeatherProvider`, …) seen as a Bitcoin Wallet
// Standard wallet (loaded with import() when one is connected) so the adapter signs through them
// exactly as through any other and checks every answer the same way.
//
// Wire shapes, from the wallets' public docs:
// - https://docs.xverse.app/sats-connect/bitcoin-methods/getaddresses, …/signmessage,
//   …/signpsbt: `getAddresses({ purposes })` → `{ addresses: [{ address, publicKey, purpose }] }`,
//   `signMessage({ address, message, protocol: 'BIP322' })` → `{ signature }` (base64),
//   `signPsbt({ psbt (base64), signInputs: { [address]: number[] }, broadcast })` → `{ psbt, txid? }`,
//   answers in a JSON-RPC `{ result }` / `{ error }` envelope (sats-connect: `{ status, result }`).
// - https://docs.stacks.co/reference/stacks.js/stacks-connect/methods/signpsbt (Leather): the PSBT
//   in hex (`hex` in, `hex` out, inputs as `signAtIndex`), addresses typed `p2wpkh` / `p2tr`
//   rather than by purpose, a rejected request rejects with the `{ error }` envelope.
import { InvalidWalletResponseError } from '@latch/core'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type { BitcoinSignTransactionInput } from './features.js'
import type { BitcoinRequestProvider, BitcoinRequestWallet } from './requestWallet.js'

/** User rejections of sats-connect (-32000) and Leather (4001) become EIP-1193's 4001. */
const REJECTED = new Set([-32000, 4001])

function toError(raw: unknown): Error {
  const inner = field(raw, 'error') ?? raw
  if (inner instanceof Error && !REJECTED.has((inner as { code?: unknown }).code as number)) return inner
  const code = field(inner, 'code')
  const message = field(inner, 'message')
  const error = new Error(
    typeof message === 'string' && message ? message.slice(0, 300) : 'The wallet failed.',
  )
  if (typeof code === 'number') Object.assign(error, { code: REJECTED.has(code) ? 4001 : code })
  return error
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined
}

/** The result of an answer in any of the envelopes: `{ result }`, `{ status, result }` or bare. */
function unwrap(answer: unknown): unknown {
  if (field(answer, 'error') || field(answer, 'status') === 'error') throw toError(answer)
  if (typeof answer === 'object' && answer !== null && 'result' in answer) return field(answer, 'result')
  return answer
}

const HEX = /^([0-9a-fA-F]{2})+$/
const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const fromHex = (text: string): Uint8Array =>
  Uint8Array.from(text.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
const toBase64 = (bytes: Uint8Array): string =>
  btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))

/** An address the wallet gave, its purpose read from `purpose` (sats-connect) or `type` (Leather). */
interface GivenAddress {
  address: string
  publicKey: Uint8Array
  purpose: 'payment' | 'ordinals'
}

function readAddresses(
  result: unknown,
  keyMakesAddress: (address: string, publicKey: Uint8Array) => boolean,
): GivenAddress[] {
  const list = field(result, 'addresses') ?? result
  if (!Array.isArray(list)) throw new InvalidWalletResponseError({ what: 'list of addresses' })
  const found: GivenAddress[] = []
  for (const entry of list as unknown[]) {
    const { address, publicKey, purpose, type, symbol } = (entry ?? {}) as Record<string, unknown>
    if (symbol !== undefined && symbol !== 'BTC') continue
    const kind =
      purpose === 'payment' || purpose === 'ordinals'
        ? purpose
        : type === 'p2wpkh' || type === 'p2sh' || type === 'p2pkh'
          ? 'payment'
          : type === 'p2tr'
            ? 'ordinals'
            : undefined
    // Stacks and other purposes are not Bitcoin addresses of this kit.
    if (!kind) continue
    if (typeof address !== 'string' || typeof publicKey !== 'string' || !HEX.test(publicKey))
      throw new InvalidWalletResponseError({ what: 'account' })
    const key = fromHex(publicKey)
    // Every key must be the one its address is made of (the adapter's checks rely on it).
    if (!keyMakesAddress(address, key)) throw new InvalidWalletResponseError({ what: 'public key' })
    if (!found.some((f) => f.purpose === kind)) found.push({ address, publicKey: key, purpose: kind })
  }
  // Payment first, as the adapter orders accounts.
  return [...found.filter((f) => f.purpose === 'payment'), ...found.filter((f) => f.purpose === 'ordinals')]
}

/**
 * A Bitcoin Wallet Standard view of a request-API provider. `chains` are the app's Bitcoin chains
 * (the wallet does not say which it is on: the adapter checks its addresses are the network's);
 * `keyMakesAddress` checks a public key against its address (the adapter's runtime).
 */
export function createRequestWallet(parameters: {
  wallet: BitcoinRequestWallet
  provider: BitcoinRequestProvider
  chains: readonly IdentifierString[]
  keyMakesAddress(address: string, publicKey: Uint8Array): boolean
}): Wallet {
  const { provider, chains } = parameters
  const hexPsbts = parameters.wallet.psbt === 'hex'
  const features = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const
  let accountObjects: WalletAccount[] = []
  let purposes = new Map<string, 'payment' | 'ordinals'>()
  const request = async (method: string, params: unknown): Promise<unknown> => {
    let answer: unknown
    try {
      answer = await provider.request(method, params)
    } catch (error) {
      throw toError(error)
    }
    return unwrap(answer)
  }

  const ask = async () => {
    const given = readAddresses(
      await request('getAddresses', { purposes: ['payment', 'ordinals'] }),
      parameters.keyMakesAddress,
    )
    purposes = new Map(given.map((g) => [g.address, g.purpose]))
    accountObjects = given.map(({ address, publicKey }) =>
      Object.freeze({ address, publicKey: publicKey.slice(), chains: [...chains], features }),
    )
    return { accounts: accountObjects }
  }
  const bitcoinConnect = { version: '1.0.0', connect: ask }
  // No silent read in the API: a restore gets the accounts this page already has.
  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect(input) {
      return input?.silent ? { accounts: accountObjects } : ask()
    },
  }
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {
      accountObjects = []
    },
  }
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on: () => () => {},
  }
  const signMessage = {
    version: '1.0.0',
    async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
      const outputs = []
      for (const { account, message } of inputs) {
        const text = new TextDecoder().decode(message)
        const result = await request(
          'signMessage',
          hexPsbts
            ? {
                message: text,
                paymentType: purposes.get(account.address) === 'ordinals' ? 'p2tr' : 'p2wpkh',
              }
            : { address: account.address, message: text, protocol: 'BIP322' },
        )
        const signature = field(result, 'signature')
        const address = field(result, 'address')
        if (typeof signature !== 'string' || (address !== undefined && address !== account.address))
          throw new InvalidWalletResponseError({ what: 'signature' })
        // Base64 or hex: the adapter decodes either and verifies it for the address.
        outputs.push({
          signedMessage: new Uint8Array(message),
          signature: signature as unknown as Uint8Array,
        })
      }
      return outputs
    },
  }
  const signTransaction = {
    version: '1.0.0',
    async signTransaction(...inputs: BitcoinSignTransactionInput[]) {
      const outputs: { signedPsbt: Uint8Array }[] = []
      for (const { psbt, inputsToSign } of inputs) {
        const byAddress: Record<string, number[]> = {}
        for (const { account, signingIndexes } of inputsToSign)
          byAddress[account.address] = [...(byAddress[account.address] ?? []), ...signingIndexes]
        // The adapter finalizes and broadcasts itself: the wallet only signs.
        const result = await request(
          'signPsbt',
          hexPsbts
            ? { hex: toHex(psbt), signAtIndex: Object.values(byAddress).flat(), broadcast: false }
            : { psbt: toBase64(psbt), signInputs: byAddress, broadcast: false },
        )
        const signed = field(result, 'psbt') ?? field(result, 'hex')
        if (typeof signed !== 'string') throw new InvalidWalletResponseError({ what: 'signed PSBT' })
        outputs.push({ signedPsbt: signed as unknown as Uint8Array })
      }
      return outputs
    },
  }

  const icon = parameters.wallet.icon
  return {
    version: '1.0.0',
    name: parameters.wallet.name,
    icon: (typeof icon === 'string' && /^(data:image\/|https:\/\/)/.test(icon)
      ? icon
      : 'data:image/svg+xml;base64,') as WalletIcon,
    chains: [...chains],
    get accounts() {
      return accountObjects
    },
    features: {
      'standard:connect': connect,
      'standard:disconnect': disconnect,
      'standard:events': events,
      'bitcoin:connect': bitcoinConnect,
      'bitcoin:signMessage': signMessage,
      'bitcoin:signTransaction': signTransaction,
    },
  }
}
