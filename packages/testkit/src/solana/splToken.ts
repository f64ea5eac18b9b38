import { createHash } from 'node:crypto'
import {
  type Address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  lamports,
} from '@solana/kit'
import type { LiteSVM } from 'litesvm'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address

/**
 * The SPL test token of the local Solana chain (classic Token program, 6 decimals). Its mint
 * address is sha256("latch: test SPL mint"), the same on every start.
 */
export const SOLANA_TEST_TOKEN = Object.freeze({
  mint: getAddressDecoder().decode(createHash('sha256').update('latch: test SPL mint').digest()),
  name: 'Latch Test SPL',
  symbol: 'LTS',
  decimals: 6,
})

// SPL Token account layouts (the Token program's `Mint`, 82 bytes, and `Account`, 165 bytes).
function mintData(supply: bigint, decimals: number): Uint8Array {
  const data = Buffer.alloc(82)
  data.writeBigUInt64LE(supply, 36)
  data[44] = decimals
  data[45] = 1 // initialized
  return data
}

function tokenAccountData(mint: Address, owner: Address, amount: bigint): Uint8Array {
  const data = Buffer.alloc(165)
  const encoder = getAddressEncoder()
  data.set(encoder.encode(mint), 0)
  data.set(encoder.encode(owner), 32)
  data.writeBigUInt64LE(amount, 64)
  data[108] = 1 // AccountState::Initialized
  return data
}

/**
 * Gives `owner` `amount` (smallest unit) of the SPL test token in its associated token account on
 * the local chain, creating the mint the first time, by writing the accounts into the SVM
 * directly (no mint authority needed).
 *
 * @example
 * const solana = await startLocalSolana()
 * await seedSplTestToken(solana, solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]))
 */
export async function seedSplTestToken(
  chain: { svm: LiteSVM },
  owner: string,
  amount = 2_500_000_000n,
): Promise<void> {
  const { svm } = chain
  const { mint, decimals } = SOLANA_TEST_TOKEN
  const [ata] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [
      getAddressEncoder().encode(owner as Address),
      getAddressEncoder().encode(TOKEN_PROGRAM),
      getAddressEncoder().encode(mint),
    ],
  })
  const existing = svm.getAccount(mint)
  const supply = existing.exists ? Buffer.from(existing.data).readBigUInt64LE(36) : 0n
  const rent = (size: number) => lamports(svm.minimumBalanceForRentExemption(BigInt(size)))
  svm.setAccount({
    address: mint,
    data: mintData(supply + amount, decimals),
    executable: false,
    lamports: rent(82),
    programAddress: TOKEN_PROGRAM,
    space: 82n,
  })
  const held = svm.getAccount(ata)
  const before = held.exists ? Buffer.from(held.data).readBigUInt64LE(64) : 0n
  svm.setAccount({
    address: ata,
    data: tokenAccountData(mint, owner as Address, before + amount),
    executable: false,
    lamports: rent(165),
    programAddress: TOKEN_PROGRAM,
    space: 165n,
  })
}

// The amount in whole tokens as a decimal string, exact (the RPC's `uiAmountString`).
function uiAmount(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`.replace(/\.?0+$/, '')
}

/**
 * `getTokenAccountsByOwner` of Solana's JSON-RPC (filter `{ mint }` or `{ programId }`, both
 * token programs) with `jsonParsed` or `base64` encoding, over the SVM's accounts of the token
 * programs.
 */
export function tokenAccountsByOwner(
  svm: LiteSVM,
  owner: Address,
  filter: { mint?: unknown; programId?: unknown },
  encoding: unknown,
): unknown[] | { error: string } {
  const programs = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]
  if (typeof filter.programId === 'string' && !programs.includes(filter.programId as Address))
    return { error: 'Invalid param: unrecognized Token program id' }
  if (filter.programId === undefined && typeof filter.mint !== 'string')
    return { error: 'Invalid param: expected { mint } or { programId }' }
  const wanted = getAddressEncoder().encode(owner)
  const decoder = getAddressDecoder()
  return programs
    .filter((program) => filter.programId === undefined || filter.programId === program)
    .flatMap((program) => svm.getProgramAccounts(program).map((account) => ({ account, program })))
    .filter(({ account }) => {
      if (account.data.length < 165) return false
      const data = Buffer.from(account.data)
      if (!data.subarray(32, 64).equals(Buffer.from(wanted))) return false
      return typeof filter.mint !== 'string' || decoder.decode(data.subarray(0, 32)) === filter.mint
    })
    .map(({ account, program }) => {
      const data = Buffer.from(account.data)
      const mint = decoder.decode(data.subarray(0, 32))
      const amount = data.readBigUInt64LE(64)
      const mintAccount = svm.getAccount(mint)
      const decimals = mintAccount.exists ? (mintAccount.data[44] ?? 0) : 0
      const parsed = {
        program: program === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022',
        parsed: {
          type: 'account',
          info: {
            mint,
            owner,
            state: 'initialized',
            isNative: false,
            tokenAmount: {
              amount: amount.toString(),
              decimals,
              uiAmountString: uiAmount(amount, decimals),
            },
          },
        },
        space: BigInt(data.length),
      }
      return {
        pubkey: account.address,
        account: {
          data: encoding === 'jsonParsed' ? parsed : [data.toString('base64'), 'base64'],
          executable: false,
          lamports: account.lamports,
          owner: program,
          rentEpoch: 18_446_744_073_709_551_615n,
          space: BigInt(data.length),
        },
      }
    })
}
