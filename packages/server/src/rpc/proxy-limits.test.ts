import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AnvilInstance, startAnvil, TEST_ACCOUNTS } from '@latch/testkit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js'

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
const holder = TEST_ACCOUNTS[4]!.address

/**
 * A pass-through to the node that records the methods of the calls the server sends it (apart
 * from its questions for the finalized block, which are not the caller's).
 */
function recordingUpstream(target: string): Promise<{ url: string; methods: string[]; close: () => void }> {
  const methods: string[] = []
  const server: Server = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString())
    for (const call of Array.isArray(body) ? body : [body])
      if (call.params?.[0] !== 'finalized') methods.push(call.method)
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        methods,
        close: () => server.close(),
      }),
    ),
  )
}

const call = (id: number, method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params })
const post = async (url: string, body: object, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body }
}

let chain: AnvilInstance
let upstream: Awaited<ReturnType<typeof recordingUpstream>>
let block1Hash: string
beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
  upstream = await recordingUpstream(chain.rpcUrl)
  // 80 blocks: anvil reports `finalized` 64 below the head, so blocks 0…16 are final.
  await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(call(1, 'anvil_mine', ['0x50'])),
  })
  const block = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(call(1, 'eth_getBlockByNumber', ['0x1', false])),
  })
  block1Hash = ((await block.json()) as { result: { hash: string } }).result.hash
}, 60_000)
afterAll(async () => {
  upstream?.close()
  await chain?.stop()
})

describe.each(backends)('given the RPC proxy on %s in front of a recorded node', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let endpoint: string
  beforeAll(async () => {
    server = await startTestServer(backend, { rpc: { cacheEntries: 4 } })
    await server.repository.siwx.setRpcUrl(demoProject.id, chainId, upstream.url)
    endpoint = `${server.base}/v1/?chainId=${chainId}&projectId=${demoProject.id}`
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })
  beforeEach(() => {
    upstream.methods.length = 0
  })

  describe('when the same final read is asked twice', () => {
    it.each([
      ['the chain id', call(1, 'eth_chainId')],
      ['a block by hash', call(1, 'eth_getBlockByHash', ['HASH', false])],
      ['a block whose number is final', call(1, 'eth_getBlockByNumber', ['0x2', false])],
      ['code at a final block', call(1, 'eth_getCode', [holder, '0x3'])],
    ])('then %s reaches the node once', async (_name, request) => {
      const body = JSON.parse(JSON.stringify(request).replace('HASH', block1Hash))
      const first = await post(endpoint, body)
      const second = await post(endpoint, { ...body, id: 2 })
      expect(second.body).toEqual({ ...first.body, id: 2 })
      expect(first.body.result).not.toBeNull()
      expect(upstream.methods.filter((m) => m === body.method)).toHaveLength(1)
    })
  })

  describe('when an answer could still change', () => {
    it.each([
      ['the latest block', call(1, 'eth_getBlockByNumber', ['latest', false])],
      ['a block above the finalized one', call(1, 'eth_getBlockByNumber', ['0x40', false])],
      ['a block the node does not have yet (null)', call(1, 'eth_getBlockByNumber', ['0x1000', false])],
      ['a balance at latest', call(1, 'eth_getBalance', [holder, 'latest'])],
      ['a balance without a block', call(1, 'eth_getBalance', [holder])],
      ['the block number', call(1, 'eth_blockNumber')],
      ['an eth_call with a state override', call(1, 'eth_call', [{ to: holder }, '0x1', {}])],
      ['a node error', call(1, 'eth_getCode', ['not-an-address', '0x1'])],
    ])('then %s reaches the node every time', async (_name, body) => {
      await post(endpoint, body)
      await post(endpoint, body)
      expect(upstream.methods.filter((m) => m === body.method)).toHaveLength(2)
    })
  })

  it('when more final answers arrive than the cache holds, then the oldest is asked again', async () => {
    const blocks = ['0x5', '0x6', '0x7', '0x8', '0x9'].map((n) => call(1, 'eth_getBlockByNumber', [n, false]))
    for (const body of blocks) await post(endpoint, body)
    upstream.methods.length = 0
    // Holds 4: 0x5 was pushed out, 0x9 is still there.
    await post(endpoint, blocks[4]!)
    expect(upstream.methods).toEqual([])
    await post(endpoint, blocks[0]!)
    expect(upstream.methods).toEqual(['eth_getBlockByNumber'])
  })
})

describe.each(backends)('given the RPC proxy on %s with small limits', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  const endpointOf = (projectId: string) => `${server.base}/v1/?chainId=${chainId}&projectId=${projectId}`
  beforeAll(async () => {
    server = await startTestServer(backend, { trustProxy: 1, rpc: { ipMax: 3, projectMax: 6 } })
    await server.repository.createProject({ id: 'other-project', name: 'Other', allowedOrigins: [] })
    for (const id of [demoProject.id, 'other-project'])
      await server.repository.siwx.setRpcUrl(id, chainId, chain.rpcUrl)
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  it("when one client goes over its limit, then it gets 429 with -32005 and Retry-After, and the project's others do not", async () => {
    const from = (ip: string) =>
      post(endpointOf(demoProject.id), [call(1, 'eth_chainId')], { 'x-forwarded-for': ip })
    for (let i = 0; i < 3; i++) expect((await from('198.51.100.1')).status).toBe(200)
    const over = await from('198.51.100.1')
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(over.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32005, message: expect.stringMatching(/^Limit exceeded: retry in \d+ s$/) },
      },
    ])
    expect((await from('198.51.100.2')).status).toBe(200)
  })

  it("when the project's visitors together go over its limit, then every client is refused and other projects are not", async () => {
    // Five requests so far count for the project; the seventh is over its six.
    expect(
      (await post(endpointOf(demoProject.id), call(1, 'eth_chainId'), { 'x-forwarded-for': '198.51.100.3' }))
        .status,
    ).toBe(200)
    const over = await post(endpointOf(demoProject.id), call(1, 'eth_chainId'), {
      'x-forwarded-for': '198.51.100.4',
    })
    expect(over.status).toBe(429)
    expect(over.body.error?.code).toBe(-32005)
    const other = await post(endpointOf('other-project'), call(1, 'eth_chainId'), {
      'x-forwarded-for': '198.51.100.5',
    })
    expect(other.body.result).toBe('0x7a69')
  })
})

describe.each(backends)('given the RPC proxy on %s and a node that stops answering', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let network: TcpProxy
  let endpoint: string
  beforeAll(async () => {
    network = await startTcpProxy([{ host: '127.0.0.1', port: chain.port }])
    server = await startTestServer(backend, { rpc: { timeoutMs: 300 } })
    await server.repository.siwx.setRpcUrl(
      demoProject.id,
      chainId,
      `http://${network.address.host}:${network.address.port}`,
    )
    await server.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', 'http://127.0.0.1:9')
    endpoint = `${server.base}/v1/?chainId=${chainId}&projectId=${demoProject.id}`
  }, 60_000)
  afterAll(async () => {
    network?.resume()
    await server?.close()
    await network?.close()
  })

  it('when the node is silent past the timeout, then each call gets -32002 naming it, with HTTP 504', async () => {
    network.stall()
    const started = Date.now()
    const answer = await post(endpoint, [
      call(1, 'eth_blockNumber'),
      call(2, 'eth_sendRawTransaction', ['0x00']),
    ])
    network.resume()
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(answer.status).toBe(504)
    expect(answer.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32002, message: "The chain's RPC node did not answer within 300 ms" },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32004,
          message: 'Requested RPC call is not allowed',
          data: { method: 'eth_sendRawTransaction' },
        },
      },
    ])
  })

  it('when the node cannot be reached, then the call gets -32002 with HTTP 502', async () => {
    const answer = await post(
      `${server.base}/v1/?chainId=eip155:1&projectId=${demoProject.id}`,
      call(1, 'eth_chainId'),
    )
    expect(answer.status).toBe(502)
    expect(answer.body.error).toEqual({ code: -32002, message: "The chain's RPC node could not be reached" })
  })

  it('when the node answers again, then the proxy does too', async () => {
    const answer = await post(endpoint, call(3, 'eth_chainId'))
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 3, result: '0x7a69' })
  })
})

describe.each(backends)('given the RPC proxy on %s reusing lookups for 1.5 s', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let endpoint: string
  beforeAll(async () => {
    server = await startTestServer(backend, { projectCacheMs: 1_500 })
    await server.repository.siwx.setRpcUrl(demoProject.id, chainId, chain.rpcUrl)
    endpoint = `${server.base}/v1/?chainId=${chainId}&projectId=${demoProject.id}`
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  it('when the operator moves the chain to another node, then requests go there once the lookup expires', async () => {
    expect((await post(endpoint, call(1, 'eth_blockNumber'))).status).toBe(200)
    await server.repository.siwx.setRpcUrl(demoProject.id, chainId, 'http://127.0.0.1:9')
    // Within the reuse time the known node still answers, without a database read.
    expect((await post(endpoint, call(2, 'eth_blockNumber'))).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    const moved = await post(endpoint, call(3, 'eth_blockNumber'))
    expect(moved.status).toBe(502)
    expect(moved.body.error?.message).toBe("The chain's RPC node could not be reached")
  })
})
