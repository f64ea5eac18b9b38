import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import { openTestRepository } from '../test/backends.js'
import { runCli } from './run.js'

const secretKey = 'a-32-character-test-secret-key-0123'

import { getAddress } from 'viem'

const router = getAddress('0xcde81d55b944c1b90916e4a3fe0ffb8b829203b5')
const weth = getAddress('0x1e39664b245b62e4b95b710dec1e6ce51c5d40bd')

describe('given the CLI on sqlite and a project', () => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  let cli: (...args: string[]) => Promise<{ code: number; out: string[]; err: string[] }>
  beforeAll(async () => {
    db = await openTestRepository('sqlite')
    await db.repository.createProject({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
    cli = async (...args) => {
      const out: string[] = []
      const err: string[] = []
      const code = await runCli([...args, '--db', db.sqliteFile ?? ''], {
        env: { LATCH_SECRET_KEY: secretKey },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      })
      return { code, out, err }
    }
  })
  afterAll(() => db.cleanup())

  it('when the operator sets LI.FI with a key on Base, then the key is stored sealed, opens only with the secret key, and a router set later replaces it', async () => {
    expect(
      await cli(
        'project',
        'set-swap',
        'shop',
        'eip155:8453',
        '--provider',
        'lifi',
        '--api-key',
        'lifi-key-0123',
      ),
    ).toEqual({
      code: 0,
      out: [
        "shop: swaps on eip155:8453 through LI.FI (https://li.quest, with the project's API key); set the chain's RPC URL with `latch-server project set-rpc shop eip155:8453 URL`",
      ],
      err: [],
    })
    const stored = await db.repository.swaps.getAggregator('shop', 'eip155:8453')
    expect(stored).toMatchObject({ provider: 'lifi', apiUrl: 'https://li.quest/' })
    expect(stored?.sealedApiKey).not.toContain('lifi-key-0123')
    const context = atRestContext.swapApiKey('shop', 'eip155:8453', 'lifi')
    const ring = new KeyRing(db.repository.embedded, secretKey)
    expect((await ring.decrypt(stored!.sealedApiKey, context)).toString('utf8')).toBe('lifi-key-0123')
    await expect(
      new KeyRing(db.repository.embedded, 'another-32-character-secret-key-456').decrypt(
        stored!.sealedApiKey,
        context,
      ),
    ).rejects.toThrow()

    expect(
      (await cli('project', 'set-swap', 'shop', 'eip155:8453', '--router', router, '--weth', weth)).code,
    ).toBe(0)
    expect(await db.repository.swaps.getAggregator('shop', 'eip155:8453')).toBeUndefined()
    expect(await db.repository.swaps.getRouter('shop', 'eip155:8453')).toEqual({ router, weth })
    expect((await cli('project', 'set-swap', 'shop', 'eip155:8453', '--provider', 'none')).out).toEqual([
      'shop: no swaps on eip155:8453',
    ])
    expect(await db.repository.swaps.getRouter('shop', 'eip155:8453')).toBeUndefined()
  })

  it('when the provider, key or URL is wrong, then a clear message, exit 1, and nothing stored', async () => {
    const cases: [string[], string][] = [
      [['--provider', '1inch', '--api-key', 'k'.repeat(10)], 'Unknown swap provider "1inch"'],
      [['--provider', '0x'], "--api-key is required: the project's 0x API key"],
      [['--provider', '0x', '--api-key', 'has space in it'], '--api-key is required'],
      [
        ['--provider', '0x', '--api-key', 'k'.repeat(10), '--api-url', 'http://api.example.com'],
        '--api-url must start with https://',
      ],
      [
        ['--provider', '0x', '--api-key', 'k'.repeat(10), '--api-url', 'https://api.0x.org/?key=1'],
        '--api-url has no query',
      ],
    ]
    for (const [args, message] of cases) {
      const result = await cli('project', 'set-swap', 'shop', 'eip155:1', ...args)
      expect({ args, code: result.code, err: result.err.join('\n') }).toEqual({
        args,
        code: 1,
        err: expect.stringContaining(message),
      })
    }
    expect(await db.repository.swaps.getAggregator('shop', 'eip155:1')).toBeUndefined()
  })
})
