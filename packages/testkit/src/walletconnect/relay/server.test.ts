import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type LocalRelay, startRelay } from './server.js'

/** A relay token of the right shape; the local relay does not check signatures. */
function relayToken(seed = randomBytes(8).toString('hex')): string {
  const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const iss = `did:key:z6Mk${Buffer.from(seed).toString('hex').replace(/0/g, 'a').slice(0, 40)}`
  const now = Math.floor(Date.now() / 1000)
  return `${segment({ alg: 'EdDSA', typ: 'JWT' })}.${segment({ iss, sub: seed, aud: 'ws://127.0.0.1', iat: now, exp: now + 3600 })}.${randomBytes(64).toString('base64url')}`
}

type Frame = {
  id?: number | string
  method?: string
  params?: {
    id?: string
    data?: { topic: string; message: string; publishedAt: number; tag: number }
  }
  result?: unknown
  error?: { code: number }
}

/** A bare JSON-RPC client over `ws`, standing in for a WalletConnect client's transport. */
class RawClient {
  readonly frames: Frame[] = []
  readonly ws: WebSocket
  readonly opened: Promise<void>
  readonly closed: Promise<number>
  #nextId = 1

  constructor(url: string, token: string | null = relayToken()) {
    this.ws = new WebSocket(token === null ? url : `${url}/?auth=${encodeURIComponent(token)}&projectId=p1`)
    this.ws.on('message', (data) => this.frames.push(JSON.parse(data.toString())))
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve())
      this.ws.once('error', reject)
    })
    this.closed = new Promise((resolve) => this.ws.once('close', (code) => resolve(code)))
  }

  async call(method: string, params: unknown): Promise<Frame> {
    await this.opened
    const id = this.#nextId++
    this.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return this.waitFor((frame) => frame.id === id && frame.method === undefined)
  }

  deliveries(): Frame[] {
    return this.frames.filter((frame) => frame.method === 'irn_subscription')
  }

  ack(frame: Frame): void {
    this.ws.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
  }

  async waitFor(match: (frame: Frame) => boolean, timeoutMs = 2000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const found = this.frames.find(match)
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error('No matching frame arrived')
  }
}

const topic = (n: number) => n.toString(16).padStart(64, '0')
const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

let relay: LocalRelay
const clients: RawClient[] = []
const client = (token: string | null = relayToken()) => {
  const created = new RawClient(relay.url, token)
  clients.push(created)
  return created
}

beforeEach(async () => {
  relay = await startRelay({ pingIntervalMs: 200 })
})

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate()
  await relay.stop()
})

describe('given a message published to a topic with no subscriber', () => {
  describe('when a client subscribes later', () => {
    it('then the stored message is delivered to it with topic, message, publishedAt and tag', async () => {
      const publisher = client()
      expect(
        (await publisher.call('irn_publish', { topic: topic(1), message: 'aGVsbG8=', ttl: 300, tag: 1108 }))
          .result,
      ).toBe(true)
      const late = client()
      const subscribed = await late.call('irn_subscribe', { topic: topic(1) })

      const delivery = await late.waitFor((f) => f.method === 'irn_subscription')
      expect(typeof subscribed.result).toBe('string')
      expect(delivery.params?.id).toBe(subscribed.result)
      expect(delivery.params?.data).toMatchObject({ topic: topic(1), message: 'aGVsbG8=', tag: 1108 })
      expect(delivery.params?.data?.publishedAt).toBeGreaterThan(0)
    })
  })
})

describe('given two clients subscribed to one topic', () => {
  describe('when one publishes', () => {
    it('then only the other receives it: no echo to the publisher', async () => {
      const [a, b] = [client(), client()]
      await a.call('irn_subscribe', { topic: topic(2) })
      await b.call('irn_subscribe', { topic: topic(2) })
      await a.call('irn_publish', { topic: topic(2), message: 'YQ==', ttl: 300 })
      await b.waitFor((f) => f.method === 'irn_subscription')
      await settle()

      expect(a.deliveries()).toEqual([])
      expect(b.deliveries()).toHaveLength(1)
    })
  })

  describe('when the same payload is published twice', () => {
    it('then the subscriber receives it once', async () => {
      const [a, b] = [client(), client()]
      await b.call('irn_subscribe', { topic: topic(3) })
      await a.call('irn_publish', { topic: topic(3), message: 'Yg==', ttl: 300 })
      b.ack(await b.waitFor((f) => f.method === 'irn_subscription'))
      await a.call('irn_publish', { topic: topic(3), message: 'Yg==', ttl: 300 })
      await settle()

      expect(b.deliveries()).toHaveLength(1)
    })
  })
})

describe('given a delivered message', () => {
  describe('when the subscriber reconnects with the same identity and subscribes again', () => {
    it('then an acknowledged message is not redelivered but an unacknowledged one is', async () => {
      const token = relayToken()
      const publisher = client()
      const first = client(token)
      await first.call('irn_subscribe', { topic: topic(4) })
      await publisher.call('irn_publish', { topic: topic(4), message: 'YWNr', ttl: 300 })
      first.ack(await first.waitFor((f) => f.method === 'irn_subscription'))
      await publisher.call('irn_publish', { topic: topic(4), message: 'bm9hY2s=', ttl: 300 })
      await first.waitFor((f) => f.params?.data?.message === 'bm9hY2s=')
      await settle()
      await relay.restart()

      const again = client(token)
      await again.call('irn_subscribe', { topic: topic(4) })
      await again.waitFor((f) => f.method === 'irn_subscription')
      await settle()
      expect(again.deliveries().map((f) => f.params?.data?.message)).toEqual(['bm9hY2s='])
    })

    it('then a message published after it reconnected but before it subscribed again reaches it with the subscription, not before', async () => {
      const token = relayToken()
      const first = client(token)
      await first.call('irn_subscribe', { topic: topic(5) })
      await settle()
      await relay.restart()

      const publisher = client()
      const again = client(token)
      // Connected (a subscription to another topic), not yet subscribed to this one again.
      await again.call('irn_subscribe', { topic: topic(6) })
      await publisher.call('irn_publish', { topic: topic(5), message: 'bGF0ZQ==', ttl: 300 })
      await settle()
      // Not sent to the new socket yet: its client would not know the subscription and drop it.
      expect(again.deliveries()).toEqual([])
      await again.call('irn_subscribe', { topic: topic(5) })
      await again.waitFor((f) => f.method === 'irn_subscription')
      expect(again.deliveries().map((f) => f.params?.data?.message)).toEqual(['bGF0ZQ=='])
    })
  })
})

describe('given a dapp proposing a session with wc_proposeSession', () => {
  describe('when a wallet subscribes to the pairing topic and answers with wc_approveSession', () => {
    it('then the proposal reaches the wallet, and the response and settlement reach the dapp', async () => {
      const [dapp, wallet] = [client(), client()]
      const pairing = topic(5)
      const session = topic(6)
      await dapp.call('wc_proposeSession', {
        pairingTopic: pairing,
        sessionProposal: 'cHJvcG9zYWw=',
        ttl: 300,
      })
      await wallet.call('irn_subscribe', { topic: pairing })
      const proposal = await wallet.waitFor((f) => f.method === 'irn_subscription')
      expect(proposal.params?.data).toMatchObject({ topic: pairing, message: 'cHJvcG9zYWw=', tag: 1100 })

      const approved = await wallet.call('wc_approveSession', {
        pairingTopic: pairing,
        sessionTopic: session,
        sessionProposalResponse: 'cmVzcG9uc2U=',
        sessionSettlementRequest: 'c2V0dGxl',
        ttl: 300,
      })
      expect(approved.result).toBe(true)
      const response = await dapp.waitFor((f) => f.params?.data?.topic === pairing)
      expect(response.params?.data).toMatchObject({ message: 'cmVzcG9uc2U=', tag: 1101 })
      await dapp.call('irn_subscribe', { topic: session })
      const settlement = await dapp.waitFor((f) => f.params?.data?.topic === session)
      expect(settlement.params?.data).toMatchObject({ message: 'c2V0dGxl', tag: 1102 })
    })
  })
})

describe('given a connected client', () => {
  describe('when it calls a method the relay does not know', () => {
    it('then it gets a JSON-RPC method-not-found error and the method is listed in stats', async () => {
      const c = client()
      const answer = await c.call('irn_somethingNew', {})

      expect(answer.error?.code).toBe(-32601)
      expect(relay.stats().unknownMethods).toEqual(['irn_somethingNew'])
    })
  })

  describe('when it publishes with a malformed topic', () => {
    it('then it gets an invalid-params error and nothing is stored', async () => {
      const c = client()
      const answer = await c.call('irn_publish', { topic: 'not-a-topic', message: 'YQ==', ttl: 300 })

      expect(answer.error?.code).toBe(-32602)
      expect(relay.stats().storedMessages).toBe(0)
    })
  })

  describe('when time passes', () => {
    it('then the relay pings it', async () => {
      const c = client()
      await c.opened
      const pinged = new Promise<boolean>((resolve) => c.ws.once('ping', () => resolve(true)))

      expect(await pinged).toBe(true)
    })
  })
})

describe('given a connection attempt', () => {
  describe('when the auth token is malformed', () => {
    it('then the relay closes the socket with code 3000', async () => {
      expect(await client('not.a-jwt').closed).toBe(3000)
      expect(await client(null).closed).toBe(3000)
    })
  })
})
