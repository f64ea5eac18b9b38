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
  NotConnectedError,
  UnsupportedProviderMethodError,
} from '@latch/core'
import { ask } from './errors.js'
import type { AminoSignDoc, DirectSignDoc, KeplrKey, KeplrLike, StdSignature } from './keplr.js'
import { type CosmosNetwork, chainInfoOf, isCosmosNetwork } from './network.js'
import type { CosmosSessionProvider } from './session.js'

/** A Keplr-compatible wallet injected into the page, and how the kit names it. */
export interface CosmosInjectedWallet {
  /** Where its object is on `window`: a property path (`keplr`, `cosmostation.providers.keplr`). */
  global: string
  name: string
  /** A data: or https: image. */
  icon?: string | undefined
  /** The window event it fires when its account changes (`keplr_keystorechange`). */
  accountsChangedEvent?: string | undefined
}

/** The injected wallets the adapter looks for unless told otherwise. */
export const COSMOS_INJECTED_WALLETS: readonly CosmosInjectedWallet[] = [
  { global: 'keplr', name: 'Keplr', accountsChangedEvent: 'keplr_keystorechange' },
  { global: 'leap', name: 'Leap', accountsChangedEvent: 'leap_keystorechange' },
]

/** Options of {@link cosmosAdapter}. */
export interface CosmosAdapterOptions {
  /** The app's Cosmos networks (`cosmosHub()`, `osmosis()`, `cosmosNetwork({...})`). */
  networks: readonly CosmosNetwork[]
  /** More injected wallets to look for, beside Keplr and Leap. */
  wallets?: readonly CosmosInjectedWallet[] | undefined
  /** How long a wallet prompt (connect, sign) may stay unanswered; 120 s by default. */
  timeoutMs?: number | undefined
}

/** CosmJS's `AccountData`. */
export interface CosmosAccountData {
  address: string
  algo: 'secp256k1'
  pubkey: Uint8Array
}

/**
 * A CosmJS offline signer (`OfflineAminoSigner & OfflineDirectSigner`) of the connected account
 * on the chain it was on when the signer was made; each answer of the wallet is checked.
 */
export interface CosmosOfflineSigner {
  getAccounts(): Promise<readonly CosmosAccountData[]>
  signAmino(
    signerAddress: string,
    signDoc: AminoSignDoc,
  ): Promise<{ signed: AminoSignDoc; signature: StdSignature }>
  signDirect(
    signerAddress: string,
    signDoc: DirectSignDoc,
  ): Promise<{ signed: DirectSignDoc; signature: StdSignature }>
}

export interface CosmosAdapter extends ChainAdapter<never> {
  readonly namespace: 'cosmos'
  /**
   * ADR-036 `signArbitrary` of the connected account: the signature with its public key, checked
   * (the key's address is the account's, the signature verifies) before it is returned.
   */
  signArbitrary(parameters: { message: string }): Promise<StdSignature>
  /** A CosmJS signer of the connected account (`signAmino`, `signDirect`). */
  getOfflineSigner(): CosmosOfflineSigner
}

type Runtime = typeof import('./runtime.js')
let runtime: Promise<Runtime> | undefined
/** The noble curves and hashes, loaded on the first connect, restore or check. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('./runtime.js').catch((error: unknown) => {
    runtime = undefined
    throw error
  })
  return runtime
}

const RESTORE_TIMEOUT_MS = 10_000
const DISCOVERY_POLL_MS = 250
const DISCOVERY_LIMIT_MS = 10_000
const WALLET_METHODS = ['enable', 'getKey', 'signArbitrary', 'signAmino', 'signDirect'] as const

/** The object at `path` of the window, when it has a Keplr-compatible API. */
function providerAt(path: string): KeplrLike | undefined {
  if (typeof window === 'undefined') return undefined
  let node: unknown = window
  for (const part of path.split('.')) {
    if (node === null || (typeof node !== 'object' && typeof node !== 'function')) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  if (node === null || typeof node !== 'object') return undefined
  return WALLET_METHODS.every((m) => typeof (node as Record<string, unknown>)[m] === 'function')
    ? (node as KeplrLike)
    : undefined
}

const connectorIdOf = (wallet: CosmosInjectedWallet): string => `cosmos:${wallet.global}`

function toConnector(wallet: CosmosInjectedWallet): Connector {
  const icon =
    typeof wallet.icon === 'string' && /^(data:image\/|https:\/\/)/.test(wallet.icon)
      ? wallet.icon
      : undefined
  return {
    id: connectorIdOf(wallet),
    type: 'INJECTED',
    name: wallet.name,
    chain: 'cosmos',
    imageUrl: icon,
    installed: true,
  }
}

function checkWallet(wallet: CosmosInjectedWallet): CosmosInjectedWallet {
  if (typeof wallet?.global !== 'string' || !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(wallet.global))
    throw new TypeError(
      `A Cosmos wallet's global must be a property path of window, got ${String(wallet?.global)}.`,
    )
  if (typeof wallet.name !== 'string' || !wallet.name.trim())
    throw new TypeError(`The Cosmos wallet at window.${wallet.global} needs a name.`)
  return wallet
}

/** Who a session is with: an injected wallet's connector or a session connector's. */
interface Holder {
  connectorId: string
  connectorType: ConnectorType
  name: string
  icon: string | undefined
  accountsChangedEvent?: string | undefined
}

interface Session {
  holder: Holder
  provider: KeplrLike
  network: CosmosNetwork
  address: string
  publicKey: Uint8Array
  stop: () => void
}

/**
 * The Cosmos adapter of Latch: Keplr-compatible injected wallets (Keplr, Leap and any other at a
 * window property given in `wallets`), the app's chains enabled and, where a wallet lacks one,
 * suggested to it (`experimentalSuggestChain`); messages signed with ADR-036 `signArbitrary`,
 * transactions with `signAmino` / `signDirect` through a CosmJS offline signer. Every signature
 * is verified for the account before it is returned. Balances and transfers are not part of it
 * (no Cosmos node is read). Creating it does no I/O; the noble curves load on the first connect.
 *
 * @example
 * const hub = cosmosHub()
 * const latch = createLatch({ networks: [hub], adapters: [cosmosAdapter({ networks: [hub] })] })
 */
export function cosmosAdapter({
  networks,
  wallets: extra = [],
  timeoutMs = 120_000,
}: CosmosAdapterOptions): CosmosAdapter {
  if (!Array.isArray(networks) || networks.length === 0 || !networks.every(isCosmosNetwork))
    throw new TypeError('cosmosAdapter needs Cosmos networks (made with cosmosNetwork, cosmosHub, osmosis…).')
  const known = [...extra.map(checkWallet), ...COSMOS_INJECTED_WALLETS].filter(
    (w, i, all) => all.findIndex((o) => o.global === w.global) === i,
  )
  let present: CosmosInjectedWallet[] = []
  let context: AdapterContext | undefined
  let current: Session | undefined

  /** Looks for the wallets again; tells the core when the list changed. */
  function scan(): void {
    const found = known.filter((w) => providerAt(w.global))
    const changed = found.length !== present.length || found.some((w, i) => present[i] !== w)
    present = found
    if (changed) context?.onConnectorsChanged(present.map(toConnector))
  }

  function walletOf(connectorId: string): { wallet: CosmosInjectedWallet; provider: KeplrLike } {
    scan()
    const wallet = present.find((w) => connectorIdOf(w) === connectorId)
    const provider = wallet && providerAt(wallet.global)
    if (!wallet || !provider) throw new AdapterOrConnectorNotFoundError({ namespace: 'cosmos' })
    return { wallet, provider }
  }

  /** The app's network of that id (the adapter's own object, with its chain info). */
  function networkFor(requested: CaipNetwork | undefined): CosmosNetwork {
    if (!requested) return networks[0] as CosmosNetwork
    const network = networks.find((n) => n.caipNetworkId === requested.caipNetworkId)
    if (!network) throw new ChainNotSupportedError({ chain: requested.caipNetworkId })
    return network
  }

  function connected(): Session {
    if (!current) throw new NotConnectedError()
    return current
  }

  /** Suggests the chain to a wallet that does not list it (when the network has endpoints). */
  async function ensureChain(provider: KeplrLike, network: CosmosNetwork): Promise<void> {
    const info = chainInfoOf(network)
    if (!info || typeof provider.experimentalSuggestChain !== 'function') return
    if (typeof provider.getChainInfosWithoutEndpoints === 'function') {
      const chains = await ask(
        provider.getChainInfosWithoutEndpoints(),
        'getChainInfosWithoutEndpoints',
        timeoutMs,
      )
      if (Array.isArray(chains) && chains.some((c) => c?.chainId === network.id)) return
    }
    await ask(provider.experimentalSuggestChain(info), 'experimentalSuggestChain', timeoutMs)
  }

  /** The wallet's key on the chain, checked: a secp256k1 key whose address has the chain's prefix. */
  async function readKey(provider: KeplrLike, network: CosmosNetwork, limit: number) {
    const rt = await loadRuntime()
    const key = (await ask(provider.getKey(network.id), 'getKey', limit)) as Partial<KeplrKey> | undefined
    const address = key?.bech32Address
    const publicKey = key?.pubKey instanceof Uint8Array ? new Uint8Array(key.pubKey) : undefined
    if (
      key?.algo !== 'secp256k1' ||
      !rt.isAddress(address, network.cosmos.bech32Prefix) ||
      publicKey?.length !== 33 ||
      rt.addressOf(publicKey, network.cosmos.bech32Prefix) !== address
    )
      throw new InvalidWalletResponseError({ what: 'account' })
    return { address, publicKey }
  }

  function resultOf(session: Session): ConnectResult {
    return {
      address: session.address,
      chainId: session.network.id,
      connectorId: session.holder.connectorId,
      connectorType: session.holder.connectorType,
      accounts: [{ address: session.address, type: 'eoa' }],
      walletName: session.holder.name,
      walletIcon: session.holder.icon,
    }
  }

  /** Makes the session current, following the wallet's account changes. */
  function attach(
    holder: Holder,
    provider: KeplrLike,
    network: CosmosNetwork,
    key: { address: string; publicKey: Uint8Array },
  ): Session {
    current?.stop()
    const event = holder.accountsChangedEvent
    const session: Session = { holder, provider, network, ...key, stop: () => {} }
    if (event && typeof window !== 'undefined') {
      const onChange = () => {
        void readKey(provider, session.network, timeoutMs).then(
          (next) => {
            if (current !== session || next.address === session.address) return
            session.address = next.address
            session.publicKey = next.publicKey
            context?.onAccountsChanged([{ address: next.address, type: 'eoa' } satisfies ConnectedAccount])
          },
          () => {},
        )
      }
      window.addEventListener(event, onChange)
      session.stop = () => window.removeEventListener(event, onChange)
    }
    current = session
    return session
  }

  async function open(connectorId: string, requested: CaipNetwork | undefined, silent: boolean) {
    const { wallet, provider } = walletOf(connectorId)
    const network = networkFor(requested)
    const limit = silent ? RESTORE_TIMEOUT_MS : timeoutMs
    await loadRuntime()
    if (!silent) await ensureChain(provider, network)
    await ask(provider.enable(network.id), 'enable', limit)
    const key = await readKey(provider, network, limit)
    const connector = toConnector(wallet)
    return attach(
      {
        connectorId: connector.id,
        connectorType: 'INJECTED',
        name: wallet.name,
        icon: connector.imageUrl,
        accountsChangedEvent: wallet.accountsChangedEvent,
      },
      provider,
      network,
      key,
    )
  }

  function accountOf(session: Session, address: unknown): string {
    if (address !== session.address) throw new NotConnectedError()
    return address
  }

  async function signArbitrary({ message, address }: { message: unknown; address?: unknown }) {
    const session = connected()
    if (typeof message !== 'string') throw new InvalidParamsRpcError({ details: 'message must be a string.' })
    const signer = accountOf(session, address ?? session.address)
    const rt = await loadRuntime()
    const signature = await ask(
      session.provider.signArbitrary(session.network.id, signer, message),
      'signArbitrary',
      timeoutMs,
    )
    const doc = rt.adr36Doc(signer, rt.messageBytes(message))
    // Returned only once it verifies for this account and this message.
    if (!rt.checkStdSignature(signature, signer, session.network.cosmos.bech32Prefix, rt.aminoSignBytes(doc)))
      throw new InvalidWalletResponseError({ what: 'signature' })
    return { pub_key: { ...signature.pub_key }, signature: signature.signature }
  }

  function getOfflineSigner(): CosmosOfflineSigner {
    const session = connected()
    const { network, provider } = session
    const chainId = network.id
    const prefix = network.cosmos.bech32Prefix
    const live = (signer: unknown): string => {
      if (current !== session) throw new NotConnectedError()
      return accountOf(session, signer)
    }
    return {
      async getAccounts() {
        live(session.address)
        return [{ address: session.address, algo: 'secp256k1', pubkey: session.publicKey.slice() }]
      },
      async signAmino(signerAddress, signDoc) {
        const signer = live(signerAddress)
        if (signDoc?.chain_id !== chainId)
          throw new InvalidParamsRpcError({ details: `The sign doc's chain_id must be ${chainId}.` })
        const rt = await loadRuntime()
        const answer = await ask(provider.signAmino(chainId, signer, signDoc), 'signAmino', timeoutMs)
        const signed = answer?.signed
        // The wallet may set the fee; everything else must be what was asked.
        const rest = (doc: AminoSignDoc) => rt.sortedJson({ ...doc, fee: undefined })
        if (
          !signed ||
          typeof signed !== 'object' ||
          rest(signed) !== rest(signDoc) ||
          !rt.checkStdSignature(answer.signature, signer, prefix, rt.aminoSignBytes(signed))
        )
          throw new InvalidWalletResponseError({ what: 'signature' })
        return { signed, signature: answer.signature }
      },
      async signDirect(signerAddress, signDoc) {
        const signer = live(signerAddress)
        if (
          signDoc?.chainId !== chainId ||
          !(signDoc.bodyBytes instanceof Uint8Array) ||
          !(signDoc.authInfoBytes instanceof Uint8Array) ||
          typeof signDoc.accountNumber !== 'bigint'
        )
          throw new InvalidParamsRpcError({
            details: `The sign doc must be a SignDoc of ${chainId} (bytes, bigint account number).`,
          })
        const rt = await loadRuntime()
        const answer = await ask(provider.signDirect(chainId, signer, signDoc), 'signDirect', timeoutMs)
        const given = answer?.signed
        let accountNumber: bigint | undefined
        try {
          accountNumber = BigInt(String(given?.accountNumber))
        } catch {
          accountNumber = undefined
        }
        // The wallet may set the fee (auth info); the body, chain and account must be as asked.
        if (
          !(given?.bodyBytes instanceof Uint8Array) ||
          !(given.authInfoBytes instanceof Uint8Array) ||
          !rt.sameBytes(given.bodyBytes, signDoc.bodyBytes) ||
          given.chainId !== chainId ||
          accountNumber !== signDoc.accountNumber
        )
          throw new InvalidWalletResponseError({ what: 'signature' })
        const signed: DirectSignDoc = {
          bodyBytes: new Uint8Array(given.bodyBytes),
          authInfoBytes: new Uint8Array(given.authInfoBytes),
          chainId,
          accountNumber,
        }
        if (!rt.checkStdSignature(answer.signature, signer, prefix, rt.directSignBytes(signed)))
          throw new InvalidWalletResponseError({ what: 'signature' })
        return { signed, signature: answer.signature }
      },
    }
  }

  return {
    namespace: 'cosmos',
    networks,

    setup(adapterContext) {
      context = adapterContext
      present = known.filter((w) => providerAt(w.global))
      // Injected wallets have no announcement: look again until every known one is there, or
      // for a while after start-up (extensions inject late).
      const started = Date.now()
      const timer =
        typeof window === 'undefined'
          ? undefined
          : setInterval(() => {
              scan()
              if (present.length === known.length || Date.now() - started > DISCOVERY_LIMIT_MS)
                clearInterval(timer)
            }, DISCOVERY_POLL_MS)
      return () => {
        clearInterval(timer)
        current?.stop()
        context = undefined
      }
    },

    getConnectors() {
      return present.map(toConnector)
    },

    async connect({ connectorId, caipNetwork }) {
      return resultOf(await open(connectorId, caipNetwork, false))
    },

    async reconnect({ connectorId }) {
      try {
        return resultOf(await open(connectorId, undefined, true))
      } catch (error) {
        // The wallet declined: the site is no longer allowed. Anything else: it cannot tell.
        if ((error as { code?: unknown } | undefined)?.code === 4001) return undefined
        throw error
      }
    },

    async attachSession({ connectorId, connectorType, provider, walletName, walletIcon, caipNetwork }) {
      const session = provider as Partial<CosmosSessionProvider> | undefined
      if (typeof session?.accounts !== 'function' || typeof session.request !== 'function')
        throw new InvalidWalletResponseError({ what: 'cosmos provider' })
      const rt = await loadRuntime()
      // The session's accounts on the app's networks, by chain id.
      const approved = new Map<string, string>()
      for (const raw of session.accounts()) {
        const match = typeof raw === 'string' ? /^cosmos:([-a-zA-Z0-9]{1,32}):(.+)$/.exec(raw) : null
        const network = match && networks.find((n) => n.id === match[1])
        if (!match || !network) continue
        if (!rt.isAddress(match[2], network.cosmos.bech32Prefix))
          throw new InvalidWalletResponseError({ what: 'account' })
        approved.set(network.id, match[2] as string)
      }
      const network =
        networks.find((n) => n.caipNetworkId === caipNetwork?.caipNetworkId && approved.has(n.id)) ??
        networks.find((n) => approved.has(n.id))
      if (!network) throw new InvalidWalletResponseError({ what: 'account' })
      const { sessionKeplr } = await import('./session.js')
      const keplr = sessionKeplr(session as CosmosSessionProvider, approved, walletName, rt)
      const key = await readKey(keplr, network, timeoutMs)
      const holder: Holder = { connectorId, connectorType, name: walletName, icon: walletIcon }
      return resultOf(attach(holder, keplr, network, key))
    },

    async disconnect() {
      const session = current
      if (!session) return
      current = undefined
      session.stop()
      if (typeof session.provider.disable === 'function')
        await ask(session.provider.disable(session.network.id), 'disable', RESTORE_TIMEOUT_MS).catch(() => {})
    },

    async switchNetwork({ caipNetwork }) {
      const session = connected()
      const network = networkFor(caipNetwork)
      await ensureChain(session.provider, network)
      await ask(session.provider.enable(network.id), 'enable', timeoutMs)
      // Addresses differ between chains (their prefixes): the key is read again for the new one.
      const key = await readKey(session.provider, network, timeoutMs)
      const next = attach(session.holder, session.provider, network, key)
      context?.onAccountsChanged([{ address: next.address, type: 'eoa' }])
      context?.onChainChanged(network.id)
    },

    async signMessage({ message, address }) {
      return (await signArbitrary({ message, address })).signature
    },

    signArbitrary: ({ message }) => signArbitrary({ message }),

    getOfflineSigner,

    async sendTransaction() {
      // Spec §6: sending is for eip155 and solana; a Cosmos app signs with getOfflineSigner.
      throw new UnsupportedProviderMethodError()
    },

    // Spec §6: balances are read for eip155 and solana only; no Cosmos node is read.
    balances: false,
    async getBalance() {
      throw new UnsupportedProviderMethodError()
    },

    async verifyMessage({ address, message, signature, caipNetwork }) {
      const network = networks.find((n) => n.caipNetworkId === caipNetwork?.caipNetworkId)
      if (!network || typeof message !== 'string' || typeof signature !== 'string') return false
      return (await loadRuntime()).verifyAdr36(address, network.cosmos.bech32Prefix, message, signature)
    },

    async request({ method, params }) {
      const given = (params ?? {}) as Record<string, unknown>
      if (method === 'signArbitrary' || method === 'signMessage')
        return signArbitrary({ message: given.message, address: given.address })
      throw new UnsupportedProviderMethodError()
    },

    getProvider() {
      return current?.provider
    },
  }
}
