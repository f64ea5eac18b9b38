import {
  LOCAL_SOLANA_CAIP_ID,
  type LocalSolanaInstance,
  SOLANA_TEST_SEEDS,
  solanaAddressOfSeed,
  startLocalSolana,
} from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'

const holder = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)

describe.each(backends)('given the RPC proxy on %s with a local Solana cluster configured', (backend) => {
  let cluster: LocalSolanaInstance
  let server: Awaited<ReturnType<typeof startTestServer>>
  let endpoint: string
  const post = async (body: object) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return {
      status: response.status,
      body: (await response.json()) as { result?: unknown; error?: { code: number; message: string } },
    }
  }
  beforeAll(async () => {
    cluster = await startLocalSolana()
    server = await startTestServer(backend)
    await server.repository.siwx.setRpcUrl(demoProject.id, LOCAL_SOLANA_CAIP_ID, cluster.rpcUrl)
    endpoint = `${server.base}/v1/?chainId=${LOCAL_SOLANA_CAIP_ID}&projectId=${demoProject.id}`
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await cluster?.stop()
  })

  it("when the kit reads a balance, then the cluster's answer comes back", async () => {
    const answer = await post({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [holder] })
    expect((answer.body.result as { value: number }).value).toBeGreaterThan(0)
  })

  it.each(['sendTransaction', 'requestAirdrop', 'simulateTransaction'])(
    "when a page sends %s, then it is refused with the spec's message",
    async (method) => {
      const answer = await post({ jsonrpc: '2.0', id: 2, method, params: [] })
      expect(answer.body.error).toEqual({
        code: -32004,
        message: 'Requested RPC call is not allowed',
        data: { method },
      })
    },
  )

  it('when the cluster goes away, then its genesis hash is still answered from the cache and a slot is not', async () => {
    const first = await post({ jsonrpc: '2.0', id: 3, method: 'getGenesisHash', params: [] })
    expect(first.body.result).toBe(cluster.genesisHash)
    await cluster.stop()
    const again = await post({ jsonrpc: '2.0', id: 4, method: 'getGenesisHash', params: [] })
    expect(again.body.result).toBe(cluster.genesisHash)
    const slot = await post({ jsonrpc: '2.0', id: 5, method: 'getSlot', params: [] })
    expect(slot.status).toBe(502)
    expect(slot.body.error?.code).toBe(-32002)
  })
})
