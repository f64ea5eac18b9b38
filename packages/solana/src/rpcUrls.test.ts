import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The real @latch/server and the test kit's Solana chain, from source (no build step).
import { demoProject, startTestServer } from '../../server/src/test/backends.js'
import { SOLANA_TEST_SEEDS } from '../../testkit/src/solana/constants.js'
import {
  type LocalSolanaInstance,
  solanaAddressOfSeed,
  startLocalSolana,
} from '../../testkit/src/solana/localSvm.js'
import { solanaLocalnet, solanaNetwork } from './network.js'
import { solanaAdapter } from './solanaAdapter.js'

// A Solana network the app gives no RPC URL: read through the project's RPC endpoint on the
// app's @latch/server when there is one, refused when that endpoint serves another cluster, and
// never read anywhere without a server.

const holder = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)
let chain: LocalSolanaInstance
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  chain = await startLocalSolana()
  server = await startTestServer('sqlite')
}, 60_000)
afterAll(async () => {
  await server?.close()
  chain?.stop()
})

const endpoint = (caipNetworkId: string) =>
  `${server.base}/v1/?chainId=${encodeURIComponent(caipNetworkId)}&projectId=${demoProject.id}`

function balanceOf(network: ReturnType<typeof solanaNetwork>, projectRpcUrl?: (id: string) => string) {
  const adapter = solanaAdapter({ networks: [network] })
  const stop = adapter.setup({
    onAccountsChanged: () => {},
    onChainChanged: () => {},
    onDisconnect: () => {},
    onConnectorsChanged: () => {},
    ...(projectRpcUrl ? { projectRpcUrl } : {}),
  })
  return adapter.getBalance!({ address: holder, caipNetwork: network }).finally(stop)
}

describe('given a Solana network without an RPC URL of the app', () => {
  it('when the app has a server whose project has a node for it, then its balance is read through the endpoint', async () => {
    const local = solanaLocalnet({ genesisHash: chain.genesisHash })
    await server.repository.siwx.setRpcUrl(demoProject.id, local.caipNetworkId, chain.rpcUrl)
    expect(await balanceOf(local, endpoint)).toEqual({ balance: '1000', symbol: 'SOL' })
  })

  it("when the project's node for mainnet is another cluster, then the read is refused with RpcEndpointChainMismatchError", async () => {
    const mainnet = solanaNetwork('mainnet')
    await server.repository.siwx.setRpcUrl(demoProject.id, mainnet.caipNetworkId, chain.rpcUrl)
    await expect(balanceOf(mainnet, endpoint)).rejects.toMatchObject({
      name: 'RpcEndpointChainMismatchError',
      shortMessage: `The RPC endpoint for ${mainnet.caipNetworkId} serves another chain (solana:${chain.genesisHash.slice(0, 32)})`,
    })
  })

  it("when the app has no server, then nothing is read: 'No RPC url provided'", async () => {
    await expect(balanceOf(solanaNetwork('devnet'))).rejects.toMatchObject({
      name: 'NoRpcUrlError',
      shortMessage: 'No RPC url provided for chainId: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
  })
})

describe("given a Solana network with the app's own RPC URL", () => {
  it('then the app URL is read even when a server is configured (its endpoint here answers nothing)', async () => {
    const local = solanaLocalnet({ genesisHash: chain.genesisHash, rpcUrl: chain.rpcUrl })
    expect(await balanceOf(local, () => 'http://127.0.0.1:9/v1/')).toEqual({ balance: '1000', symbol: 'SOL' })
  })
})
