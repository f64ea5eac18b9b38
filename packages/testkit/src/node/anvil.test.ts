import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from './accounts.js'
import { startAnvil, startLocalChains } from './anvil.js'

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe('given the anvil binary from @foundry-rs/anvil', () => {
  it('when two local chains start, then they answer chain ids 1 and 8453 and stop cleanly', async () => {
    const chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
    try {
      expect(await rpc(chains.mainnet.rpcUrl, 'eth_chainId')).toBe('0x1')
      expect(await rpc(chains.base.rpcUrl, 'eth_chainId')).toBe('0x2105')
    } finally {
      await chains.stop()
    }
    await expect(fetch(chains.mainnet.rpcUrl, { method: 'POST' })).rejects.toThrow()
  })

  it('when a chain starts, then the TEST_ACCOUNTS it derives are the ones anvil funds', async () => {
    const chain = await startAnvil({ chainId: 31337 })
    try {
      const balance = await rpc(chain.rpcUrl, 'eth_getBalance', [TEST_ACCOUNTS[9]?.address, 'latest'])
      expect(BigInt(balance as string)).toBe(10_000n * 10n ** 18n)
      expect(TEST_ACCOUNTS).toHaveLength(10)
    } finally {
      await chain.stop()
    }
  })

  it('when the port is already taken, then starting fails with a clear message', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as { port: number }
    try {
      await expect(startAnvil({ chainId: 1, port })).rejects.toThrow(/already in use/)
    } finally {
      blocker.close()
    }
  })

  it('when the binary is missing, then starting fails with a clear message', async () => {
    await expect(startAnvil({ chainId: 1, binary: '/nonexistent/anvil' })).rejects.toThrow(
      /could not be started/,
    )
  })

  it('when options are invalid, then nothing is spawned and the error names the option', async () => {
    await expect(startAnvil({ chainId: 0 })).rejects.toThrow(/Invalid chainId/)
    await expect(startAnvil({ chainId: 1, port: 70_000 })).rejects.toThrow(/Invalid port/)
  })
})
