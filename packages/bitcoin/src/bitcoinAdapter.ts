import {
  type AdapterContext,
  AdapterOrConnectorNotFoundError,
  type CaipNetwork,
  type ChainAdapter,
  ChainNotSupportedError,
  type ConnectedAccount,
  type Connector,
  type ConnectorType,
  type ConnectResult,
  InvalidParamsRpcError,
  InvalidWalletResponseError,
  NoRpcUrlError,
  NotConnectedError,
  UnsupportedProviderMethodError,
} from '@latch/core'
import { withTimeout } from '@latch/core/internal'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type {
  BitcoinConnectFeature,
  BitcoinSigHash,
  BitcoinSignMessageFeature,
  BitcoinSignTransactionFeature,
} from './features.js'
import { formatSats } from './format.js'
import { type BitcoinChainName, bitcoinChainOf, toWalletStandardChain } from './network.js'
import {
  BITCOIN_REQUEST_WALLETS,
  type BitcoinRequestProvider,
  type BitcoinRequestWallet,
  checkRequestWallet,
  requestProviderAt,
} from './requestWallet.js'
import type { SessionSendTransferFeature, SessionSignedPsbt } from './sessionWallet.js'

/** A transfer of bitcoin (spec §6 `sendTransfer`): satoshis to one address. */
export interface BitcoinTransaction {
  /** Recipient address on the network. */
  to: string
  /** Satoshis to send. */
  value: bigint
  /** Fee rate in sat/vB; the API's estimate for the next blocks when not given. */
  feeRate?: bigint | undefined
}

/** Inputs of a PSBT the wallet signs for one of its addresses. */
export interface BitcoinInputsToSign {
  address: string
  signingIndexes: readonly number[]
  sigHash?: BitcoinSigHash | undefined
}

export interface SignPsbtParameters {
  /** The PSBT: bytes, or its base64 or hex text. */
  psbt: Uint8Array | string
  /** Which inputs the wallet signs; every input paying to a connected address when not given. */
  inputsToSign?: readonly BitcoinInputsToSign[] | undefined
  /** Finalize the inputs after signing (default false). */
  finalize?: boolean | undefined
  /** Finalize and broadcast through the network's API; the result then has `txid`. */
  broadcast?: boolean | undefined
}

export interface SignPsbtReturnType {
  /** The signed PSBT, base64. */
  psbt: string
  txid?: string | undefined
}

/** Options of {@link bitcoinAdapter}. */
export interface BitcoinAdapterOptions {
  /** The app's Bitcoin networks (`bitcoinNetwork`), each with its API URL for balances and sends. */
  networks: readonly CaipNetwork[]
  /**
   * More wallets with a sats-connect `request` API on the page to look for, beside Xverse and
   * Leather (`{ global: 'MyWallet.bitcoin', name: 'My Wallet' }`; `psbt: 'hex'` for hex PSBTs).
   */
  requestWallets?: readonly BitcoinRequestWallet[] | undefined
  /** How long a wallet prompt (connect, sign) may stay unanswered; 120 s by default. */
  timeoutMs?: number | undefined
}

export interface BitcoinAdapter extends ChainAdapter<BitcoinTransaction> {
  readonly namespace: 'bip122'
  /** Has the wallet sign a PSBT; the result is checked (same transaction, the asked inputs signed). */
  signPsbt(parameters: SignPsbtParameters): Promise<SignPsbtReturnType>
  /** Spec §6 `sendTransfer`: `amount` satoshis (decimal string) to `recipientAddress`; resolves with the txid. */
  sendTransfer(parameters: { recipientAddress: string; amount: string }): Promise<string>
  /** Spec §6 `getAccountAddresses`: the connected addresses with their purposes. */
  getAccountAddresses(): { address: string; publicKey: string; purpose: 'payment' | 'ordinal' }[]
}

type Runtime = typeof import('./runtime.js')
let runtime: Promise<Runtime> | undefined
/** @scure/btc-signer and the noble curves, loaded on the first connect, restore or API call. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('./runtime.js').catch((error: unknown) => {
    runtime = undefined
    throw error
  })
  return runtime
}

const RESTORE_TIMEOUT_MS = 10_000
/** How long a session's wallet may take to list its addresses when the session attaches. */
const SESSION_TIMEOUT_MS = 30_000
const CONFIRM_POLL_MS = 500
const CONFIRM_TIMEOUT_MS = 120_000
const DISCOVERY_POLL_MS = 250
const DISCOVERY_LIMIT_MS = 10_000

function isBitcoinWallet(wallet: Wallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith('bitcoin:')) &&
    ('bitcoin:connect' in wallet.features || 'standard:connect' in wallet.features)
  )
}

/** A connector id from the wallet's name, the same on every namespace (`ws:latch-dev-wallet`). */
function connectorIdOf(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
  return `ws:${slug || 'wallet'}`
}

function toConnector(wallet: Pick<Wallet, 'name'> & { icon?: string | undefined }): Connector {
  const icon =
    typeof wallet.icon === 'string' && wallet.icon.startsWith('data:image/') ? wallet.icon : undefined
  return {
    id: connectorIdOf(wallet.name),
    type: 'ANNOUNCED',
    name: wallet.name,
    chain: 'bip122',
    imageUrl: icon,
    installed: true,
  }
}

const hexOf = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** Who a connection is through when it is a session connector's namespace (WalletConnect). */
interface Identity {
  connectorId: string
  connectorType: ConnectorType
  walletName: string
  walletIcon?: string | undefined
}

interface Session {
  wallet: Wallet
  accounts: WalletAccount[]
  types: ConnectedAccount[]
  network: CaipNetwork
  stop: () => void
  /** A session connector's side: the wallet broadcasts, and another network is attached anew. */
  viaSession?: { identity: Identity; switchTo(network: CaipNetwork): Promise<unknown> } | undefined
}

/**
 * The Bitcoin (bip122) adapter of Latch: browser wallets through the Bitcoin Wallet Standard
 * (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`) and through the sats-connect
 * `request` API (Xverse, Leather and any other at a window property given in `requestWallets`,
 * their hex or base64 PSBTs and address purposes normalised), every signature checked
 * before it is returned (BIP-322 or the legacy signed message), PSBTs parsed and checked with
 * `@scure/btc-signer`, balances and transfers through the network's Esplora-style API. Creating it
 * does no I/O; `@scure/btc-signer` loads on the first connect, restore or API call.
 *
 * @example
 * const regtest = bitcoinNetwork('regtest', { apiUrl: 'http://127.0.0.1:8565' })
 * const latch = createLatch({ networks: [regtest], adapters: [bitcoinAdapter({ networks: [regtest] })] })
 */
export function bitcoinAdapter({
  networks,
  requestWallets: extra = [],
  timeoutMs = 120_000,
}: BitcoinAdapterOptions): BitcoinAdapter {
  for (const network of networks) bitcoinChainOf(network)
  const known = [...BITCOIN_REQUEST_WALLETS, ...extra.map(checkRequestWallet)]
  let wallets: Wallet[] = []
  /** Request-API wallets found on the page (by window property), and their wrappers once made. */
  const found = new Map<string, { entry: BitcoinRequestWallet; provider: BitcoinRequestProvider }>()
  const wrapped = new Map<string, Wallet>()
  let context: AdapterContext | undefined
  let current: Session | undefined

  /** Request-API wallets not also registered through the Wallet Standard under their name. */
  function requestOnly() {
    const ids = new Set(wallets.map((w) => connectorIdOf(w.name)))
    return [...found.values()].filter((f) => !ids.has(connectorIdOf(f.entry.name)))
  }

  function connectors(): Connector[] {
    return [
      ...wallets.map(toConnector),
      ...requestOnly().map(({ entry }) => toConnector({ name: entry.name, icon: entry.icon })),
    ]
  }

  async function walletOf(connectorId: string): Promise<Wallet> {
    const wallet = wallets.find((w) => connectorIdOf(w.name) === connectorId)
    if (wallet) return wallet
    const hit = requestOnly().find((f) => connectorIdOf(f.entry.name) === connectorId)
    if (!hit) throw new AdapterOrConnectorNotFoundError({ namespace: 'bip122' })
    let made = wrapped.get(hit.entry.global)
    if (!made) {
      const [rt, { createRequestWallet }] = await Promise.all([loadRuntime(), import('./requestSide.js')])
      const chains = networks.map(bitcoinChainOf)
      made = createRequestWallet({
        wallet: hit.entry,
        provider: hit.provider,
        chains: networks.map(toWalletStandardChain),
        keyMakesAddress: (address, key) => rt.keyMakesAddress(address, key, chains),
      })
      wrapped.set(hit.entry.global, made)
    }
    return made
  }

  function networkFor(wallet: Wallet, requested: CaipNetwork | undefined): CaipNetwork {
    const candidates = requested ? [requested, ...networks] : networks
    const network = candidates.find(
      (n) =>
        n.chainNamespace === 'bip122' &&
        networks.some((m) => m.caipNetworkId === n.caipNetworkId) &&
        wallet.chains.includes(toWalletStandardChain(n)),
    )
    if (!network) throw new ChainNotSupportedError({ chain: requested?.caipNetworkId })
    return network
  }

  function connected(): Session {
    if (!current) throw new NotConnectedError()
    return current
  }

  function apiOf(network: CaipNetwork): string {
    const api = network.rpcUrls.default.http[0]
    if (!api) throw new NoRpcUrlError({ chainId: network.caipNetworkId })
    return api
  }

  /** The wallet's accounts on the chain, validated and typed (payment first). */
  async function typed(accounts: unknown, chain: BitcoinChainName) {
    return (await loadRuntime()).typedAccounts(accounts, chain)
  }

  async function attach(
    wallet: Wallet,
    raw: unknown,
    requested?: CaipNetwork,
    viaSession?: Session['viaSession'],
  ): Promise<ConnectResult> {
    const network = networkFor(wallet, requested ?? current?.network)
    const chain = bitcoinChainOf(network)
    const { types, ordered } = await typed(raw, chain)
    if (ordered.length === 0) throw new InvalidWalletResponseError({ what: 'account' })
    current?.stop()
    const events = wallet.features['standard:events'] as StandardEventsFeature['standard:events'] | undefined
    const stop =
      events?.on('change', (change) => {
        if (!current || current.wallet !== wallet || !change.accounts) return
        const session = current
        void typed(change.accounts, bitcoinChainOf(session.network)).then(
          (next) => {
            if (current !== session) return
            if (next.ordered.length === 0) {
              session.stop()
              current = undefined
              context?.onAccountsChanged([])
              return
            }
            session.accounts = next.ordered
            session.types = next.types
            context?.onAccountsChanged(next.types)
          },
          () => {},
        )
      }) ?? (() => {})
    current = { wallet, accounts: ordered, types, network, stop, viaSession }
    const first = types[0] as ConnectedAccount
    const identity = viaSession?.identity
    return {
      address: first.address,
      chainId: network.id,
      connectorId: identity?.connectorId ?? connectorIdOf(wallet.name),
      connectorType: identity?.connectorType ?? 'ANNOUNCED',
      accounts: types,
      walletName: identity?.walletName ?? wallet.name,
      walletIcon: identity ? identity.walletIcon : toConnector(wallet).imageUrl,
    }
  }

  async function askConnect(wallet: Wallet, silent: boolean): Promise<readonly WalletAccount[]> {
    const limit = silent ? RESTORE_TIMEOUT_MS : timeoutMs
    const bitcoin = wallet.features['bitcoin:connect'] as BitcoinConnectFeature['bitcoin:connect'] | undefined
    if (bitcoin && !silent) {
      const { accounts } = await withTimeout(
        bitcoin.connect({ purposes: ['payment', 'ordinals'] }),
        'bitcoin:connect',
        limit,
      )
      return accounts
    }
    const standard = wallet.features['standard:connect'] as
      | StandardConnectFeature['standard:connect']
      | undefined
    if (!standard) {
      // A wallet with only bitcoin:connect restores from the accounts it already shares.
      if (silent) return wallet.accounts
      throw new UnsupportedProviderMethodError()
    }
    const { accounts } = await withTimeout(
      standard.connect(silent ? { silent: true } : undefined),
      'standard:connect',
      limit,
    )
    return accounts
  }

  function accountOf(session: Session, address: string): WalletAccount {
    const account = session.accounts.find((a) => a.address === address)
    if (!account) throw new NotConnectedError()
    return account
  }

  async function signPsbt({
    psbt,
    inputsToSign,
    finalize,
    broadcast,
  }: SignPsbtParameters): Promise<SignPsbtReturnType> {
    const session = connected()
    const rt = await loadRuntime()
    const bytes =
      psbt instanceof Uint8Array ? psbt : typeof psbt === 'string' ? rt.decodeWalletBytes(psbt) : undefined
    const tx = bytes && rt.parsePsbt(bytes)
    if (!tx || tx.inputsLength === 0)
      throw new InvalidParamsRpcError({ details: 'psbt must be a PSBT (bytes, base64 or hex).' })
    const count = tx.inputsLength
    const asked = rt.inputsToSignOf(tx, inputsToSign, session.accounts, bitcoinChainOf(session.network))
    const feature = session.wallet.features['bitcoin:signTransaction'] as
      | BitcoinSignTransactionFeature['bitcoin:signTransaction']
      | undefined
    if (!feature) throw new UnsupportedProviderMethodError()
    // Over a session the wallet broadcasts itself (WalletConnect's `broadcast`), its txid checked.
    const byWallet = Boolean(broadcast && session.viaSession)
    const [output] = (await withTimeout(
      feature.signTransaction({
        psbt: rt.psbtBytes(tx),
        inputsToSign: asked,
        chain: toWalletStandardChain(session.network),
        ...(byWallet ? { broadcast: true } : {}),
      }),
      'bitcoin:signTransaction',
      timeoutMs,
    )) as readonly SessionSignedPsbt[]
    const signedBytes = rt.decodeWalletBytes(output?.signedPsbt)
    const signed = signedBytes && rt.parsePsbt(signedBytes)
    // The wallet may sign only what it was given: the same transaction, every asked input signed.
    if (
      !signed ||
      signed.inputsLength !== count ||
      rt.unsignedTx(signed) !== rt.unsignedTx(tx) ||
      !asked.every((a) => a.signingIndexes.every((i) => rt.inputSigned(signed, i)))
    )
      throw new InvalidWalletResponseError({ what: 'signed PSBT' })
    if (!finalize && !broadcast) return { psbt: rt.toBase64(rt.psbtBytes(signed)) }
    if (!rt.finalizeAll(signed)) throw new InvalidWalletResponseError({ what: 'signed PSBT' })
    const result: SignPsbtReturnType = { psbt: rt.toBase64(rt.psbtBytes(signed)) }
    if (byWallet) {
      // The txid the wallet sent must be this very transaction's.
      if (output?.txid !== rt.txidOf(signed)) throw new InvalidWalletResponseError({ what: 'transaction id' })
      result.txid = output.txid
    } else if (broadcast) result.txid = await rt.broadcast(apiOf(session.network), rt.extractHex(signed))
    return result
  }

  async function transfer(to: unknown, value: unknown, feeRate?: unknown): Promise<string> {
    const session = connected()
    const rt = await loadRuntime()
    const chain = bitcoinChainOf(session.network)
    if (!rt.isBitcoinAddress(to, chain))
      throw new InvalidParamsRpcError({ details: `to must be a ${session.network.name} address.` })
    if (typeof value !== 'bigint' || value < 546n)
      throw new InvalidParamsRpcError({ details: 'value must be at least 546 satoshis (bigint).' })
    if (feeRate !== undefined && (typeof feeRate !== 'bigint' || feeRate < 1n || feeRate > 10_000n))
      throw new InvalidParamsRpcError({ details: 'feeRate must be 1 to 10000 sat/vB (bigint).' })
    const api = apiOf(session.network)
    // Over a session the wallet picks the coins (its account's may lie on many addresses); the
    // session wallet checks the transaction it sent pays the recipient on the network's API.
    const send = session.wallet.features['bip122:sendTransfer'] as
      | SessionSendTransferFeature['bip122:sendTransfer']
      | undefined
    if (send && feeRate === undefined)
      return withTimeout(send.sendTransfer({ to, amount: value as bigint, api }), 'sendTransfer', timeoutMs)
    const payment = session.accounts[0] as WalletAccount
    const [utxos, rate] = await Promise.all([
      rt.getUtxos(api, payment.address),
      feeRate === undefined ? rt.getFeeRate(api) : Promise.resolve(feeRate as bigint),
    ])
    const built = rt.transferPsbt(utxos, {
      from: payment.address,
      publicKey: new Uint8Array(payment.publicKey),
      to,
      amount: value,
      feeRate: rate,
      chain,
    })
    if (!built)
      throw new InvalidParamsRpcError({ details: 'The payment address cannot cover the amount and its fee.' })
    const { txid } = await signPsbt({ psbt: built.psbt, broadcast: true })
    return txid as string
  }

  return {
    namespace: 'bip122',
    networks,

    setup(adapterContext) {
      context = adapterContext
      const api = getWallets()
      // A request-API wallet of the same name as a Wallet Standard one (a wallet offering both)
      // is listed once, through the Wallet Standard.
      const refresh = () => {
        wallets = api.get().filter(isBitcoinWallet)
        adapterContext.onConnectorsChanged(connectors())
      }
      const discover = (): boolean => {
        let added = false
        for (const entry of known) {
          const provider = found.has(entry.global) ? undefined : requestProviderAt(entry.global)
          if (!provider) continue
          found.set(entry.global, { entry, provider })
          added = true
        }
        return added
      }
      discover()
      wallets = api.get().filter(isBitcoinWallet)
      const stops = [api.on('register', refresh), api.on('unregister', refresh)]
      // Request-API wallets have no announcement: look again until each is there, or for 10 s.
      const started = Date.now()
      const timer =
        found.size === known.length || typeof window === 'undefined'
          ? undefined
          : setInterval(() => {
              if (discover()) refresh()
              if (found.size === known.length || Date.now() - started > DISCOVERY_LIMIT_MS)
                clearInterval(timer)
            }, DISCOVERY_POLL_MS)
      return () => {
        clearInterval(timer)
        for (const stop of stops) stop()
        current?.stop()
        context = undefined
      }
    },

    getConnectors() {
      return connectors()
    },

    async connect({ connectorId, caipNetwork }) {
      const wallet = await walletOf(connectorId)
      await loadRuntime()
      return attach(wallet, await askConnect(wallet, false), caipNetwork)
    },

    async attachSession({ connectorId, connectorType, provider, walletName, walletIcon, caipNetwork }) {
      const { approved, walletOn } = (await import('./sessionWallet.js')).sessionSide({
        provider,
        networks,
        name: walletName,
        icon: walletIcon,
        chainOf: (network) => ({ name: bitcoinChainOf(network), chain: toWalletStandardChain(network) }),
        timeout: (promise, method) => withTimeout(promise, method, SESSION_TIMEOUT_MS),
      })
      const identity = { connectorId, connectorType, walletName, walletIcon }
      const attachOn = async (network: CaipNetwork | undefined): Promise<ConnectResult> => {
        if (!network || !approved.has(network.caipNetworkId))
          throw new ChainNotSupportedError({ chain: network?.caipNetworkId })
        const wallet = await walletOn(network)
        return attach(wallet, wallet.accounts, network, { identity, switchTo: attachOn })
      }
      return attachOn(
        [caipNetwork, ...networks].find((n) => n && approved.has(n.caipNetworkId)) ?? caipNetwork,
      )
    },

    async reconnect({ connectorId }) {
      const wallet = await walletOf(connectorId)
      await loadRuntime()
      const accounts = await askConnect(wallet, true)
      if (!Array.isArray(accounts) || accounts.length === 0) return undefined
      return attach(wallet, accounts)
    },

    async disconnect() {
      const session = current
      if (!session) return
      current = undefined
      session.stop()
      const feature = session.wallet.features['standard:disconnect'] as
        | StandardDisconnectFeature['standard:disconnect']
        | undefined
      await feature?.disconnect()
    },

    async switchNetwork({ caipNetwork }) {
      const session = connected()
      const network = networks.find((n) => n.caipNetworkId === caipNetwork.caipNetworkId)
      if (network && session.viaSession) {
        // A session's other chain: its own addresses, a session wallet of its own.
        await session.viaSession.switchTo(network)
        context?.onChainChanged(network.id)
        return
      }
      if (!network || !session.wallet.chains.includes(toWalletStandardChain(network)))
        throw new ChainNotSupportedError({ chain: caipNetwork.caipNetworkId })
      // Addresses differ between chains: the wallet's accounts are read again for the new one.
      const accounts = await askConnect(session.wallet, false)
      await attach(session.wallet, accounts, network)
      context?.onChainChanged(network.id)
    },

    async signMessage({ message, address }) {
      const session = connected()
      if (typeof message !== 'string')
        throw new InvalidParamsRpcError({ details: 'message must be a string.' })
      const account = accountOf(session, address)
      const feature = session.wallet.features['bitcoin:signMessage'] as
        | BitcoinSignMessageFeature['bitcoin:signMessage']
        | undefined
      if (!feature) throw new UnsupportedProviderMethodError()
      const rt = await loadRuntime()
      const bytes = new TextEncoder().encode(message)
      const [output] = await withTimeout(
        feature.signMessage({ account, message: bytes }),
        'bitcoin:signMessage',
        timeoutMs,
      )
      const signature = rt.decodeWalletBytes(output?.signature)
      // A signature is returned only once it verifies for this address and this message.
      if (!signature || !rt.verifySignature(address, bytes, signature, bitcoinChainOf(session.network)))
        throw new InvalidWalletResponseError({ what: 'signature' })
      return rt.toBase64(signature)
    },

    signPsbt,

    async sendTransaction({ transaction, caipNetwork }) {
      const session = connected()
      if (session.network.caipNetworkId !== caipNetwork.caipNetworkId)
        throw new ChainNotSupportedError({ chain: caipNetwork.caipNetworkId })
      return transfer(transaction?.to, transaction?.value, transaction?.feeRate)
    },

    async sendTransfer({ recipientAddress, amount }) {
      if (typeof amount !== 'string' || !/^[1-9][0-9]{0,15}$/.test(amount))
        throw new InvalidParamsRpcError({
          details: 'amount must be a whole number of satoshis (decimal string).',
        })
      return transfer(recipientAddress, BigInt(amount))
    },

    getAccountAddresses() {
      const session = connected()
      return session.types.map((t) => {
        const account = accountOf(session, t.address)
        return {
          address: t.address,
          publicKey: hexOf(new Uint8Array(account.publicKey)),
          purpose: t.type === 'ordinal' ? ('ordinal' as const) : ('payment' as const),
        }
      })
    },

    async request({ method, params }) {
      const given = (params ?? {}) as Record<string, unknown>
      if (method === 'getAccountAddresses') return this.getAccountAddresses()
      if (method === 'signMessage')
        return this.signMessage({ message: given.message as string, address: given.address as string })
      if (method === 'signPsbt') return signPsbt(given as unknown as SignPsbtParameters)
      if (method === 'sendTransfer')
        return this.sendTransfer(given as unknown as { recipientAddress: string; amount: string })
      throw new UnsupportedProviderMethodError()
    },

    async waitForTransaction({ hash, caipNetwork }) {
      if (!/^[0-9a-f]{64}$/.test(hash)) throw new InvalidParamsRpcError({ details: 'Not a Bitcoin txid.' })
      const { txStatus } = await loadRuntime()
      const api = apiOf(caipNetwork)
      const deadline = Date.now() + CONFIRM_TIMEOUT_MS
      for (;;) {
        const status = await txStatus(api, hash)
        if (status.confirmed) return { status: 'success', blockNumber: status.height }
        if (Date.now() > deadline) throw new Error(`The transaction ${hash} was not confirmed in time.`)
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
      }
    },

    async getBalance({ address, caipNetwork }) {
      const { getSats, isBitcoinAddress } = await loadRuntime()
      if (!isBitcoinAddress(address, bitcoinChainOf(caipNetwork)))
        throw new InvalidParamsRpcError({ details: 'Not a Bitcoin address.' })
      const sats = await getSats(apiOf(caipNetwork), address)
      return { balance: formatSats(sats), symbol: caipNetwork.nativeCurrency.symbol }
    },

    async verifyMessage({ address, message, signature, caipNetwork }) {
      const rt = await loadRuntime()
      const bytes = rt.decodeWalletBytes(signature)
      return (
        bytes !== undefined &&
        rt.verifySignature(address, new TextEncoder().encode(message), bytes, bitcoinChainOf(caipNetwork))
      )
    },

    getProvider() {
      return current?.wallet
    },
  }
}
