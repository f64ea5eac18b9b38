import { type AnvilInstance, startAnvil, TEST_ACCOUNTS } from '@latch/testkit'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'

/** An answer as the tests read it: one call's, a batch's (indexed), or the server's own error. */
type Body = Answer & Answer[]
interface Answer {
  id?: unknown
  result?: string
  error?: { code: number; message: string; data?: unknown }
  chainId?: string
  methods?: string[]
}

const chainId = 'eip155:31337'
const holder = TEST_ACCOUNTS[3]!.address

let chain: AnvilInstance
beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

describe.each(backends)('given the RPC proxy on %s with a local chain configured', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let endpoint: string
  const post = (body: string | object, headers: Record<string, string> = {}, url = endpoint) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }).then((response) => ({
      status: response.status,
      json: async () => (await response.json()) as Body,
    }))
  beforeAll(async () => {
    server = await startTestServer(backend)
    await server.repository.siwx.setRpcUrl(demoProject.id, chainId, chain.rpcUrl)
    endpoint = `${server.base}/v1/?chainId=${chainId}&projectId=${demoProject.id}`
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  describe('when the kit sends allowed reads', () => {
    it('then one call is answered with its own id by the node', async () => {
      const response = await post({ jsonrpc: '2.0', id: 'a1', method: 'eth_chainId' })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 'a1', result: '0x7a69' })
    })

    it('then a batch is answered in its order with each id, through the node', async () => {
      const response = await post([
        { jsonrpc: '2.0', id: 7, method: 'eth_getBalance', params: [holder, 'latest'] },
        { jsonrpc: '2.0', id: null, method: 'eth_blockNumber', params: [] },
        { jsonrpc: '2.0', id: 'x', method: 'eth_getCode', params: [holder, 'latest'] },
      ])
      const answers = await response.json()
      expect(answers.map((a) => a.id)).toEqual([7, null, 'x'])
      expect(BigInt(answers[0]!.result!)).toBeGreaterThan(0n)
      expect(answers[1]?.result).toMatch(/^0x[0-9a-f]+$/)
      expect(answers[2]?.result).toBe('0x')
    })

    it("then the node's own error reaches the caller unchanged", async () => {
      const answer = await (
        await post({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['not-an-address', 'latest'] })
      ).json()
      expect(answer.id).toBe(1)
      expect(answer.error?.code).toBeTypeOf('number')
      expect(answer.result).toBeUndefined()
    })

    it('then GET lists the forwarded methods without sending anything', async () => {
      const answer = (await (await fetch(endpoint)).json()) as Body
      expect(answer.chainId).toBe(chainId)
      expect(answer.methods).toContain('eth_call')
      expect(answer.methods).not.toContain('eth_sendRawTransaction')
    })
  })

  describe("when an app points viem's (and so wagmi's) HTTP transport at it", () => {
    it('then reads work one by one and batched, and a refused call rejects with the spec message', async () => {
      const client = createPublicClient({ transport: http(endpoint, { batch: true, retryCount: 0 }) })
      const [id, balance, block] = await Promise.all([
        client.getChainId(),
        client.getBalance({ address: holder }),
        client.getBlock({ blockNumber: 0n }),
      ])
      expect(id).toBe(31337)
      expect(balance).toBeGreaterThan(0n)
      expect(block.number).toBe(0n)
      await expect(client.request({ method: 'eth_accounts' } as never)).rejects.toThrow(
        'Requested RPC call is not allowed',
      )
    })
  })

  describe('when a call is not a read', () => {
    it.each([
      'eth_sendRawTransaction',
      'eth_sendTransaction',
      'eth_accounts',
      'eth_sign',
      'personal_sign',
      'anvil_setBalance',
      'debug_traceTransaction',
      'eth_newFilter',
      'admin_peers',
    ])("then %s is refused with the spec's message", async (method) => {
      const answer = await (await post({ jsonrpc: '2.0', id: 9, method, params: [] })).json()
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32004, message: 'Requested RPC call is not allowed', data: { method } },
      })
    })

    it("then the node's state is untouched and the other calls of the batch still run", async () => {
      const before = await (
        await post({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [holder, 'latest'] })
      ).json()
      const answers = await (
        await post([
          { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [holder, '0x1'] },
          { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [holder, 'latest'] },
        ])
      ).json()
      expect(answers[0]?.error?.message).toBe('Requested RPC call is not allowed')
      expect(answers[1]?.result).toBe(before.result)
    })
  })

  describe('when the request is malformed', () => {
    it.each([
      ['not JSON', '{"jsonrpc":', -32700, 'Parse error: the body is not valid JSON'],
      ['a number', '42', -32600, 'Invalid request: the body must be a call or a batch of calls'],
      ['an empty batch', '[]', -32600, 'Invalid request: the batch is empty'],
      [
        'a batch of 1,000 calls',
        JSON.stringify(
          Array.from({ length: 1_000 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })),
        ),
        -32600,
        'Invalid request: a batch holds at most 20 calls',
      ],
    ])('then %s is answered 400 with a JSON-RPC error', async (_name, body, code, message) => {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code, message } })
    })

    it('then a body over 64 KiB (huge params) is refused with 413 before anything is sent', async () => {
      const params = [{ data: `0x${'00'.repeat(40_000)}` }, 'latest']
      const response = await post({ jsonrpc: '2.0', id: 1, method: 'eth_call', params })
      expect(response.status).toBe(413)
      expect((await response.json()).error).toEqual({
        code: -32600,
        message: 'Invalid request: the body is larger than 65536 bytes',
      })
    })

    it('then a form body is refused with 415', async () => {
      const response = await post('id=1', { 'content-type': 'application/x-www-form-urlencoded' })
      expect(response.status).toBe(415)
      expect((await response.json()).error?.message).toBe(
        'Invalid request: send the calls as application/json',
      )
    })

    it('then each bad call of a batch gets its own error and the good one its answer', async () => {
      const answers = await (
        await post([
          'eth_chainId',
          { jsonrpc: '2.0', method: 'eth_chainId' },
          { jsonrpc: '2.0', id: { nested: true }, method: 'eth_chainId' },
          { jsonrpc: '1.0', id: 3, method: 'eth_chainId' },
          { jsonrpc: '2.0', id: 4, method: 7 },
          { jsonrpc: '2.0', id: 5, method: 'x'.repeat(65) },
          { jsonrpc: '2.0', id: 6, method: 'eth_chainId', params: 'latest' },
          { jsonrpc: '2.0', id: 'x'.repeat(129), method: 'eth_chainId' },
          { jsonrpc: '2.0', id: 8, method: 'eth_chainId' },
        ])
      ).json()
      expect(answers.map((a) => a.error?.message)).toEqual([
        'Invalid request: each call must be a JSON object',
        'Invalid request: id is required (notifications are not forwarded)',
        'Invalid request: id must be a string of at most 128 characters, a number or null',
        'Invalid request: jsonrpc must be "2.0"',
        'Invalid request: method must be a name of 1 to 64 characters',
        'Invalid request: method must be a name of 1 to 64 characters',
        'Invalid params: params must be an array or an object',
        'Invalid request: id must be a string of at most 128 characters, a number or null',
        undefined,
      ])
      expect(answers[8]).toEqual({ jsonrpc: '2.0', id: 8, result: '0x7a69' })
    })

    it('then a chain the project has no URL for is a 400 naming the command', async () => {
      const response = await post(
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        {},
        `${server.base}/v1/?chainId=eip155:10&projectId=${demoProject.id}`,
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: 'unsupported_chain',
        message: `Project "${demoProject.id}" has no RPC URL for eip155:10: set one with \`latch-server project set-rpc\``,
      })
    })

    it.each([
      [
        'a chain id that is not CAIP-2',
        `chainId=mainnet&projectId=${demoProject.id}`,
        400,
        'invalid_request',
      ],
      ['no chain id', `projectId=${demoProject.id}`, 400, 'invalid_request'],
      ['no project id', `chainId=${chainId}`, 400, 'missing_project_id'],
      ['an unknown project', `chainId=${chainId}&projectId=nobody`, 403, 'unknown_project'],
    ])('then %s is refused like on every project route', async (_name, query, status, error) => {
      const response = await post(
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        {},
        `${server.base}/v1/?${query}`,
      )
      expect(response.status).toBe(status)
      expect((await response.json()).error).toBe(error)
    })
  })

  describe('when a page calls it across origins', () => {
    const preflight = (origin: string) =>
      fetch(endpoint, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })

    it("then the project's origin may POST JSON", async () => {
      const response = await preflight('https://app.example.com')
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
      expect(response.headers.get('access-control-allow-methods')).toContain('POST')
      expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
    })

    it('then any other origin is not allowed', async () => {
      const response = await preflight('https://evil.example')
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })
  })
})
