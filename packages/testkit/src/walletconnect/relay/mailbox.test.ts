import { describe, expect, it } from 'vitest'
import { Mailbox } from './mailbox.js'

const topic = 'a'.repeat(64)
const message = (n: number, ttlSeconds = 60) => ({
  topic,
  message: `bTE${n}`,
  ttlSeconds,
  tag: 0,
  attestation: undefined,
  publishedAt: n,
  publisher: 'did:key:publisher',
})

describe('given a stored message', () => {
  describe('when its ttl has passed', () => {
    it('then a late subscriber no longer receives it', () => {
      const box = new Mailbox()
      box.put(message(1, 30), 0)

      expect(box.pendingFor(topic, 'did:key:late', 29_000)).toHaveLength(1)
      expect(box.pendingFor(topic, 'did:key:late', 30_000)).toEqual([])
      expect(box.size).toBe(0)
    })
  })
})

describe('given a topic at its cap', () => {
  describe('when another message arrives', () => {
    it('then the oldest is dropped', () => {
      const box = new Mailbox({ perTopic: 2, total: 100, maxTtlSeconds: 3600 })
      for (const n of [1, 2, 3]) box.put(message(n), 0)

      expect(box.pendingFor(topic, 'did:key:late', 0).map((m) => m.message)).toEqual(['bTE2', 'bTE3'])
    })
  })
})

describe('given the relay-wide cap', () => {
  describe('when it is exceeded', () => {
    it('then the oldest message on any topic is dropped', () => {
      const box = new Mailbox({ perTopic: 10, total: 2, maxTtlSeconds: 3600 })
      box.put(message(1), 0)
      box.put({ ...message(2), topic: 'b'.repeat(64) }, 0)
      box.put({ ...message(3), topic: 'c'.repeat(64) }, 0)

      expect(box.size).toBe(2)
      expect(box.pendingFor(topic, 'did:key:late', 0)).toEqual([])
    })
  })
})
