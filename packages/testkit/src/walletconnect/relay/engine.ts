import { createHash } from 'node:crypto'
import { Mailbox, type MailboxLimits, type StoredMessage } from './mailbox.js'
import {
  type PublishParams,
  RpcErrorCode,
  type RpcId,
  readApproveSession,
  readBatchPublish,
  readBatchUnsubscribe,
  readProposeSession,
  readPublish,
  readTopic,
  readTopicList,
  readUnsubscribe,
} from './protocol.js'

/** One open socket, as the engine sees it. */
export type RelayPeer = {
  readonly clientId: string
  send(payload: object): void
}

export type RpcOutcome = { result: unknown } | { error: { code: number; message: string } }

type PeerState = {
  /** Outgoing irn_subscription request id → message id, until the client acknowledges it. */
  inflight: Map<RpcId, string>
  /** The topics this socket has subscribed to: a new socket gets a topic's messages only after it. */
  topics: Set<string>
}

/**
 * Same formula the WalletConnect client uses for its own bookkeeping (sha256 of topic and client
 * id), so the ids the relay hands out match the ones the client computes for topics it subscribed
 * implicitly through wc_proposeSession / wc_approveSession.
 */
function subscriptionIdFor(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

/**
 * Relay semantics without the transport: subscriptions by topic and client (they outlive
 * sockets), stored messages, delivery with acknowledgement, and the JSON-RPC methods. A socket
 * gets a topic's messages only once it has subscribed to it itself, as a client does again after
 * reconnecting: a message published in between waits in the mailbox and is delivered with that
 * subscription (a client that was sent it before it knew the subscription again would drop it).
 */
export class RelayEngine {
  readonly mailbox: Mailbox
  /** topic → clientId → subscription id. */
  readonly #subscriptions = new Map<string, Map<string, string>>()
  readonly #peers = new Map<RelayPeer, PeerState>()
  readonly #unknownMethods = new Set<string>()
  readonly #onUnknownMethod: (method: string) => void
  #nextId = Date.now() * 1000
  #published = 0
  #delivered = 0

  constructor(
    options: { limits?: MailboxLimits | undefined; onUnknownMethod?: (method: string) => void } = {},
  ) {
    this.mailbox = new Mailbox(options.limits)
    this.#onUnknownMethod = options.onUnknownMethod ?? (() => {})
  }

  attach(peer: RelayPeer): void {
    this.#peers.set(peer, { inflight: new Map(), topics: new Set() })
  }

  /** Forgets the socket; its client's subscriptions stay, and unacknowledged messages wait for it. */
  detach(peer: RelayPeer): void {
    this.#peers.delete(peer)
  }

  stats() {
    let subscriptions = 0
    for (const clients of this.#subscriptions.values()) subscriptions += clients.size
    return {
      subscriptions,
      storedMessages: this.mailbox.size,
      published: this.#published,
      delivered: this.#delivered,
      unknownMethods: [...this.#unknownMethods],
    }
  }

  /** The client acknowledged (or refused) an irn_subscription delivery. */
  onResponse(peer: RelayPeer, id: RpcId, ok: boolean): void {
    const state = this.#peers.get(peer)
    const messageId = state?.inflight.get(id)
    if (!state || messageId === undefined) return
    state.inflight.delete(id)
    if (ok) this.mailbox.ack(messageId, peer.clientId)
  }

  handle(peer: RelayPeer, method: string, params: unknown): RpcOutcome {
    switch (method) {
      case 'irn_subscribe': {
        const topic = readTopic(isObject(params) ? params.topic : undefined, 'topic')
        if (!topic.ok) return invalid(topic.message)
        return { result: this.#subscribe(peer, topic.value) }
      }
      case 'irn_batchSubscribe': {
        const topics = readTopicList(params)
        if (!topics.ok) return invalid(topics.message)
        return { result: topics.value.map((topic) => this.#subscribe(peer, topic)) }
      }
      case 'irn_unsubscribe': {
        const item = readUnsubscribe(params)
        if (!item.ok) return invalid(item.message)
        this.#unsubscribe(peer, item.value.topic)
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const items = readBatchUnsubscribe(params)
        if (!items.ok) return invalid(items.message)
        for (const item of items.value) this.#unsubscribe(peer, item.topic)
        return { result: true }
      }
      case 'irn_publish': {
        const message = readPublish(params)
        if (!message.ok) return invalid(message.message)
        this.#publish(peer, message.value)
        return { result: true }
      }
      case 'irn_batchPublish': {
        const messages = readBatchPublish(params)
        if (!messages.ok) return invalid(messages.message)
        for (const message of messages.value) this.#publish(peer, message)
        return { result: true }
      }
      case 'irn_batchFetchMessages': {
        const topics = readTopicList(params)
        if (!topics.ok) return invalid(topics.message)
        return { result: { messages: this.#fetch(peer, topics.value), hasMore: false } }
      }
      case 'wc_proposeSession': {
        const proposal = readProposeSession(params)
        if (!proposal.ok) return invalid(proposal.message)
        // The dapp creates the pairing without subscribing; the relay subscribes it here.
        this.#subscribe(peer, proposal.value.topic)
        this.#publish(peer, proposal.value)
        return { result: true }
      }
      case 'wc_approveSession': {
        const approval = readApproveSession(params)
        if (!approval.ok) return invalid(approval.message)
        // The wallet marks the session topic subscribed without asking; the relay does it here.
        this.#subscribe(peer, approval.value.settlement.topic)
        this.#publish(peer, approval.value.response)
        this.#publish(peer, approval.value.settlement)
        return { result: true }
      }
      default:
        this.#unknownMethods.add(method)
        this.#onUnknownMethod(method)
        return { error: { code: RpcErrorCode.methodNotFound, message: `Method not found: ${method}` } }
    }
  }

  #subscribe(peer: RelayPeer, topic: string): string {
    const clients = this.#subscriptions.get(topic) ?? new Map<string, string>()
    const id = clients.get(peer.clientId) ?? subscriptionIdFor(topic, peer.clientId)
    clients.set(peer.clientId, id)
    this.#subscriptions.set(topic, clients)
    this.#peers.get(peer)?.topics.add(topic)
    // Deliver after the subscribe response has gone out, so the client knows the topic first.
    queueMicrotask(() => {
      for (const message of this.mailbox.pendingFor(topic, peer.clientId)) this.#deliver(peer, id, message)
    })
    return id
  }

  #unsubscribe(peer: RelayPeer, topic: string): void {
    const clients = this.#subscriptions.get(topic)
    clients?.delete(peer.clientId)
    if (clients?.size === 0) this.#subscriptions.delete(topic)
    this.#peers.get(peer)?.topics.delete(topic)
  }

  #publish(peer: RelayPeer, params: PublishParams): void {
    const { message, isNew } = this.mailbox.put({
      topic: params.topic,
      message: params.message,
      ttlSeconds: params.ttl,
      tag: params.tag,
      attestation: params.attestation,
      publishedAt: Date.now(),
      publisher: peer.clientId,
    })
    if (isNew) this.#published++
    const clients = this.#subscriptions.get(params.topic)
    if (!clients) return
    queueMicrotask(() => {
      for (const [target, state] of this.#peers) {
        const id = clients.get(target.clientId)
        if (id !== undefined && state.topics.has(params.topic)) this.#deliver(target, id, message)
      }
    })
  }

  #fetch(peer: RelayPeer, topics: string[]) {
    const out: object[] = []
    for (const topic of topics) {
      for (const message of this.mailbox.pendingFor(topic, peer.clientId)) {
        // A fetched message is handed over in the response itself; no separate acknowledgement follows.
        this.mailbox.ack(message.id, peer.clientId)
        out.push(envelope(message))
      }
    }
    return out
  }

  #deliver(peer: RelayPeer, subscriptionId: string, message: StoredMessage): void {
    const state = this.#peers.get(peer)
    if (!state || message.publisher === peer.clientId) return
    if (this.mailbox.isAcked(message.id, peer.clientId)) return
    for (const pending of state.inflight.values()) if (pending === message.id) return
    const id = this.#nextId++
    state.inflight.set(id, message.id)
    this.#delivered++
    peer.send({
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscriptionId, data: envelope(message) },
    })
  }
}

function envelope(message: StoredMessage) {
  return {
    topic: message.topic,
    message: message.message,
    publishedAt: message.publishedAt,
    tag: message.tag,
    ...(message.attestation === undefined ? {} : { attestation: message.attestation }),
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function invalid(message: string): RpcOutcome {
  return { error: { code: RpcErrorCode.invalidParams, message } }
}
