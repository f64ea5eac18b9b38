// The bip122 namespace of a session connector (WalletConnect) seen as a Bitcoin Wallet Standard
// wallet (loaded with import() when a session is attached), so the adapter signs through it exactly
// as through an extension and checks every answer the same way. The wire format is WalletConnect's
// published Bitcoin JSON-RPC: `getAccountAddresses`, `signMessage` (BIP-322 asked, the signature in
// hex), `signPsbt` (base64, `signInputs` of address, index and sighash types) and `sendTransfer`.
import { type CaipNetwork, InvalidWalletResponseError } from '@latch/core'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type { BitcoinSigHash, BitcoinSignTransactionInput } from './features.js'
import type { BitcoinChainName } from './network.js'
import { fromBase64, isBitcoinAddress, paysTo, sessionAddresses, toBase64 } from './runtime.js'

/**
 * The bip122 namespace of a live session (what a session connector's `getProvider('bip122')`
 * returns): the approved accounts and a request function for WalletConnect's Bitcoin methods.
 */
export interface BitcoinSessionProvider {
  /** The session's bip122 accounts, CAIP-10 (`bip122:<genesis hash prefix>:<address>`). */
  accounts(): readonly string[]
  /** Sends one method to the wallet for the chain `chainId` (CAIP-2); resolves with its result. */
  request(args: { method: string; params: unknown }, chainId: string): Promise<unknown>
  /** The methods the wallet approved in the session, when known. */
  methods?(): readonly string[]
  /** Follows the wallet's account changes (CAIP-10 accounts); returns the unsubscribe function. */
  onAccountsChanged?(listener: (accounts: readonly string[]) => void): () => void
}

/** An address of the session with its public key, as `getAccountAddresses` gave it. */
export interface SessionAddress {
  address: string
  publicKey: Uint8Array
}

/**
 * The session wallet's transfer: WalletConnect's `sendTransfer`, the wallet picking the coins.
 * Resolves with the txid once the network's API (`api`) shows that transaction paying `amount`
 * satoshis to `to`; anything else is `InvalidWalletResponseError`.
 */
export interface SessionSendTransferFeature {
  'bip122:sendTransfer': {
    version: string
    sendTransfer(input: { to: string; amount: bigint; api: string }): Promise<string>
  }
}

/** A signed PSBT from the session wallet, and the txid when it was asked to broadcast it. */
export interface SessionSignedPsbt {
  signedPsbt: Uint8Array
  txid?: string | undefined
}

const SIGHASH_TYPES: Record<BitcoinSigHash, number> = {
  ALL: 0x01,
  NONE: 0x02,
  SINGLE: 0x03,
  'ALL|ANYONECANPAY': 0x81,
  'NONE|ANYONECANPAY': 0x82,
  'SINGLE|ANYONECANPAY': 0x83,
}

/** A WalletConnect error is a plain `{ code, message }`: keep both on an Error the core maps. */
function toError(raw: unknown): Error {
  if (raw instanceof Error) return raw
  const { code, message } = (raw ?? {}) as { code?: unknown; message?: unknown }
  const error = new Error(
    typeof message === 'string' && message ? message.slice(0, 300) : 'The wallet failed.',
  )
  if (typeof code === 'number') Object.assign(error, { code })
  return error
}

function field(result: unknown, name: string): unknown {
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>)[name] : undefined
}

const fromHex = (text: string): Uint8Array =>
  Uint8Array.from(text.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))

/**
 * A Bitcoin Wallet Standard view of a session's bip122 namespace on one chain. `addresses` are the
 * session's addresses there with their public keys (the payment address first: the account's
 * first external address, which every request names), `caip2` the chain's CAIP-2 id, `base64`
 * the runtime's codec, and `readAddresses` reads the addresses again after an account change.
 */
function createSessionWallet(parameters: {
  provider: BitcoinSessionProvider
  name: string
  icon?: string | undefined
  chain: IdentifierString
  chainName: BitcoinChainName
  caip2: string
  addresses: readonly SessionAddress[]
  readAddresses(account: string): Promise<readonly SessionAddress[]>
  base64: { encode(bytes: Uint8Array): string; decode(text: string): Uint8Array }
}): Wallet {
  const { provider, chain, caip2 } = parameters
  const features = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const
  const toAccount = ({ address, publicKey }: SessionAddress): WalletAccount =>
    Object.freeze({ address, publicKey: publicKey.slice(), chains: [chain], features })
  let accountObjects: WalletAccount[] = parameters.addresses.map(toAccount)
  const connected = () => accountObjects[0]?.address ?? ''
  const request = async (method: string, params: unknown) => {
    try {
      return await provider.request({ method, params }, caip2)
    } catch (error) {
      throw toError(error)
    }
  }
  const approved = (method: string) => provider.methods?.().includes(method) ?? true

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect() {
      return { accounts: accountObjects }
    },
  }
  // The session connector ends the session; the namespace's side has nothing of its own to end.
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {},
  }
  // The wallet's account changes as Wallet Standard `change` events: the session's payment address
  // on this chain, its addresses and keys read again from the wallet.
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on(event, listener) {
      if (event !== 'change' || !provider.onAccountsChanged) return () => {}
      let latest = 0
      return provider.onAccountsChanged((accounts) => {
        const next = accounts
          .filter((a): a is string => typeof a === 'string' && a.startsWith(`${caip2}:`))
          .map((a) => a.slice(caip2.length + 1))[0]
        if (next === connected()) return
        const mine = ++latest
        const read = next ? parameters.readAddresses(next) : Promise.resolve([])
        void read.then(
          (addresses) => {
            if (mine !== latest) return
            accountObjects = addresses.map(toAccount)
            listener({ accounts: accountObjects })
          },
          () => {},
        )
      })
    },
  }
  const signMessage = {
    version: '1.0.0',
    async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
      const outputs = []
      for (const { account, message } of inputs) {
        const result = await request('signMessage', {
          account: connected(),
          address: account.address,
          message: new TextDecoder().decode(message),
          protocol: 'bip322',
        })
        const signature = field(result, 'signature')
        const address = field(result, 'address')
        if (typeof signature !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(signature))
          throw new InvalidWalletResponseError({ what: 'signature' })
        if (address !== undefined && address !== account.address)
          throw new InvalidWalletResponseError({ what: 'signature' })
        outputs.push({ signedMessage: new Uint8Array(message), signature: fromHex(signature) })
      }
      return outputs
    },
  }
  const signTransaction = {
    version: '1.0.0',
    async signTransaction(
      ...inputs: (BitcoinSignTransactionInput & { broadcast?: boolean })[]
    ): Promise<SessionSignedPsbt[]> {
      const outputs: SessionSignedPsbt[] = []
      for (const { psbt, inputsToSign, broadcast } of inputs) {
        const signInputs = inputsToSign.flatMap(({ account, signingIndexes, sigHash }) =>
          signingIndexes.map((index) => ({
            address: account.address,
            index,
            ...(sigHash ? { sighashTypes: [SIGHASH_TYPES[sigHash]] } : {}),
          })),
        )
        const result = await request('signPsbt', {
          account: connected(),
          psbt: parameters.base64.encode(psbt),
          signInputs,
          ...(broadcast ? { broadcast: true } : {}),
        })
        const signed = field(result, 'psbt')
        const txid = field(result, 'txid')
        let bytes: Uint8Array
        try {
          bytes = typeof signed === 'string' ? parameters.base64.decode(signed) : new Uint8Array()
        } catch {
          throw new InvalidWalletResponseError({ what: 'signed PSBT' })
        }
        if (broadcast && (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)))
          throw new InvalidWalletResponseError({ what: 'transaction id' })
        outputs.push({ signedPsbt: bytes, ...(broadcast ? { txid: txid as string } : {}) })
      }
      return outputs
    },
  }
  const sendTransfer: SessionSendTransferFeature['bip122:sendTransfer'] = {
    version: '1.0.0',
    async sendTransfer({ to, amount, api }) {
      const result = await request('sendTransfer', {
        account: connected(),
        recipientAddress: to,
        amount: String(amount),
      })
      const txid = field(result, 'txid')
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid))
        throw new InvalidWalletResponseError({ what: 'transaction id' })
      if (!(await paysTo(api, txid, { to, amount, chain: parameters.chainName })))
        throw new InvalidWalletResponseError({ what: 'transaction' })
      return txid
    },
  }

  return {
    version: '1.0.0',
    name: parameters.name,
    icon: (parameters.icon ?? 'data:image/svg+xml;base64,') as WalletIcon,
    chains: [chain],
    get accounts() {
      return accountObjects
    },
    features: {
      'standard:connect': connect,
      'standard:disconnect': disconnect,
      'standard:events': events,
      ...(approved('signMessage') ? { 'bitcoin:signMessage': signMessage } : {}),
      ...(approved('signPsbt') ? { 'bitcoin:signTransaction': signTransaction } : {}),
      ...(approved('sendTransfer') ? { 'bip122:sendTransfer': sendTransfer } : {}),
    },
  }
}

/**
 * A session's bip122 side for the adapter: `approved` maps each of the app's networks the session
 * has (CAIP-2) to its payment address, and `walletOn` builds the session wallet on one of them, its
 * addresses and their keys read with `getAccountAddresses`. Garbage accounts are an invalid response.
 */
export function sessionSide(parameters: {
  provider: unknown
  networks: readonly CaipNetwork[]
  name: string
  icon?: string | undefined
  /** The network's chain name and its Wallet Standard chain (the adapter's own helpers). */
  chainOf(network: CaipNetwork): { name: BitcoinChainName; chain: IdentifierString }
  /** The wallet's answer, or a timeout error (the adapter's own). */
  timeout<T>(promise: Promise<T>, method: string): Promise<T>
}): { approved: Map<string, string>; walletOn(network: CaipNetwork): Promise<Wallet> } {
  const given = parameters.provider as Partial<BitcoinSessionProvider> | undefined
  if (typeof given?.accounts !== 'function' || typeof given.request !== 'function')
    throw new InvalidWalletResponseError({ what: 'bitcoin provider' })
  const provider = given as BitcoinSessionProvider
  // Reached only through import(): what the adapter's first load has comes in as parameters.
  const approved = new Map<string, string>()
  for (const raw of provider.accounts()) {
    const at = typeof raw === 'string' ? raw.lastIndexOf(':') : -1
    const network = at > 0 ? parameters.networks.find((n) => n.caipNetworkId === raw.slice(0, at)) : undefined
    if (!network) continue
    const address = raw.slice(at + 1)
    if (!isBitcoinAddress(address, parameters.chainOf(network).name))
      throw new InvalidWalletResponseError({ what: 'account' })
    if (!approved.has(network.caipNetworkId)) approved.set(network.caipNetworkId, address)
  }
  const walletOn = async (network: CaipNetwork): Promise<Wallet> => {
    const account = approved.get(network.caipNetworkId) as string
    const { name, chain } = parameters.chainOf(network)
    const readAddresses = async (address: string) =>
      sessionAddresses(
        await parameters.timeout(
          provider.request(
            { method: 'getAccountAddresses', params: { account: address } },
            network.caipNetworkId,
          ),
          'getAccountAddresses',
        ),
        address,
        name,
      )
    return createSessionWallet({
      provider,
      name: parameters.name,
      icon: parameters.icon,
      chain,
      chainName: name,
      caip2: network.caipNetworkId,
      addresses: await readAddresses(account),
      readAddresses,
      base64: { encode: toBase64, decode: fromBase64 },
    })
  }
  return { approved, walletOn }
}
