import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setBundler } from '../cli/smart-accounts.js'
import { DEFAULT_SIMPLE_ACCOUNT_FACTORY, MAX_SMART_ACCOUNT_NETWORKS } from '../storage/smart-accounts.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'

const localFactory = '0x5fbdb2315678afecb367f032d93f642f64180aa3'

describe.each(backends)('given the smart accounts’ networks of a project on %s', (backend) => {
  let server: { base: string; repository: Repository; close: () => Promise<void> }
  const networks = async (projectId = demoProject.id) => {
    const response = await fetch(`${server.base}/embedded/v1/smart-accounts?projectId=${projectId}`)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    server = await startTestServer(backend)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('lists no chain before a bundler is set, then each chain with a bundler and its factory, never the bundler URL', async () => {
    expect(await networks()).toEqual({
      status: 200,
      body: { entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032', networks: [] },
    })
    const { repository } = server
    await setBundler(repository, undefined, {
      id: demoProject.id,
      chainId: 'eip155:8453',
      url: 'https://bundler.example/v1/secret-key',
    })
    const out = await setBundler(repository, undefined, {
      id: demoProject.id,
      chainId: 'eip155:1',
      url: 'http://127.0.0.1:4337',
      factory: localFactory,
    })
    expect(out).toContain('smart accounts come from the factory 0x5FbDB2315678afecb367f032d93F642f64180aa3')
    const { status, body } = await networks()
    expect(status).toBe(200)
    expect(body.networks).toEqual([
      { chainId: 'eip155:1', factory: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      // The well-known deployment when the operator names none.
      { chainId: 'eip155:8453', factory: DEFAULT_SIMPLE_ACCOUNT_FACTORY },
    ])
    expect(JSON.stringify(body)).not.toContain('secret-key')

    // Setting the bundler again without --factory goes back to the default; `none` removes the chain.
    await setBundler(repository, undefined, { id: demoProject.id, chainId: 'eip155:1', url: 'none' })
    expect((await networks()).body.networks).toEqual([
      { chainId: 'eip155:8453', factory: DEFAULT_SIMPLE_ACCOUNT_FACTORY },
    ])
  })

  it('refuses a factory that is not an address, and changes nothing', async () => {
    await expect(
      setBundler(server.repository, undefined, {
        id: demoProject.id,
        chainId: 'eip155:10',
        url: 'https://bundler.example',
        factory: 'factory',
      }),
    ).rejects.toThrow("--factory must be the SimpleAccountFactory v0.7 contract's address (0x…)")
    expect((await networks()).body.networks).not.toContainEqual(
      expect.objectContaining({ chainId: 'eip155:10' }),
    )
  })

  it('answers an unknown project with the REST error, and a bounded list', async () => {
    const unknown = await networks('nobody')
    expect(unknown.status).toBe(403)
    const { repository } = server
    for (let n = 1; n <= MAX_SMART_ACCOUNT_NETWORKS + 3; n++)
      await repository.smartAccounts.setBundler(demoProject.id, `eip155:${1000 + n}`, 'sealed')
    expect(((await networks()).body.networks as unknown[]).length).toBe(MAX_SMART_ACCOUNT_NETWORKS)
  })
})
