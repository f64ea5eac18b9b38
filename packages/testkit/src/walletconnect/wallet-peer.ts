import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import {
  answerBitcoinRequest,
  bitcoinNamespaceFor,
  bitcoinPeerKeys,
  type WalletPeerBitcoin,
} from './bitcoin-namespace.js'
import {
  answerCosmosRequest,
  cosmosKeyOf,
  cosmosNamespaceFor,
  type WalletPeerCosmos,
} from './cosmos-namespace.js'
import {
  chooseNamespaces,
  eip155Namespace,
  parseEip155ChainId,
  WALLET_PEER_EVENTS,
  WALLET_PEER_METHODS,
} from './eip155-namespace.js'
import { closeLocalSignClient, createLocalSignClient, type LocalSignClient } from './local-client.js'
import {
  answerPolkadotRequest,
  polkadotNamespaceFor,
  polkadotPeerKey,
  type WalletPeerPolkadot,
} from './polkadot-namespace.js'
import { Queue } from './queue.js'
import {
  answerSolanaRequest,
  solanaKeyOfSeed,
  solanaNamespaceFor,
  type WalletPeerSolana,
} from './solana-namespace.js'
import { BATCH_METHODS, batchScopedProperties, createPeerBatchCalls } from './wallet-peer-calls.js'
import { answerWalletRequest, type WalletRequestOutcome } from './wallet-requests.js'

export type WalletPeerChain = { id: number; rpcUrl: string }

export type CreateWalletPeerParameters = {
  relayUrl: string
  projectId: string
  /** One or more keys; the first is the active account until `changeAccount`. */
  privateKeys: readonly Hex[]
  /** Chains the wallet has; the first is active until `changeChain`. */
  chains: readonly WalletPeerChain[]
  /** Methods and events to approve in the eip155 namespace, instead of everything the peer answers. */
  namespaces?: { methods?: readonly string[]; events?: readonly string[] }
  /**
   * The wallet's Solana side: with it, proposals asking for solana chains it has get the solana
   * namespace approved too (its account, the Solana methods). Without it, only eip155.
   */
  solana?: WalletPeerSolana
  /**
   * The wallet's Cosmos side: with it, proposals asking for cosmos chains it has get the cosmos
   * namespace approved too (its account with each chain's prefix, the Cosmos methods).
   */
  cosmos?: WalletPeerCosmos
  /**
   * The wallet's Polkadot side: with it, proposals asking for polkadot chains it has get the
   * polkadot namespace approved too (its sr25519 account, the Polkadot methods).
   */
  polkadot?: WalletPeerPolkadot
  /**
   * The wallet's Bitcoin side (regtest keys of the test mnemonic): with it, proposals asking for
   * bip122 chains it has get the bip122 namespace approved too (its payment address, WalletConnect's
   * Bitcoin methods).
   */
  bitcoin?: WalletPeerBitcoin
  metadata?: SignClientTypes.Metadata
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
  /**
   * Answer one-click sign-in requests (`wc_sessionAuthenticate`) with `approveNextAuthenticate`
   * / `rejectNextAuthenticate`. Off (the default), the wallet does not support it: it gets the
   * session proposal sent alongside instead (`approveNext`), as wallets without it do.
   */
  authenticate?: boolean
}

/** A request the peer answered, kept for assertions. */
export type WalletPeerRequestRecord = {
  topic: string
  method: string
  chainId: string
  params: unknown
  outcome: WalletRequestOutcome
}

/** Rejection codes a wallet app gives for a declined request: EIP-1193 4001 or WalletConnect 5000. */
export type WalletPeerRejectionCode = 4001 | 5000

export type WalletPeer = {
  /** The underlying sign client, in the wallet role. */
  readonly client: LocalSignClient
  readonly address: Hex
  readonly chainId: number
  /** The Solana account (base58), when the wallet has a Solana side. */
  readonly solanaAddress: string | undefined
  /** The Polkadot account (generic SS58 format), when the wallet has a Polkadot side. */
  readonly polkadotAddress: string | undefined
  /** The Bitcoin payment address (regtest), when the wallet has a Bitcoin side. */
  readonly bitcoinAddress: string | undefined
  /** Pairs with a `wc:` URI shown by a dapp. */
  pair(uri: string): Promise<void>
  /**
   * Approves the oldest pending (or the next) session proposal; resolves with the session.
   * `beforeApprove` runs once the proposal has arrived and is awaited before approving, and
   * `delayMs` waits that long after it: the visitor can close the dapp's modal first.
   */
  approveNext(options?: {
    timeoutMs?: number
    delayMs?: number
    beforeApprove?: (proposal: { id: number; pairingTopic: string }) => unknown
  }): Promise<SessionTypes.Struct>
  /** Rejects the oldest pending (or the next) session proposal with 5000 "User rejected.". */
  rejectNext(options?: { timeoutMs?: number }): Promise<void>
  /**
   * Approves the oldest pending (or the next) one-click sign-in request (needs `authenticate`):
   * signs the CAIP-122 message with the active key on every requested chain the wallet has
   * (EIP-191), returns the CACAOs; resolves with the session they create.
   */
  approveNextAuthenticate(options?: { timeoutMs?: number }): Promise<SessionTypes.Struct | undefined>
  /** Rejects the oldest pending (or the next) one-click sign-in request with 5000 "User rejected.". */
  rejectNextAuthenticate(options?: { timeoutMs?: number }): Promise<void>
  /**
   * Approves whichever connection request arrives first, as a wallet app does with what it is
   * shown: a session proposal (`approveNext`) or, with `authenticate`, a one-click sign-in request
   * (`approveNextAuthenticate`). Resolves with the kind and the session.
   */
  approveNextConnection(options?: {
    timeoutMs?: number
  }): Promise<{ kind: 'proposal' | 'authenticate'; session: SessionTypes.Struct | undefined }>
  /**
   * The Solana side selects another account (needs `solana`; `seed` as in its options): every
   * session with a solana namespace is updated to it, and `accountsChanged` is emitted on its chains.
   */
  changeSolanaAccount(seed: string): Promise<void>
  /** Declines the next `count` requests (all, when omitted) with `code`; `false` answers them again. */
  rejectRequests(setting: { code: WalletPeerRejectionCode; count?: number } | false): void
  /** Requests answered so far, oldest first. */
  requests(): readonly WalletPeerRequestRecord[]
  /** Makes key `index` the active account: session update plus `accountsChanged`. */
  changeAccount(index: number): Promise<void>
  /** Makes `chainId` active: session update when the chain is new to a session, plus `chainChanged`. */
  changeChain(chainId: number): Promise<void>
  /** Ends one session (or all) with 6000 "User disconnected.". */
  disconnect(topic?: string): Promise<void>
  sessions(): SessionTypes.Struct[]
  /**
   * Whether a session (the given one, else any) is still alive: the wallet holds it unexpired
   * and the dapp answers a ping within `timeoutMs` (3000 by default). A session the dapp ended
   * is gone from the wallet; one the dapp forgot without ending it still answers (a dangling
   * session, which the dapp's library keeps).
   */
  sessionAlive(topic?: string, options?: { timeoutMs?: number }): Promise<boolean>
  /** Closes the socket and timers. */
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const defaultMetadata: SignClientTypes.Metadata = {
  name: 'Latch Test Wallet',
  description: 'Scripted WalletConnect wallet for tests',
  url: 'http://127.0.0.1',
  icons: [],
}

/**
 * Starts a scripted wallet on the real WalletConnect sign client, signing with real keys.
 *
 * @example
 * const wallet = await createWalletPeer({ relayUrl: relay.url, projectId, privateKeys: [key], chains: [{ id: 1, rpcUrl }] })
 * await wallet.pair(uri)
 * const session = await wallet.approveNext()
 */
export async function createWalletPeer(parameters: CreateWalletPeerParameters): Promise<WalletPeer> {
  if (parameters.privateKeys.length === 0) throw new Error('createWalletPeer needs at least one private key')
  if (parameters.chains.length === 0) throw new Error('createWalletPeer needs at least one chain')
  const accounts: PrivateKeyAccount[] = parameters.privateKeys.map((key) => privateKeyToAccount(key))
  const chains = new Map(parameters.chains.map((chain) => [chain.id, chain.rpcUrl]))
  const methods = parameters.namespaces?.methods ?? WALLET_PEER_METHODS
  const events = parameters.namespaces?.events ?? WALLET_PEER_EVENTS
  let active = accounts[0] as PrivateKeyAccount
  let chainId = (parameters.chains[0] as WalletPeerChain).id
  let rejection: { code: WalletPeerRejectionCode; remaining: number } | undefined
  const records: WalletPeerRequestRecord[] = []
  const solana = parameters.solana
  // EIP-5792 only when the session lists its methods (a test may narrow the methods).
  const batchCalls = methods.some((m) => BATCH_METHODS.includes(m))
    ? createPeerBatchCalls({ accounts, active: () => active, chains })
    : undefined
  let solanaKey = solana ? solanaKeyOfSeed(solana.seed) : undefined
  const cosmos = parameters.cosmos
  const cosmosKey = cosmos ? cosmosKeyOf(cosmos) : undefined
  const polkadot = parameters.polkadot
  const polkadotKey = polkadot ? await polkadotPeerKey(polkadot) : undefined
  const bitcoin = parameters.bitcoin
  const bitcoinKeys = bitcoin ? bitcoinPeerKeys(bitcoin) : undefined

  const client = await createLocalSignClient({
    relayUrl: parameters.relayUrl,
    projectId: parameters.projectId,
    metadata: parameters.metadata ?? defaultMetadata,
    logLevel: parameters.logLevel,
  })
  // What arrived, in order, so `approveNextConnection` answers the first of either kind.
  const arrivals = new Queue<'proposal' | 'authenticate'>()
  const proposals = new Queue<SignClientTypes.EventArguments['session_proposal']>()
  client.on('session_proposal', (proposal) => {
    proposals.push(proposal)
    arrivals.push('proposal')
  })
  const authRequests = new Queue<SignClientTypes.EventArguments['session_authenticate']>()
  // Listening is what tells the sign client this wallet answers authenticate requests.
  if (parameters.authenticate)
    client.on('session_authenticate', (request) => {
      authRequests.push(request)
      arrivals.push('authenticate')
    })

  const sessions = () => client.session.getAll()
  const sessionChainIds = (session: SessionTypes.Struct) =>
    (session.namespaces.eip155?.chains ?? []).map(parseEip155ChainId).filter((id) => id !== undefined)

  const updateSession = async (session: SessionTypes.Struct, chainIds: number[]) => {
    const namespaces = {
      ...session.namespaces,
      eip155: eip155Namespace(active.address, chainIds, { methods, events }),
    }
    const { acknowledged } = await client.update({ topic: session.topic, namespaces })
    await acknowledged()
  }

  const changeChain = async (next: number) => {
    if (!chains.has(next)) throw new Error(`The wallet has no chain ${next}`)
    chainId = next
    for (const session of sessions()) {
      const ids = sessionChainIds(session)
      if (!ids.includes(next)) await updateSession(session, [...ids, next])
      await client.emit({
        topic: session.topic,
        chainId: `eip155:${next}`,
        event: { name: 'chainChanged', data: next },
      })
    }
  }

  client.on('session_request', async (event) => {
    const { topic, id, params } = event
    const { method, params: requestParams } = params.request
    let outcome: WalletRequestOutcome
    const requestChainId = parseEip155ChainId(params.chainId)
    if (rejection) {
      outcome = { error: { code: rejection.code, message: 'User rejected the request.' } }
      rejection.remaining--
      if (rejection.remaining <= 0) rejection = undefined
    } else if (solana && solanaKey && params.chainId.startsWith('solana:')) {
      outcome = await answerSolanaRequest(
        { key: solanaKey, rpcUrl: solana.chains.find((c) => c.id === params.chainId)?.rpcUrl },
        method,
        requestParams,
      ).catch((error: unknown) => ({ error: { code: -32603, message: (error as Error).message } }))
    } else if (cosmos && cosmosKey && params.chainId.startsWith('cosmos:')) {
      outcome = answerCosmosRequest(
        { key: cosmosKey, cosmos, chainId: params.chainId },
        method,
        requestParams,
      )
    } else if (polkadotKey && params.chainId.startsWith('polkadot:')) {
      outcome = await answerPolkadotRequest(polkadotKey, method, requestParams).catch((error: unknown) => ({
        error: { code: -32603, message: (error as Error).message },
      }))
    } else if (bitcoin && bitcoinKeys && params.chainId.startsWith('bip122:')) {
      outcome = await answerBitcoinRequest(
        { keys: bitcoinKeys, apiUrl: bitcoin.chains.find((c) => c.id === params.chainId)?.apiUrl },
        method,
        requestParams,
      ).catch((error: unknown) => ({ error: { code: -32603, message: (error as Error).message } }))
    } else if (requestChainId === undefined) {
      outcome = { error: { code: 5100, message: `Unsupported chain ${String(params.chainId)}` } }
    } else {
      outcome = await answerWalletRequest(
        {
          accounts,
          activeAccount: active,
          chains,
          chainId: requestChainId,
          switchChain: changeChain,
          batchCalls,
        },
        method,
        requestParams,
      ).catch((error: unknown) => ({ error: { code: -32603, message: (error as Error).message } }))
    }
    records.push({ topic, method, chainId: params.chainId, params: requestParams, outcome })
    await client.respond({ topic, response: { id, jsonrpc: '2.0', ...outcome } })
  })

  const peer: WalletPeer = {
    client,
    get address() {
      return active.address
    },
    get chainId() {
      return chainId
    },
    get solanaAddress() {
      return solanaKey?.address
    },
    get polkadotAddress() {
      return polkadotKey?.address
    },
    get bitcoinAddress() {
      return bitcoinKeys?.payment.address
    },
    async pair(uri) {
      await client.pair({ uri })
    },
    async approveNext(options) {
      const proposal = await proposals.next(options?.timeoutMs ?? 10_000, 'session proposal')
      await options?.beforeApprove?.({ id: proposal.id, pairingTopic: proposal.params.pairingTopic })
      if (options?.delayMs) await sleep(options.delayMs)
      const choice = chooseNamespaces(proposal.params, {
        account: active.address,
        chainIds: [...chains.keys()],
        methods,
        events,
      })
      if (!choice.ok) {
        const reason =
          choice.reason === 'unsupported-chains' ? 'UNSUPPORTED_CHAINS' : 'UNSUPPORTED_NAMESPACE_KEY'
        await client.reject({ id: proposal.id, reason: getSdkError(reason) })
        throw new Error(choice.message)
      }
      if (!choice.chainIds.includes(chainId)) chainId = choice.chainIds[0] as number
      const solanaNamespace = solana && solanaKey && solanaNamespaceFor(proposal.params, solanaKey, solana)
      if (solanaNamespace) choice.namespaces.solana = solanaNamespace
      const cosmosNamespace = cosmos && cosmosKey && cosmosNamespaceFor(proposal.params, cosmosKey, cosmos)
      if (cosmosNamespace) choice.namespaces.cosmos = cosmosNamespace
      const polkadotNamespace =
        polkadot && polkadotKey && polkadotNamespaceFor(proposal.params, polkadotKey, polkadot)
      if (polkadotNamespace) choice.namespaces.polkadot = polkadotNamespace
      const bitcoinNamespace =
        bitcoin && bitcoinKeys && bitcoinNamespaceFor(proposal.params, bitcoinKeys, bitcoin)
      if (bitcoinNamespace) choice.namespaces.bip122 = bitcoinNamespace
      const { acknowledged } = await client.approve({
        id: proposal.id,
        namespaces: choice.namespaces,
        ...(batchCalls ? { scopedProperties: batchScopedProperties(choice.chainIds) } : {}),
      })
      return acknowledged()
    },
    async rejectNext(options) {
      const proposal = await proposals.next(options?.timeoutMs ?? 10_000, 'session proposal')
      await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
    },
    async approveNextAuthenticate(options) {
      if (!parameters.authenticate) throw new Error('createWalletPeer: pass authenticate: true first')
      const request = await authRequests.next(options?.timeoutMs ?? 10_000, 'authenticate request')
      const payload = populateAuthPayload({
        authPayload: request.params.authPayload,
        chains: [...chains.keys()].map((id) => `eip155:${id}`),
        methods: [...methods],
      })
      const auths = []
      for (const chain of payload.chains) {
        const iss = `did:pkh:${chain}:${active.address}`
        const message = client.formatAuthMessage({ request: payload, iss })
        const signature = await active.signMessage({ message })
        auths.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
      }
      const first = parseEip155ChainId(payload.chains[0])
      if (first !== undefined) chainId = first
      const { session } = await client.approveSessionAuthenticate({ id: request.id, auths })
      return session
    },
    async rejectNextAuthenticate(options) {
      if (!parameters.authenticate) throw new Error('createWalletPeer: pass authenticate: true first')
      const request = await authRequests.next(options?.timeoutMs ?? 10_000, 'authenticate request')
      await client.rejectSessionAuthenticate({ id: request.id, reason: getSdkError('USER_REJECTED') })
    },
    rejectRequests(setting) {
      rejection = setting
        ? { code: setting.code, remaining: setting.count ?? Number.POSITIVE_INFINITY }
        : undefined
    },
    requests: () => [...records],
    async changeAccount(index) {
      const next = accounts[index]
      if (!next) throw new Error(`The wallet has no account at index ${index}`)
      active = next
      for (const session of sessions()) {
        const ids = sessionChainIds(session)
        await updateSession(session, ids)
        await client.emit({
          topic: session.topic,
          chainId: `eip155:${ids.includes(chainId) ? chainId : ids[0]}`,
          event: { name: 'accountsChanged', data: [active.address] },
        })
      }
    },
    changeChain,
    async disconnect(topic) {
      const topics = topic ? [topic] : sessions().map((session) => session.topic)
      for (const item of topics)
        await client.disconnect({ topic: item, reason: getSdkError('USER_DISCONNECTED') })
    },
    sessions,
    async sessionAlive(topic, options) {
      const now = Math.floor(Date.now() / 1000)
      const session = sessions().find((item) => (topic ? item.topic === topic : true) && item.expiry > now)
      if (!session) return false
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('ping timed out')), options?.timeoutMs ?? 3000)
      })
      try {
        await Promise.race([client.ping({ topic: session.topic }), timeout])
        return sessions().some((item) => item.topic === session.topic)
      } catch {
        return false
      } finally {
        clearTimeout(timer)
      }
    },
    async approveNextConnection(options) {
      const deadline = Date.now() + (options?.timeoutMs ?? 10_000)
      for (;;) {
        const kind = await arrivals.next(Math.max(deadline - Date.now(), 1), 'connection request')
        // An arrival already taken by approveNext / approveNextAuthenticate is skipped.
        if (kind === 'proposal' && proposals.length > 0) return { kind, session: await peer.approveNext() }
        if (kind === 'authenticate' && authRequests.length > 0)
          return { kind, session: await peer.approveNextAuthenticate() }
      }
    },
    async changeSolanaAccount(seed) {
      if (!solana || !solanaKey) throw new Error('createWalletPeer: the wallet has no Solana side')
      solanaKey = solanaKeyOfSeed(seed)
      const key = solanaKey
      for (const session of sessions()) {
        const namespace = session.namespaces.solana
        if (!namespace) continue
        const chains = namespace.chains ?? []
        const { acknowledged } = await client.update({
          topic: session.topic,
          namespaces: {
            ...session.namespaces,
            solana: { ...namespace, accounts: chains.map((id) => `${id}:${key.address}`) },
          },
        })
        await acknowledged()
        if (namespace.events.includes('accountsChanged'))
          for (const chainId of chains)
            await client.emit({
              topic: session.topic,
              chainId,
              event: { name: 'accountsChanged', data: [`${chainId}:${key.address}`] },
            })
      }
    },
    async stop() {
      proposals.close()
      authRequests.close()
      arrivals.close()
      await closeLocalSignClient(client)
    },
  }
  return peer
}
