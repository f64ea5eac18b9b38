import { afterEach, describe, expect, it } from 'vitest'
import { hydrate, teardown } from '../actions/hydrate.js'
import { createLatch, type Latch } from '../createLatch.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'

// What an adapter is told about the project's RPC endpoint (spec §7), which it reads a network
// through when the app gave no RPC URL of its own.

const mainnet = network('eip155', 1, 'Ethereum')
const live: Latch[] = []
afterEach(() => {
  for (const latch of live.splice(0)) teardown(latch)
})

async function contextWith(options: { apiUrl?: string; projectId?: string }) {
  const evm = memoryAdapter('eip155', [mainnet])
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter],
    storage: createMemoryStorage(),
    restoreTimeoutMs: 50,
    ...options,
  })
  live.push(latch)
  await hydrate(latch)
  return evm.wallet.context
}

describe('given an app with its own @latch/server and a project id', () => {
  it("then each network's endpoint is the server's /v1/ with the chain and project, encoded", async () => {
    const context = await contextWith({ apiUrl: 'https://api.example.com/latch/', projectId: 'p 1&x' })
    expect(context?.projectRpcUrl?.('eip155:8453')).toBe(
      'https://api.example.com/latch/v1/?chainId=eip155%3A8453&projectId=p%201%26x',
    )
    const solana = new URL(context?.projectRpcUrl?.('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') ?? '')
    expect(solana.searchParams.get('chainId')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(solana.searchParams.get('projectId')).toBe('p 1&x')
  })
})

describe('given an app without a server, or without a project id', () => {
  it('then there is no endpoint and adapters keep reading over the networks’ own RPC URLs', async () => {
    expect((await contextWith({ projectId: 'p1' }))?.projectRpcUrl?.('eip155:1')).toBeUndefined()
    expect(
      (await contextWith({ apiUrl: 'https://api.example.com' }))?.projectRpcUrl?.('eip155:1'),
    ).toBeUndefined()
  })
})
