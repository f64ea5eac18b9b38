// Test support (not exported): a real @latch/server on 127.0.0.1 over SQLite in a temp dir, seeded
// with the registry and the given projects, for the kit's HTTP-level tests.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, openRepository, seedRegistry } from '../../../server/src/index.js'
import { defineCaipNetwork } from '../caip.js'

type NewProject = Parameters<Awaited<ReturnType<typeof openRepository>>['createProject']>[0]

export const mainnet = defineCaipNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

export async function startTestServer(parameters: {
  projects: NewProject[]
  /** Sees every request's URL (path and query). */
  onRequest?: (url: string) => void
}): Promise<{ base: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'latch-kit-server-'))
  const repository = await openRepository({ sqliteFile: join(dir, 'server.db') })
  await seedRegistry(repository)
  for (const project of parameters.projects) await repository.createProject(project)
  const app = await createServer({ repository, logger: false, rateLimit: false })
  const { onRequest } = parameters
  if (onRequest) app.addHook('onRequest', async (request) => onRequest(request.url))
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    base,
    async close() {
      await app.close()
      await repository.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
