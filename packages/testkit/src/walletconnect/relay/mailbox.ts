import { createHash } from 'node:crypto'

/** A message the relay holds for a topic until its ttl runs out. */
export type StoredMessage = {
  /** sha256 of topic and message: the same payload published twice is one message. */
  id: string
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation: string | undefined
  expiresAt: number
  /** Client that published it; it is never delivered back to that client. */
  publisher: string
}

export type MailboxLimits = {
  /** Most messages kept per topic; the oldest go first. */
  perTopic: number
  /** Most messages kept overall. */
  total: number
  /** Longest ttl honoured, in seconds, whatever the publisher asks for. */
  maxTtlSeconds: number
}

export const defaultMailboxLimits: MailboxLimits = {
  perTopic: 200,
  total: 10_000,
  maxTtlSeconds: 30 * 24 * 3600,
}

function messageId(topic: string, message: string): string {
  return createHash('sha256').update(topic).update('\0').update(message).digest('hex')
}

/**
 * Per-topic message store with per-client acknowledgement, so a message reaches each subscriber
 * once even when sockets drop and clients resubscribe.
 */
export class Mailbox {
  readonly #byTopic = new Map<string, StoredMessage[]>()
  /** messageId → clients that acknowledged it. */
  readonly #acked = new Map<string, Set<string>>()
  readonly #limits: MailboxLimits
  #size = 0

  constructor(limits: MailboxLimits = defaultMailboxLimits) {
    this.#limits = limits
  }

  get size(): number {
    return this.#size
  }

  /** Stores a message; returns it and whether it was new (a republished duplicate is not). */
  put(
    input: Omit<StoredMessage, 'id' | 'expiresAt'> & { ttlSeconds: number },
    now = Date.now(),
  ): { message: StoredMessage; isNew: boolean } {
    this.prune(now)
    const id = messageId(input.topic, input.message)
    const list = this.#byTopic.get(input.topic) ?? []
    const existing = list.find((m) => m.id === id)
    if (existing) return { message: existing, isNew: false }
    const ttl = Math.min(Math.max(input.ttlSeconds, 1), this.#limits.maxTtlSeconds)
    const stored: StoredMessage = {
      id,
      topic: input.topic,
      message: input.message,
      publishedAt: input.publishedAt,
      tag: input.tag,
      attestation: input.attestation,
      publisher: input.publisher,
      expiresAt: now + ttl * 1000,
    }
    list.push(stored)
    this.#byTopic.set(input.topic, list)
    this.#size++
    while (list.length > this.#limits.perTopic) this.#drop(list, 0)
    if (this.#size > this.#limits.total) this.#dropOldest()
    return { message: stored, isNew: true }
  }

  /** Messages on `topic` that `clientId` neither published nor acknowledged, oldest first. */
  pendingFor(topic: string, clientId: string, now = Date.now()): StoredMessage[] {
    this.prune(now)
    const list = this.#byTopic.get(topic) ?? []
    return list.filter((m) => m.publisher !== clientId && !this.#acked.get(m.id)?.has(clientId))
  }

  isAcked(messageIdValue: string, clientId: string): boolean {
    return this.#acked.get(messageIdValue)?.has(clientId) ?? false
  }

  ack(messageIdValue: string, clientId: string): void {
    const set = this.#acked.get(messageIdValue) ?? new Set<string>()
    set.add(clientId)
    this.#acked.set(messageIdValue, set)
  }

  /** Messages still held for a topic (expired ones dropped first). */
  messagesOn(topic: string, now = Date.now()): readonly StoredMessage[] {
    this.prune(now)
    return this.#byTopic.get(topic) ?? []
  }

  prune(now = Date.now()): void {
    for (const [topic, list] of this.#byTopic) {
      for (let i = list.length - 1; i >= 0; i--) {
        if ((list[i] as StoredMessage).expiresAt <= now) this.#drop(list, i)
      }
      if (list.length === 0) this.#byTopic.delete(topic)
    }
  }

  #drop(list: StoredMessage[], index: number): void {
    const [removed] = list.splice(index, 1)
    if (!removed) return
    this.#acked.delete(removed.id)
    this.#size--
  }

  #dropOldest(): void {
    let oldest: { list: StoredMessage[]; index: number; at: number } | undefined
    for (const list of this.#byTopic.values()) {
      const first = list[0]
      if (first && (!oldest || first.publishedAt < oldest.at))
        oldest = { list, index: 0, at: first.publishedAt }
    }
    if (oldest) this.#drop(oldest.list, oldest.index)
  }
}
