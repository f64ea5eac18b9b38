import {
  type LocalSolanaInstance,
  SOLANA_TEST_SEEDS,
  SOLANA_TEST_TOKEN,
  seedSplTestToken,
  solanaAddressOfSeed,
  startLocalSolana,
} from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { parseSplTokenList } from './solana-balances.js'

const holder = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)
const empty = solanaAddressOfSeed(SOLANA_TEST_SEEDS[1]!)
let solana: LocalSolanaInstance
let chainId: string
beforeAll(async () => {
  solana = await startLocalSolana()
  chainId = `solana:${solana.genesisHash.slice(0, 32)}`
  await seedSplTestToken(solana, holder, 1_234_567_000n)
  // A second grant adds to the same account, as a second transfer would.
  await seedSplTestToken(solana, holder, 1_000n)
}, 60_000)
afterAll(() => solana?.stop())

describe.each(backends)(
  'given the balance service on %s and the local Solana chain with the SPL test token',
  (backend) => {
    let base: string
    let close: () => Promise<void>
    beforeAll(async () => {
      const started = await startTestServer(backend, {
        account: {
          tokens: {
            [demoProject.id]: [
              {
                chainId,
                address: SOLANA_TEST_TOKEN.mint,
                name: SOLANA_TEST_TOKEN.name,
                symbol: SOLANA_TEST_TOKEN.symbol,
              },
            ],
          },
        },
      })
      ;({ base, close } = started)
      await started.repository.siwx.setRpcUrl(demoProject.id, chainId, solana.rpcUrl)
    }, 60_000)
    afterAll(() => close?.())

    const get = (query: Record<string, string>) =>
      fetch(`${base}/account/v1/balances?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)

    it('when the holder asks, then SOL and the SPL token come back in the spec shape with their amounts', async () => {
      const response = await get({ address: holder, chainId })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        balances: [
          {
            name: 'Solana',
            symbol: 'SOL',
            chainId,
            quantity: { decimals: '9', numeric: '1000' },
            iconUrl: '',
          },
          {
            name: 'Latch Test SPL',
            symbol: 'LTS',
            chainId,
            address: `${chainId}:${SOLANA_TEST_TOKEN.mint}`,
            quantity: { decimals: '6', numeric: '1234.568' },
            iconUrl: '',
          },
        ],
      })
    })

    it('when the address holds no token, then only SOL is listed', async () => {
      const body = (await (await get({ address: empty, chainId })).json()) as {
        balances: { symbol: string }[]
      }
      expect(body.balances.map((b) => b.symbol)).toEqual(['SOL'])
    })

    it('when the address is not a Solana address, then 400 and a clear message', async () => {
      const evm = await get({ address: '0x1234567890123456789012345678901234567890', chainId })
      expect(evm.status).toBe(400)
      expect(await evm.json()).toEqual({
        error: 'invalid_address',
        message: `The address is not an address of ${chainId}`,
      })
      // Base58 of 31 bytes: the right alphabet, the wrong length.
      expect((await get({ address: '1111111111111111111111111111111', chainId })).status).toBe(400)
    })
  },
)

describe('given SPL tokens in the server configuration', () => {
  it('then a bad mint or a missing symbol is refused with where it is', () => {
    const chain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    expect(() =>
      parseSplTokenList([{ chainId: chain, address: '0x12', name: 'A', symbol: 'A' }], 'l'),
    ).toThrow("l[0].address: expected the mint's base58 address")
    expect(() =>
      parseSplTokenList([{ chainId: chain, address: SOLANA_TEST_TOKEN.mint, name: 'A' }], 'l'),
    ).toThrow('l[0]: an SPL token needs a name and a symbol')
  })
})
