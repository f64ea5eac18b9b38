import { createSolanaRpc } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_TEST_SEEDS } from './constants.js'
import { type LocalSolanaInstance, solanaAddressOfSeed, startLocalSolana } from './localSvm.js'
import { SOLANA_TEST_TOKEN, seedSplTestToken } from './splToken.js'

const holder = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)
let chain: LocalSolanaInstance
beforeAll(async () => {
  chain = await startLocalSolana()
  await seedSplTestToken(chain, holder, 2_500_000_001n)
})
afterAll(() => chain?.stop())

describe('given the local Solana chain with the SPL test token seeded', () => {
  it('when a real client asks for the token accounts by mint or program, then the seeded account comes back parsed', async () => {
    const rpc = createSolanaRpc(chain.rpcUrl)
    const byMint = await rpc
      .getTokenAccountsByOwner(
        holder as never,
        { mint: SOLANA_TEST_TOKEN.mint as never },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(byMint.value).toHaveLength(1)
    expect(byMint.value[0]!.account.data.parsed.info).toMatchObject({
      mint: SOLANA_TEST_TOKEN.mint,
      owner: holder,
      tokenAmount: { amount: '2500000001', decimals: 6, uiAmountString: '2500.000001' },
    })
    const byProgram = await rpc
      .getTokenAccountsByOwner(
        holder as never,
        { programId: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as never },
        { encoding: 'base64' },
      )
      .send()
    expect(byProgram.value).toEqual([])
    // The mint is a real mint account of the Token program: supply and decimals are where they belong.
    const mint = await rpc.getAccountInfo(SOLANA_TEST_TOKEN.mint as never, { encoding: 'base64' }).send()
    expect(mint.value?.owner).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    const data = Buffer.from(mint.value!.data[0], 'base64')
    expect(data.readBigUInt64LE(36)).toBe(2_500_000_001n)
    expect(data[44]).toBe(6)
  })

  it('when the filter names no token program, then the RPC error a cluster gives', async () => {
    const rpc = createSolanaRpc(chain.rpcUrl)
    await expect(
      rpc
        .getTokenAccountsByOwner(holder as never, { programId: holder as never }, { encoding: 'jsonParsed' })
        .send(),
    ).rejects.toThrow(/unrecognized Token program id/)
  })
})
