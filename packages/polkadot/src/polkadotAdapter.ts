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
  UserRejectedRequestError,
} from '@latch/core'
import { ask } from './errors.js'
import type { Injected, InjectedWindowProvider } from './injected.js'
import { type PolkadotChain, polkadotChainOf } from './network.js'
import type { PolkadotSignerPayload } from './payload.js'
import type { SessionProvider } from './runtime.js'

/** Options of {@link polkadotAdapter}. */
export interface PolkadotAdapterOptions {
  /** The app's Polkadot networks (`polkadotNetwork`). */
  networks: readonly CaipNetwork[]
  /** The name extensions show when they ask the visitor to allow the site (default: the page's host). */
  appName?: string | undefined
  /** How long an extension prompt (connect, sign) may stay unanswered; 120 s by default. */
  timeoutMs?: number | undefined
}

/** What `signPayload` resolves with once the signature verifies. */
export interface SignPayloadReturnType {
  /** The signature, hex, with its key type first (0 ed25519, 1 sr25519, 2 ecdsa) as extensions give it. */
  signature: `0x${string}`
  /** The signed extrinsic, when `withSignedTransaction` was asked and the extension gave it. */
  signedTransaction?: `0x${string}` | undefined
}

export interface PolkadotAdapter extends ChainAdapter<never> {
  readonly namespace: 'polkadot'
  /**
   * Has the extension sign a transaction payload (`signer.signPayload`). The payload is checked
   * before the extension is asked (its account connected, the connected network's genesis hash,
   * signed extensions the kit can lay out) and the signature after: it resolves only with a
   * signature of exactly that payload by that account.
   */
  signPayload(payload: PolkadotSignerPayload): Promise<SignPayloadReturnType>
}

type Runtime = typeof import('./runtime.js')
let runtime: Promise<Runtime> | undefined
/** @polkadot/util-crypto, loaded on the first connect, restore or signature. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('./runtime.js').catch((error: unknown) => {
    runtime = undefined
    throw error
  })
  return runtime
}

const RESTORE_TIMEOUT_MS = 10_000
const DISCOVERY_MS = 10_000

/** Names of the extensions most used, by the key they inject under; others are named from their key. */
const KNOWN_NAMES: Readonly<Record<string, string>> = {
  'polkadot-js': 'Polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  enkrypt: 'Enkrypt',
  'fearless-wallet': 'Fearless Wallet',
  polkagate: 'PolkaGate',
}

/** `window.injectedWeb3`: where extensions put themselves, and where @polkadot/extension-dapp reads them. */
function injectedWeb3(): Record<string, InjectedWindowProvider> {
  const found = (globalThis as { injectedWeb3?: unknown }).injectedWeb3
  return typeof found === 'object' && found !== null ? (found as Record<string, InjectedWindowProvider>) : {}
}

const SOURCE = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,63}$/

function sourcesOf(): string[] {
  return Object.entries(injectedWeb3())
    .filter(
      ([key, entry]) =>
        SOURCE.test(key) &&
        typeof entry === 'object' &&
        entry !== null &&
        (typeof entry.enable === 'function' || typeof entry.connect === 'function'),
    )
    .map(([key]) => key)
}

/** The extension's name: a known one, or its key in words (`latch-dev-wallet` → `Latch Dev Wallet`). */
function nameOf(source: string): string {
  return (
    KNOWN_NAMES[source] ??
    source
      .split(/[-_.]+/)
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join(' ')
  )
}

const connectorIdOf = (source: string) => `polkadot:${source}`

function toConnector(source: string): Connector {
  return {
    id: connectorIdOf(source),
    type: 'INJECTED',
    name: nameOf(source),
    chain: 'polkadot',
    installed: true,
  }
}

/** Who the session is with: an extension (by its key) or a session connector's wallet (WalletConnect). */
interface SessionWallet {
  id: string
  type: ConnectorType
  name: string
  icon?: string | undefined
  /** A session connector's approved chains (CAIP-2); an extension has every chain. */
  chains?: ReadonlySet<string> | undefined
}

const extensionWallet = (source: string): SessionWallet => ({
  id: connectorIdOf(source),
  type: 'INJECTED',
  name: nameOf(source),
})

interface Session {
  wallet: SessionWallet
  injected: Injected
  /** The accounts in the network's SS58 format, with the address the extension gave for each. */
  accounts: { address: string; source: string }[]
  network: CaipNetwork
  stop: () => void
}

/**
 * The Polkadot adapter of Latch: browser extensions found under `window.injectedWeb3` (Polkadot.js,
 * Talisman, SubWallet, …), the protocol @polkadot/extension-dapp reads, with each extension asked
 * on its own. Accounts show in the network's SS58 format; `signMessage` (`signer.signRaw`) and
 * `signPayload` resolve only with a signature that verifies. Creating it does no I/O;
 * `@polkadot/util-crypto` loads on the first connect, restore or signature.
 *
 * @example
 * const polkadot = polkadotNetwork('polkadot')
 * const latch = createLatch({ networks: [polkadot], adapters: [polkadotAdapter({ networks: [polkadot] })] })
 */
export function polkadotAdapter({
  networks,
  appName,
  timeoutMs = 120_000,
}: PolkadotAdapterOptions): PolkadotAdapter {
  for (const network of networks) polkadotChainOf(network)
  let context: AdapterContext | undefined
  let current: Session | undefined
  let sources: string[] = []

  function sourceOf(connectorId: string): string {
    const source = sourcesOf().find((s) => connectorIdOf(s) === connectorId)
    if (!source) throw new AdapterOrConnectorNotFoundError({ namespace: 'polkadot' })
    return source
  }

  function networkFor(requested: CaipNetwork | undefined): CaipNetwork {
    if (!requested) return networks[0] as CaipNetwork
    const network = networks.find((n) => n.caipNetworkId === requested.caipNetworkId)
    if (!network) throw new ChainNotSupportedError({ chain: requested.caipNetworkId })
    return network
  }

  function connected(): Session {
    if (!current) throw new NotConnectedError()
    return current
  }

  const origin = () => appName ?? (globalThis as { location?: { host?: string } }).location?.host ?? 'Latch'

  async function enable(source: string, limit: number): Promise<Injected> {
    const entry = injectedWeb3()[source]
    if (!entry) throw new AdapterOrConnectorNotFoundError({ namespace: 'polkadot' })
    const asked = entry.enable
      ? entry.enable(origin())
      : (entry.connect as NonNullable<typeof entry.connect>)(origin())
    const injected = await ask(asked, 'enable', limit)
    if (
      typeof injected !== 'object' ||
      injected === null ||
      typeof injected.accounts?.get !== 'function' ||
      typeof injected.signer !== 'object' ||
      injected.signer === null
    )
      throw new InvalidWalletResponseError({ what: 'extension' })
    return injected
  }

  async function attach(
    wallet: SessionWallet,
    injected: Injected,
    network: CaipNetwork,
    limit: number,
  ): Promise<ConnectResult | undefined> {
    const rt = await loadRuntime()
    const chain = polkadotChainOf(network)
    const accounts = rt.accountsOn(await ask(injected.accounts.get(), 'accounts.get', limit), chain)
    if (accounts.length === 0) return undefined
    current?.stop()
    const session: Session = { wallet, injected, accounts, network, stop: () => {} }
    current = session
    session.stop = follow(session, chain, rt)
    const types = rt.typed(accounts)
    return {
      address: accounts[0]?.address as string,
      chainId: network.id,
      connectorId: wallet.id,
      connectorType: wallet.type,
      accounts: types,
      walletName: wallet.name,
      ...(wallet.icon ? { walletIcon: wallet.icon } : {}),
    }
  }

  /** Follows the extension's account list; an empty one (or none left on the chain) disconnects. */
  function follow(session: Session, chain: PolkadotChain, rt: Runtime): () => void {
    const subscribe = session.injected.accounts.subscribe
    if (typeof subscribe !== 'function') return () => {}
    let stopped = false
    const unsubscribe = subscribe((list) => {
      if (stopped || current !== session) return
      let next: { address: string; source: string }[]
      try {
        next = rt.accountsOn(list, chain)
      } catch {
        return
      }
      const same =
        next.length === session.accounts.length &&
        next.every((a, i) => a.address === session.accounts[i]?.address)
      if (same) return
      if (next.length === 0) {
        stopped = true
        current = undefined
        context?.onAccountsChanged([])
        return
      }
      session.accounts = next
      context?.onAccountsChanged(rt.typed(next))
    })
    return () => {
      stopped = true
      if (typeof unsubscribe === 'function') unsubscribe()
    }
  }

  function accountOf(session: Session, address: unknown, rt: Runtime) {
    const account =
      typeof address === 'string'
        ? session.accounts.find((a) => a.address === address || rt.sameKey(a.address, address))
        : undefined
    if (!account)
      throw new InvalidParamsRpcError({ details: `${String(address)} is not a connected Polkadot address.` })
    return account
  }

  return {
    namespace: 'polkadot',
    networks,

    setup(adapterContext) {
      context = adapterContext
      sources = sourcesOf()
      // Extensions put themselves on the page as it loads, some after it: look again every half
      // second for the first ten.
      const refresh = () => {
        const next = sourcesOf()
        if (next.join() === sources.join()) return
        sources = next
        context?.onConnectorsChanged(sources.map(toConnector))
      }
      const started = Date.now()
      const timer = setInterval(() => {
        refresh()
        if (Date.now() - started >= DISCOVERY_MS) clearInterval(timer)
      }, 500)
      return () => {
        clearInterval(timer)
        current?.stop()
        context = undefined
      }
    },

    getConnectors() {
      return sources.map(toConnector)
    },

    async connect({ connectorId, caipNetwork }) {
      const source = sourceOf(connectorId)
      const network = networkFor(caipNetwork ?? current?.network)
      await loadRuntime()
      const injected = await enable(source, timeoutMs)
      const result = await attach(extensionWallet(source), injected, network, timeoutMs)
      if (!result) throw new InvalidWalletResponseError({ what: `account for ${network.name}` })
      return result
    },

    async reconnect({ connectorId }) {
      const source = sourceOf(connectorId)
      await loadRuntime()
      let injected: Injected
      try {
        injected = await enable(source, RESTORE_TIMEOUT_MS)
      } catch (error) {
        // A refusal says the site is no longer allowed; a timeout or a bad answer tells nothing.
        if (error instanceof UserRejectedRequestError) return undefined
        throw error
      }
      return attach(extensionWallet(source), injected, networkFor(current?.network), RESTORE_TIMEOUT_MS)
    },

    async attachSession({ connectorId, connectorType, provider, walletName, walletIcon, caipNetwork }) {
      // A session connector's polkadot side (or the promise of it): its accounts and requests.
      const given = (await provider) as Partial<SessionProvider> | undefined
      if (typeof given?.request !== 'function' || typeof given.accounts !== 'function')
        throw new InvalidWalletResponseError({ what: 'polkadot provider' })
      const rt = await loadRuntime()
      const { chains, addresses } = rt.sessionAccounts(given.accounts(), networks)
      const network =
        caipNetwork && chains.has(caipNetwork.caipNetworkId)
          ? networkFor(caipNetwork)
          : networks.find((n) => chains.has(n.caipNetworkId))
      if (!network || addresses.length === 0) throw new InvalidWalletResponseError({ what: 'account' })
      const wallet: SessionWallet = {
        id: connectorId,
        type: connectorType,
        name: walletName,
        icon: walletIcon,
        chains,
      }
      const injected = rt.sessionInjected(given as SessionProvider, addresses, () =>
        current?.injected === injected ? current.network.caipNetworkId : network.caipNetworkId,
      )
      const result = await attach(wallet, injected, network, timeoutMs)
      if (!result) throw new InvalidWalletResponseError({ what: 'account' })
      return result
    },

    async disconnect() {
      const session = current
      if (!session) return
      current = undefined
      session.stop()
    },

    async switchNetwork({ caipNetwork }) {
      const session = connected()
      const network = networks.find((n) => n.caipNetworkId === caipNetwork.caipNetworkId)
      if (!network || (session.wallet.chains && !session.wallet.chains.has(network.caipNetworkId)))
        throw new ChainNotSupportedError({ chain: caipNetwork.caipNetworkId })
      // Addresses are written with each network's SS58 prefix, and an account may be tied to one chain.
      const result = await attach(session.wallet, session.injected, network, timeoutMs)
      if (!result) throw new InvalidWalletResponseError({ what: `account for ${network.name}` })
      context?.onAccountsChanged(result.accounts ?? [])
      context?.onChainChanged(network.id)
    },

    async signMessage({ message, address }) {
      const session = connected()
      if (typeof message !== 'string')
        throw new InvalidParamsRpcError({ details: 'message must be a string.' })
      const rt = await loadRuntime()
      const account = accountOf(session, address, rt)
      const signRaw = session.injected.signer.signRaw
      if (typeof signRaw !== 'function') throw new UnsupportedProviderMethodError()
      const answer = await ask(
        signRaw({ address: account.source, data: rt.messageHex(message), type: 'bytes' }),
        'signRaw',
        timeoutMs,
      )
      const signature = (answer as { signature?: unknown } | undefined)?.signature
      // A signature is returned only once it verifies for this address and this message.
      if (!rt.verifyRaw(message, signature, account.address))
        throw new InvalidWalletResponseError({ what: 'signature' })
      return signature as string
    },

    async signPayload(payload) {
      const session = connected()
      const rt = await loadRuntime()
      const checked = rt.checkPayload(payload)
      const account = accountOf(session, checked.address, rt)
      const chain = polkadotChainOf(session.network)
      if (checked.genesisHash.toLowerCase() !== chain.genesisHash)
        throw new ChainNotSupportedError({ chain: `polkadot:${checked.genesisHash.slice(2, 34)}` })
      const signPayload = session.injected.signer.signPayload
      if (typeof signPayload !== 'function') throw new UnsupportedProviderMethodError()
      const { metadataHash, ...rest } = checked
      const asked = { ...rest, address: account.source, ...(metadataHash ? { metadataHash } : {}) }
      const answer = (await ask(signPayload(asked), 'signPayload', timeoutMs)) as
        | { signature?: unknown; signedTransaction?: unknown }
        | undefined
      const signedTransaction = answer?.signedTransaction
      if (
        !rt.verifyPayload(checked, answer?.signature) ||
        (signedTransaction !== undefined &&
          (typeof signedTransaction !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signedTransaction)))
      )
        throw new InvalidWalletResponseError({ what: 'signature' })
      return {
        signature: answer?.signature as `0x${string}`,
        ...(signedTransaction ? { signedTransaction: signedTransaction as `0x${string}` } : {}),
      }
    },

    async sendTransaction() {
      // Spec §6: sending is for eip155 and solana; a Polkadot app signs payloads with signPayload.
      throw new UnsupportedProviderMethodError()
    },

    // Spec §6: no balance outside eip155 and solana (the kit reads no Polkadot node).
    balances: false,
    async getBalance() {
      throw new UnsupportedProviderMethodError()
    },

    async verifyMessage({ address, message, signature }) {
      const rt = await loadRuntime()
      return rt.verifyRaw(message, signature, address)
    },

    async request({ method, params }) {
      if (method === 'polkadot_signMessage' || method === 'signRaw') {
        const given = (params ?? {}) as { message?: unknown; address?: unknown }
        return this.signMessage({ message: given.message as string, address: given.address as string })
      }
      if (method === 'polkadot_signTransaction' || method === 'signPayload') {
        const given = (params ?? {}) as { transactionPayload?: unknown }
        return this.signPayload((given.transactionPayload ?? params) as PolkadotSignerPayload)
      }
      throw new UnsupportedProviderMethodError()
    },

    getProvider() {
      return current?.injected
    },
  }
}
