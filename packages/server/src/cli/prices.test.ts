import { TEST_TOKENS } from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeyEncryptionKey } from '../at-rest.js'
import { backends, openTestRepository } from '../test/backends.js'
import { runCli } from './run.js'

const ltt = TEST_TOKENS.erc20.address
const secretKey = 'a-32-character-test-secret-key-0123'

describe.each(backends)('given the CLI on %s and a project', (backend) => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  let cli: (...args: string[]) => Promise<{ code: number; out: string[]; err: string[] }>
  beforeAll(async () => {
    db = await openTestRepository(backend)
    await db.repository.createProject({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
    const storage = db.databaseUrl ? ['--database-url', db.databaseUrl] : ['--db', db.sqliteFile ?? '']
    cli = async (...args) => {
      const out: string[] = []
      const err: string[] = []
      const code = await runCli([...args, ...storage], {
        env: { LATCH_SECRET_KEY: secretKey },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      })
      return { code, out, err }
    }
  })
  afterAll(() => db.cleanup())

  it('when the operator sets a price source with a key, then it is stored sealed and the key is not echoed', async () => {
    const set = await cli(
      'project',
      'set-prices',
      'shop',
      '--source',
      'coingecko',
      '--url',
      'https://pro-api.coingecko.com/api/v3',
      '--api-key',
      'CG-secret-123',
    )
    expect(set).toEqual({
      code: 0,
      out: ['shop: prices from https://pro-api.coingecko.com (coingecko, with an API key)'],
      err: [],
    })
    const stored = await db.repository.prices.getPriceSource('shop')
    expect(stored).toMatchObject({ source: 'coingecko', url: 'https://pro-api.coingecko.com/api/v3' })
    expect(stored?.apiKey).toMatch(/^sealed:/)
    expect(stored?.apiKey).not.toContain('CG-secret-123')
    const kek = new KeyEncryptionKey(secretKey)
    expect(kek.open(stored?.apiKey?.slice('sealed:'.length) ?? '', 'price-api-key:shop')).toBe(
      'CG-secret-123',
    )
    expect((await cli('project', 'set-prices', 'shop', '--source', 'none')).code).toBe(0)
    expect(await db.repository.prices.getPriceSource('shop')).toBeUndefined()
  })

  it('when the source, URL or project is wrong, then a clear message, exit 1, and nothing stored', async () => {
    const cases: [string[], string][] = [
      [['--source', 'chainlink'], '--source must be coingecko (a CoinGecko-shaped API) or none'],
      [['--source', 'coingecko', '--url', 'ftp://x.example'], '--url must start with https://'],
      [['--source', 'coingecko', '--url', 'http://prices.example'], '--url must start with https://'],
      [
        ['--source', 'coingecko', '--url', 'https://x.example/?key=1'],
        '--url takes no credentials, query or fragment',
      ],
      [['--source', 'coingecko', '--url', 'nope'], '--url must be the API base URL'],
    ]
    for (const [args, message] of cases) {
      const result = await cli('project', 'set-prices', 'shop', ...args)
      expect(result.code).toBe(1)
      expect(result.err.join('\n')).toContain(message)
    }
    const missing = await cli('project', 'set-prices', 'nope', '--source', 'none')
    expect(missing.err).toEqual(['No project with id "nope" (see `latch-server project list`)'])
    expect(await db.repository.prices.getPriceSource('shop')).toBeUndefined()
  })

  it('when the operator adds, lists and removes a token, then the project list follows', async () => {
    const add = await cli(
      'project',
      'tokens',
      'add',
      'shop',
      'eip155:1',
      ltt.toLowerCase(),
      '--symbol',
      'LTT',
      '--decimals',
      '6',
    )
    expect(add.out).toEqual([`shop eip155:1: LTT ${ltt} added`])
    const list = await cli('project', 'tokens', 'list', 'shop')
    expect(list.out).toEqual([`eip155:1  ${ltt}  LTT  LTT  decimals 6`])
    const json = JSON.parse((await cli('project', 'tokens', 'list', 'shop', '--json')).out[0] ?? '')
    expect(json).toEqual([
      { chainId: 'eip155:1', address: ltt, symbol: 'LTT', name: 'LTT', decimals: 6, logoURI: null },
    ])
    expect((await cli('project', 'tokens', 'remove', 'shop', 'eip155:1', ltt)).out).toEqual([
      `shop eip155:1: LTT ${ltt} removed`,
    ])
    expect((await cli('project', 'tokens', 'list', 'shop')).out[0]).toContain('no tokens of its own')
  })

  it('when a token is bad or absent, then the flag at fault is named and nothing is stored', async () => {
    const cases: [string[], string][] = [
      [['add', 'shop', 'solana:abc', ltt, '--symbol', 'X', '--decimals', '6'], 'is not an eip155 chain'],
      [
        ['add', 'shop', 'eip155:1', '0x12', '--symbol', 'X', '--decimals', '6'],
        'ADDRESS: expected a 20-byte hex address',
      ],
      [['add', 'shop', 'eip155:1', ltt, '--decimals', '6'], '--symbol: expected 1 to 20 characters'],
      [
        ['add', 'shop', 'eip155:1', ltt, '--symbol', 'X', '--decimals', '1e3'],
        '--decimals must be a whole number',
      ],
      [
        ['add', 'shop', 'eip155:1', ltt, '--symbol', 'X', '--decimals', '300'],
        '--decimals: expected a whole number from 0 to 255',
      ],
      [
        ['add', 'shop', 'eip155:1', ltt, '--symbol', 'X', '--decimals', '6', '--logo', 'javascript:x'],
        '--logo: expected an https URL',
      ],
      [['remove', 'shop', 'eip155:1', ltt], `Project "shop" has no token ${ltt} on eip155:1`],
      [['rename', 'shop'], 'Use `latch-server project tokens add|remove|list ID …`'],
    ]
    for (const [args, message] of cases) {
      const result = await cli('project', 'tokens', ...args)
      expect(result.code).toBe(1)
      expect(result.err.join('\n')).toContain(message)
    }
    expect(await db.repository.prices.listTokens('shop')).toEqual([])
  })
})
