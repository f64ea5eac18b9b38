import {
  type AdapterContext,
  AdapterOrConnectorNotFoundError,
  type CaipNetwork,
  type ChainAdapter,
  ChainNotSupportedError,
  type Connector,
  type ConnectorType,
  type ConnectResult,
  InvalidParamsRpcError,
  InvalidWalletResponseError,
  NotConnectedError,
  UnsupportedProviderMethodError,
} from '@latch/core'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { formatLamports } from './format.js'
import { toWalletStandardChain } from './network.js'
import { parseSendOptions, type SolanaSendOptions, toWireSendOptions } from './options.js'
import { rpcUrlResolver } from './rpcUrls.js'
import type { SolanaSessionProvider } from './sessionWallet.js'

/** A Solana transaction request: a SOL transfer, or a prebuilt (unsigned) wire transaction. */
export interface SolanaTransaction {
  /** Recipient of a SOL transfer (base58 address). */
  to?: string | undefined
  /** Lamports to transfer; with `token`, the token's smallest unit. */
  value?: bigint | undefined
  /**
   * The mint of an SPL token (Token or Token-2022) to transfer instead of SOL, from the account's
   * associated token account to the recipient's (created when missing, paid by the sender).
   */
  token?: string | undefined
  /** A prebuilt wire transaction to sign and send as it is (instead of `to` / `value`). */
  transaction?: Uint8Array | undefined
  /** Sign-and-send options (spec §5), validated before the wallet is asked. */
  options?: SolanaSendOptions | undefined
}

/** Options of {@link solanaAdapter}. */
export interface SolanaAdapterOptions {
  /** The app's Solana networks (`solanaNetwork`, `solanaLocalnet`), each with the app's RPC URL. */
  networks: readonly CaipNetwork[]
}

export interface SolanaAdapter extends ChainAdapter<SolanaTransaction> {
  readonly namespace: 'solana'
  /**
   * Has the connected wallet sign one prebuilt wire transaction without sending it; resolves
   * with the signed wire bytes (checked: they carry the account's valid signature).
   */
  signTransaction(parameters: { transaction: Uint8Array }): Promise<Uint8Array>
  /**
   * Has the connected wallet sign several prebuilt wire transactions at once (one prompt where
   * the wallet supports it: Wallet Standard `solana:signTransaction` with several inputs,
   * WalletConnect `solana_signAllTransactions`); resolves with the signed wire bytes, in order.
   */
  signAllTransactions(parameters: { transactions: readonly Uint8Array[] }): Promise<Uint8Array[]>
}

/** Who a connection is through: a Wallet Standard wallet, or a session connector's namespace. */
interface Identity {
  connectorId: string
  connectorType: ConnectorType
  walletName: string
  walletIcon?: string | undefined
}

type Runtime = typeof import('./runtime.js')
let runtime: Promise<Runtime> | undefined
/** The runtime once loaded, for what must answer at once (a recipient typed in Send). */
let loadedRuntime: Runtime | undefined
/** @solana/kit and the codecs, loaded on the first connect, restore or RPC call. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('./runtime.js').then(
    (loaded) => {
      loadedRuntime = loaded
      return loaded
    },
    (error: unknown) => {
      runtime = undefined
      throw error
    },
  )
  return runtime
}

const CONFIRM_POLL_MS = 400
const CONFIRM_TIMEOUT_MS = 60_000

function isSolanaWallet(wallet: Wallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    'standard:connect' in wallet.features &&
    'standard:events' in wallet.features
  )
}

/** A connector id from the wallet's name, in the characters the kit stores (`ws:latch-dev-wallet`). */
export function walletStandardConnectorId(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
  return `ws:${slug || 'wallet'}`
}

function toConnector(wallet: Wallet): Connector {
  const icon =
    typeof wallet.icon === 'string' && wallet.icon.startsWith('data:image/') ? wallet.icon : undefined
  return {
    id: walletStandardConnectorId(wallet.name),
    type: 'ANNOUNCED',
    name: wallet.name,
    chain: 'solana',
    imageUrl: icon,
    installed: true,
  }
}

/** An error of the chain or the RPC (a kit error) as a coded error the core can show. */
async function toChainError(error: unknown, fallback: string): Promise<unknown> {
  if (typeof (error as { code?: unknown })?.code === 'number') return error
  const { describeKitError } = await loadRuntime()
  const message = describeKitError(error)
  return message ? new Error(message, { cause: error }) : error instanceof Error ? error : new Error(fallback)
}

/**
 * A wallet that passes on the RPC's preflight failure (JSON-RPC -32002 from `sendTransaction`,
 * which EIP-1474 would read as "resource unavailable") as the chain's own message, uncoded.
 */
function preflightFailure(error: unknown): Error | undefined {
  const { code, message, data } = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown }
  if (code !== -32002 || typeof message !== 'string' || !/^Transaction simulation failed/.test(message))
    return undefined
  return Object.assign(new Error(message), { data })
}

/**
 * The Solana adapter of Latch: wallets found through Wallet Standard, RPC through `@solana/kit`
 * on the app's own URLs. Creating it does no I/O; wallets are discovered when the kit hydrates,
 * and `@solana/kit` is loaded on the first connect, restore or RPC call.
 *
 * @example
 * const latch = createLatch({
 *   networks: [solanaNetwork('mainnet', { rpcUrl })],
 *   adapters: [solanaAdapter({ networks: [solanaNetwork('mainnet', { rpcUrl })] })],
 * })
 */
export function solanaAdapter({ networks }: SolanaAdapterOptions): SolanaAdapter {
  for (const network of networks) {
    if (network.chainNamespace !== 'solana')
      throw new ChainNotSupportedError({ chain: network.caipNetworkId })
  }
  let wallets: Wallet[] = []
  let context: AdapterContext | undefined
  const rpcUrlOf = rpcUrlResolver(
    () => context?.projectRpcUrl,
    async (url) => (await loadRuntime()).genesisReferenceOf(url),
  )
  let current: { wallet: Wallet; account: WalletAccount; network: CaipNetwork; stop: () => void } | undefined

  function walletOf(connectorId: string): Wallet {
    const wallet = wallets.find((w) => walletStandardConnectorId(w.name) === connectorId)
    if (!wallet) throw new AdapterOrConnectorNotFoundError({ namespace: 'solana' })
    return wallet
  }

  function networkFor(wallet: Wallet, requested: CaipNetwork | undefined): CaipNetwork {
    const candidates = requested ? [requested, ...networks] : networks
    const network = candidates.find(
      (n) => n.chainNamespace === 'solana' && wallet.chains.includes(toWalletStandardChain(n)),
    )
    if (!network) throw new ChainNotSupportedError({ chain: requested?.caipNetworkId })
    return network
  }

  function connected() {
    if (!current) throw new NotConnectedError()
    return current
  }

  /** The wallet's Solana accounts, validated; garbage is an invalid response. */
  async function solanaAccounts(accounts: readonly WalletAccount[]): Promise<WalletAccount[]> {
    const { isSolanaAddress } = await loadRuntime()
    const result = accounts.filter((a) => a?.chains?.some((c) => c.startsWith('solana:')))
    if (!result.every((a) => isSolanaAddress(a.address)))
      throw new InvalidWalletResponseError({ what: 'account' })
    return result
  }

  async function attach(
    wallet: Wallet,
    accounts: readonly WalletAccount[],
    requested?: CaipNetwork,
    identity: Identity = {
      connectorId: walletStandardConnectorId(wallet.name),
      connectorType: 'ANNOUNCED',
      walletName: wallet.name,
      walletIcon: toConnector(wallet).imageUrl,
    },
  ) {
    const solana = await solanaAccounts(accounts)
    const account = solana[0]
    if (!account) throw new InvalidWalletResponseError({ what: 'account' })
    const network = networkFor(wallet, requested ?? current?.network)
    current?.stop()
    const events = wallet.features['standard:events'] as StandardEventsFeature['standard:events']
    const stop = events.on('change', (change) => {
      if (!current || current.wallet !== wallet || !change.accounts) return
      void solanaAccounts(change.accounts).then(
        (next) => {
          if (!current || current.wallet !== wallet) return
          const [first] = next
          if (!first) {
            current.stop()
            current = undefined
            context?.onAccountsChanged([])
            return
          }
          current.account = first
          context?.onAccountsChanged(next.map((a) => a.address))
        },
        () => {},
      )
    })
    current = { wallet, account, network, stop }
    const result: ConnectResult = {
      address: account.address,
      chainId: network.id,
      connectorId: identity.connectorId,
      connectorType: identity.connectorType,
      accounts: solana.map((a) => ({ address: a.address, type: 'eoa' as const })),
      walletName: identity.walletName,
      walletIcon: identity.walletIcon,
    }
    return result
  }

  async function signAll(transactions: readonly Uint8Array[]): Promise<Uint8Array[]> {
    const session = connected()
    const rt = await loadRuntime()
    if (
      !Array.isArray(transactions) ||
      transactions.length === 0 ||
      !transactions.every((t) => t instanceof Uint8Array && rt.decodesAsTransaction(t))
    )
      throw new InvalidParamsRpcError({
        details: 'transactions must be one or more Solana wire transactions (bytes).',
      })
    const sign = session.wallet.features['solana:signTransaction'] as
      | SolanaSignTransactionFeature['solana:signTransaction']
      | undefined
    if (!sign) throw new UnsupportedProviderMethodError()
    const chain = toWalletStandardChain(session.network)
    const outputs = await sign.signTransaction(
      ...transactions.map((transaction) => ({ account: session.account, transaction, chain })),
    )
    if (!Array.isArray(outputs) || outputs.length !== transactions.length)
      throw new InvalidWalletResponseError({ what: 'signed transactions' })
    return outputs.map(({ signedTransaction }, i) => {
      if (
        !(signedTransaction instanceof Uint8Array) ||
        !rt.signedBy(signedTransaction, transactions[i] as Uint8Array, session.account.address)
      )
        throw new InvalidWalletResponseError({ what: 'signed transaction' })
      return signedTransaction
    })
  }

  return {
    namespace: 'solana',
    networks,

    setup(adapterContext) {
      context = adapterContext
      const api = getWallets()
      const refresh = () => {
        wallets = api.get().filter(isSolanaWallet)
        adapterContext.onConnectorsChanged(wallets.map(toConnector))
      }
      wallets = api.get().filter(isSolanaWallet)
      const stops = [api.on('register', refresh), api.on('unregister', refresh)]
      return () => {
        for (const stop of stops) stop()
        current?.stop()
        context = undefined
      }
    },

    getConnectors() {
      return wallets.map(toConnector)
    },

    async connect({ connectorId, caipNetwork }) {
      const wallet = walletOf(connectorId)
      await loadRuntime()
      const feature = wallet.features['standard:connect'] as StandardConnectFeature['standard:connect']
      const { accounts } = await feature.connect()
      return attach(wallet, accounts, caipNetwork)
    },

    async reconnect({ connectorId }) {
      const wallet = walletOf(connectorId)
      await loadRuntime()
      const feature = wallet.features['standard:connect'] as StandardConnectFeature['standard:connect']
      // Silent: the wallet answers from its own permission, without prompting.
      const { accounts } = await feature.connect({ silent: true })
      if ((await solanaAccounts(accounts)).length === 0) return undefined
      return attach(wallet, accounts)
    },

    async attachSession({ connectorId, connectorType, provider, walletName, walletIcon, caipNetwork }) {
      const given = provider as Partial<SolanaSessionProvider> | undefined
      if (typeof given?.accounts !== 'function' || typeof given.request !== 'function')
        throw new InvalidWalletResponseError({ what: 'solana provider' })
      const rt = await loadRuntime()
      const { createSessionWallet } = await import('./sessionWallet.js')
      // The session's accounts on the app's networks; garbage is an invalid response.
      const approved = new Map<string, CaipNetwork>()
      const addresses: string[] = []
      for (const raw of (given as SolanaSessionProvider).accounts()) {
        const match = typeof raw === 'string' ? /^solana:([1-9A-HJ-NP-Za-km-z]{1,32}):(.+)$/.exec(raw) : null
        const network = match && networks.find((n) => String(n.id) === match[1])
        if (!match || !network) continue
        if (!rt.isSolanaAddress(match[2])) throw new InvalidWalletResponseError({ what: 'account' })
        approved.set(toWalletStandardChain(network), network)
        if (!addresses.includes(match[2] as string)) addresses.push(match[2] as string)
      }
      if (addresses.length === 0) throw new InvalidWalletResponseError({ what: 'account' })
      const wallet = createSessionWallet({
        provider: given as SolanaSessionProvider,
        name: walletName,
        icon: walletIcon,
        accounts: addresses,
        chains: [...approved.keys()] as `${string}:${string}`[],
        toCaip2: (chain: string) => approved.get(chain)?.caipNetworkId,
        currentChain: () =>
          (current && current.wallet === wallet ? current.network : (caipNetwork ?? networks[0]))
            ?.caipNetworkId ?? '',
        runtime: rt,
      })
      return attach(wallet, wallet.accounts, caipNetwork, {
        connectorId,
        connectorType,
        walletName,
        walletIcon,
      })
    },

    async signTransaction({ transaction }) {
      const [signed] = await signAll([transaction])
      return signed as Uint8Array
    },

    async signAllTransactions({ transactions }) {
      return signAll(transactions)
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
      if (!networks.some((n) => n.caipNetworkId === caipNetwork.caipNetworkId))
        throw new ChainNotSupportedError({ chain: caipNetwork.caipNetworkId })
      // Wallet Standard wallets have no current chain: each request names its chain.
      if (!session.wallet.chains.includes(toWalletStandardChain(caipNetwork)))
        throw Object.assign(new Error(`${session.wallet.name} does not support ${caipNetwork.name}.`), {
          code: 4902,
        })
      session.network = caipNetwork
      context?.onChainChanged(caipNetwork.id)
    },

    async signMessage({ message, address }) {
      const session = connected()
      if (session.account.address !== address) throw new NotConnectedError()
      const feature = session.wallet.features['solana:signMessage'] as
        | SolanaSignMessageFeature['solana:signMessage']
        | undefined
      if (!feature) throw new UnsupportedProviderMethodError()
      const { toBase58, verifyEd25519 } = await loadRuntime()
      const bytes = new TextEncoder().encode(message)
      const [output] = await feature.signMessage({ account: session.account, message: bytes })
      const signature = output?.signature
      if (!(signature instanceof Uint8Array) || signature.length !== 64)
        throw new InvalidWalletResponseError({ what: 'signature' })
      // The signature must be the account's over the message asked for, so the app can verify it.
      if (!verifyEd25519(signature, bytes, new Uint8Array(session.account.publicKey)))
        throw new InvalidWalletResponseError({ what: 'signature' })
      return toBase58(signature)
    },

    async signSiwx({ data, message, address }) {
      const session = connected()
      if (session.account.address !== address) throw new NotConnectedError()
      const feature = session.wallet.features['solana:signIn'] as
        | SolanaSignInFeature['solana:signIn']
        | undefined
      // Without the wallet's own sign-in, the formatted text is signed as a message.
      if (!feature) return { message, signature: await this.signMessage({ message, address }) }
      const { toBase58, verifyEd25519, parseSiwsMessage, siwsChainId } = await loadRuntime()
      const [output] = await feature.signIn({
        domain: data.domain,
        address,
        statement: data.statement,
        uri: data.uri,
        version: data.version,
        chainId: siwsChainId(data.chainId),
        nonce: data.nonce,
        issuedAt: data.issuedAt,
        expirationTime: data.expirationTime,
        notBefore: data.notBefore,
        requestId: data.requestId,
        resources: data.resources ? [...data.resources] : undefined,
      })
      const { signedMessage, signature, account } = output ?? ({} as Partial<NonNullable<typeof output>>)
      if (
        !(signedMessage instanceof Uint8Array) ||
        !(signature instanceof Uint8Array) ||
        signature.length !== 64 ||
        account?.address !== address
      )
        throw new InvalidWalletResponseError({ what: 'sign-in' })
      let text: string
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(signedMessage)
      } catch {
        throw new InvalidWalletResponseError({ what: 'sign-in message' })
      }
      // The wallet writes the text itself: it must be a sign-in for what was asked, signed by the account.
      const fields = parseSiwsMessage(text)
      if (
        !fields ||
        fields.address !== address ||
        fields.domain !== data.domain ||
        fields.nonce !== data.nonce ||
        !verifyEd25519(signature, signedMessage, new Uint8Array(session.account.publicKey))
      )
        throw new InvalidWalletResponseError({ what: 'sign-in message' })
      return { message: text, signature: toBase58(signature) }
    },

    async sendTransaction({ transaction, caipNetwork }) {
      const options = toWireSendOptions(parseSendOptions(transaction.options))
      const session = connected()
      const rt = await loadRuntime()
      const url = await rpcUrlOf(caipNetwork)
      let wire: Uint8Array
      if (transaction.transaction !== undefined) {
        if (
          !(transaction.transaction instanceof Uint8Array) ||
          !rt.decodesAsTransaction(transaction.transaction)
        )
          throw new InvalidParamsRpcError({
            details: 'transaction must be a Solana wire transaction (bytes).',
          })
        wire = transaction.transaction
      } else {
        if (!rt.isSolanaAddress(transaction.to))
          throw new InvalidParamsRpcError({ details: 'to must be a base58 Solana address.' })
        if (typeof transaction.value !== 'bigint' || transaction.value <= 0n)
          throw new InvalidParamsRpcError({
            details: 'value must be a positive number of lamports (bigint).',
          })
        if (transaction.token !== undefined && !rt.isSolanaAddress(transaction.token))
          throw new InvalidParamsRpcError({ details: 'token must be the base58 address of a mint.' })
        try {
          wire = await rt.transferTransaction(
            url,
            session.account.address,
            transaction.to,
            transaction.value,
            transaction.token,
          )
        } catch (error) {
          throw await toChainError(error, 'The transaction could not be built.')
        }
      }
      const chain = toWalletStandardChain(caipNetwork)
      const signAndSend = session.wallet.features['solana:signAndSendTransaction'] as
        | SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction']
        | undefined
      if (signAndSend) {
        let outputs: Awaited<ReturnType<typeof signAndSend.signAndSendTransaction>>
        try {
          outputs = await signAndSend.signAndSendTransaction({
            account: session.account,
            transaction: wire,
            chain,
            options,
          })
        } catch (error) {
          throw preflightFailure(error) ?? error
        }
        const [output] = outputs
        const signature = output?.signature
        if (!(signature instanceof Uint8Array) || signature.length !== 64)
          throw new InvalidWalletResponseError({ what: 'transaction signature' })
        return rt.toBase58(signature)
      }
      const sign = session.wallet.features['solana:signTransaction'] as
        | SolanaSignTransactionFeature['solana:signTransaction']
        | undefined
      if (!sign) throw new UnsupportedProviderMethodError()
      const [signed] = await sign.signTransaction({ account: session.account, transaction: wire, chain })
      if (
        !(signed?.signedTransaction instanceof Uint8Array) ||
        !rt.decodesAsTransaction(signed.signedTransaction)
      )
        throw new InvalidWalletResponseError({ what: 'signed transaction' })
      try {
        return await rt.sendWire(url, signed.signedTransaction, { ...options })
      } catch (error) {
        throw await toChainError(error, 'The transaction was not sent.')
      }
    },

    parseRecipient(address) {
      // The runtime is loaded once an account is connected (connect and restore load it).
      return loadedRuntime?.isSolanaAddress(address) ? address : undefined
    },

    async prepareTransfer({ from, to, amount, token, caipNetwork }) {
      const rt = await loadRuntime()
      if (
        !rt.isSolanaAddress(from) ||
        !rt.isSolanaAddress(to) ||
        (token !== undefined && !rt.isSolanaAddress(token))
      )
        throw new InvalidParamsRpcError({ details: 'Not a Solana address.' })
      if (amount < 0n) throw new InvalidParamsRpcError({ details: 'The amount cannot be negative.' })
      const url = await rpcUrlOf(caipNetwork)
      let fee: bigint
      try {
        fee = await rt.transferFee(url, from, to, amount, token)
      } catch (error) {
        throw await toChainError(error, 'The network could not price the transfer.')
      }
      return { transaction: { to, value: amount, ...(token === undefined ? {} : { token }) }, fee }
    },

    async waitForTransaction({ hash, caipNetwork }) {
      const { signatureStatus, fromBase58 } = await loadRuntime()
      if (fromBase58(hash).length !== 64)
        throw new InvalidParamsRpcError({ details: 'Not a Solana signature.' })
      const url = await rpcUrlOf(caipNetwork)
      const deadline = Date.now() + CONFIRM_TIMEOUT_MS
      for (;;) {
        const status = await signatureStatus(url, hash)
        if (status) return { status: status.err ? 'reverted' : 'success', blockNumber: status.slot }
        if (Date.now() > deadline) throw new Error(`The transaction ${hash} was not confirmed in time.`)
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
      }
    },

    async getBalance({ address, caipNetwork }) {
      const { getLamports, isSolanaAddress } = await loadRuntime()
      if (!isSolanaAddress(address)) throw new InvalidParamsRpcError({ details: 'Not a Solana address.' })
      const value = await getLamports(await rpcUrlOf(caipNetwork), address)
      const { decimals, symbol } = caipNetwork.nativeCurrency
      return { balance: formatLamports(value, decimals), symbol }
    },

    async verifyMessage({ address, message, signature }) {
      const { fromBase58, isSolanaAddress, verifyEd25519 } = await loadRuntime()
      if (!isSolanaAddress(address)) return false
      let bytes: Uint8Array
      try {
        bytes = fromBase58(signature)
      } catch {
        return false
      }
      return verifyEd25519(bytes, new TextEncoder().encode(message), fromBase58(address))
    },

    getProvider() {
      return current?.wallet
    },
  }
}
