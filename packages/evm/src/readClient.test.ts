import { createServer } from 'node:net'
import { createConfig } from '@wagmi/core'
import { defineChain, http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The real @latch/server and the testkit, from source, so these tests run without a build step.
import { demoProject, startTestServer } from '../../server/src/test/backends.js'
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type LocalChains, startLocalChains } from '../../testkit/src/node/anvil.js'
import { type EvmActionsHost, pingEndpoint } from './evmActions.js'
import { evmAdapter } from './evmAdapter.js'
import { readClient } from './readClient.js'

// Which RPC the kit's own reads (balance, fees, receipts, signature checks) go to: the app's
// transport when it chose one, else the project's endpoint on the app's @latch/server, else the
// chain's own URL; and what the app sees when the endpoint cannot serve the chain.

const holder = TEST_ACCOUNTS[5]!.address
let chains: LocalChains
let server: Awaited<ReturnType<typeof startTestServer>>
/** A loopback port nothing listens on. */
let closedUrl: string

beforeAll(async () => {
  chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
  server = await startTestServer('sqlite')
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`
  await new Promise((resolve) => probe.close(resolve))
}, 60_000)
afterAll(async () => {
  await server?.close()
  await chains?.stop()
})

const endpointOf = (base: string) => (caipNetworkId: string) =>
  `${base}/v1/?chainId=${encodeURIComponent(caipNetworkId)}&projectId=${demoProject.id}`

/** Ethereum mainnet (chain id 1) whose own public URL is `chainUrl`, with the given transport. */
function adapterWith(
  chainUrl: string,
  transport: ReturnType<typeof http>,
  projectRpcUrl?: (id: string) => string,
) {
  const chain = defineChain({ ...mainnet, rpcUrls: { default: { http: [chainUrl] } } })
  const config = createConfig({ chains: [chain], transports: { [chain.id]: transport }, storage: null })
  const adapter = evmAdapter({ config })
  const teardown = adapter.setup({
    onAccountsChanged: () => undefined,
    onChainChanged: () => undefined,
    onDisconnect: () => undefined,
    onConnectorsChanged: () => undefined,
    ...(projectRpcUrl ? { projectRpcUrl } : {}),
  })
  const caipNetwork = adapter.networks[0]!
  const balance = () => adapter.getBalance!({ address: holder, caipNetwork })
  return { adapter, teardown, balance }
}

describe('given an app with a @latch/server whose project has a node for eip155:1', () => {
  beforeAll(async () => {
    await server.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chains.mainnet.rpcUrl)
  })

  it('when its transport is http() without a URL, then the balance is read through the project endpoint, not the chain URL', async () => {
    // The chain's own URL answers nothing: only the server's endpoint can give the balance.
    const { balance, teardown } = adapterWith(
      closedUrl,
      http(undefined, { retryCount: 0 }),
      endpointOf(server.base),
    )
    expect(await balance()).toEqual({ balance: '10000', symbol: 'ETH' })
    teardown()
  })

  it("when the app gave its own transport URL, then the app's URL is read and the server is not asked", async () => {
    // The server's endpoint is down: the read still works, so it went to the app's own node.
    const { balance, teardown } = adapterWith(closedUrl, http(chains.mainnet.rpcUrl), endpointOf(closedUrl))
    expect(await balance()).toEqual({ balance: '10000', symbol: 'ETH' })
    teardown()
  })
})

describe('given an app without a @latch/server', () => {
  it("then http() without a URL reads the chain's own URL, as before", async () => {
    const { balance, teardown } = adapterWith(chains.mainnet.rpcUrl, http())
    expect(await balance()).toEqual({ balance: '10000', symbol: 'ETH' })
    teardown()
  })
})

describe('given the project endpoint cannot serve the chain', () => {
  it('when the server is down, then the read fails naming the endpoint and never falls back to the chain URL', async () => {
    const { balance, teardown } = adapterWith(chains.mainnet.rpcUrl, http(), endpointOf(closedUrl))
    const error = await balance().then(
      () => undefined,
      (e: Error) => e,
    )
    expect(error?.message).toContain('HTTP request failed')
    expect(error?.message).toContain(`${closedUrl}/v1/?chainId=eip155%3A1`)
    teardown()
  }, 20_000)

  it("when the project's node for eip155:1 is another chain, then the read is refused with RpcEndpointChainMismatchError", async () => {
    await server.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chains.base.rpcUrl)
    const { balance, teardown } = adapterWith(chains.mainnet.rpcUrl, http(), endpointOf(server.base))
    await expect(balance()).rejects.toMatchObject({
      name: 'RpcEndpointChainMismatchError',
      shortMessage: 'The RPC endpoint for eip155:1 serves another chain (eip155:8453)',
    })
    teardown()
    await server.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chains.mainnet.rpcUrl)
  })

  it('when the project has no node for the chain, then the read fails with the server’s unsupported_chain and the URL naming chain and project', async () => {
    await server.repository.createProject({
      id: 'bare',
      name: 'Bare',
      allowedOrigins: ['https://app.example.com'],
    })
    const { balance, teardown } = adapterWith(chains.mainnet.rpcUrl, http(), (id) =>
      endpointOf(server.base)(id).replace(demoProject.id, 'bare'),
    )
    const error = await balance().then(
      () => undefined,
      (e: Error) => e,
    )
    expect(error?.message).toContain('Status: 400')
    expect(error?.message).toContain('Details: "unsupported_chain"')
    expect(error?.message).toContain('chainId=eip155%3A1&projectId=bare')
    teardown()
  })
})

describe("given the kit's 'test' ping on open (pingEndpoint)", () => {
  /** The adapter's host for Ethereum mainnet on the given transport, reading through `endpoint`. */
  function hostWith(transport: ReturnType<typeof http>, endpoint: string | undefined) {
    const chain = defineChain({ ...mainnet, rpcUrls: { default: { http: [closedUrl] } } })
    const config = createConfig({ chains: [chain], transports: { [chain.id]: transport }, storage: null })
    const host: EvmActionsHost = {
      config,
      connectorOf: () => undefined,
      toConnectResult: () => Promise.reject(new Error('not used')),
      endpointOf: () => endpoint,
      endpointClients: new Map(),
    }
    return host
  }

  it('when the kit reads through the project endpoint, then the ping opens its client with the chain proved, for the first read to reuse', async () => {
    await server.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chains.mainnet.rpcUrl)
    const endpoint = endpointOf(server.base)('eip155:1')
    const host = hostWith(http(undefined, { retryCount: 0 }), endpoint)
    await pingEndpoint(host, 1)
    expect([...host.endpointClients.keys()]).toEqual([endpoint])
    const client = await host.endpointClients.get(endpoint)
    expect(await readClient(host, 1)).toBe(client)
  })

  it('when the app reads over a transport of its own, then the ping asks nothing', async () => {
    const host = hostWith(http(chains.mainnet.rpcUrl), undefined)
    await pingEndpoint(host, 1)
    expect(host.endpointClients.size).toBe(0)
  })

  it('when the server is down, then the ping fails and keeps nothing, so the first read asks again', async () => {
    const host = hostWith(http(undefined, { retryCount: 0 }), endpointOf(closedUrl)('eip155:1'))
    await expect(pingEndpoint(host, 1)).rejects.toThrow()
    expect(host.endpointClients.size).toBe(0)
  })
})
