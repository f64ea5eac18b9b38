// Browser-safe facts about the local Solana chain of the test kit (no Node imports here).

/**
 * Genesis hash of the local Solana chain: base58 of SHA-256("latch local solana genesis"), fixed
 * so an app can configure the chain before it starts. Its CAIP-2 id is `solana:` + the first 32
 * characters.
 */
export const LOCAL_SOLANA_GENESIS_HASH = '3ByopDBLUk2VLcuESmRyiAGvwkCRPUuNA7gyDUudbaiP'

/** CAIP-2 id of the local Solana chain. */
export const LOCAL_SOLANA_CAIP_ID = `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}` as const

/** Lamports per signature the local chain charges (the SVM's default fee). */
export const LOCAL_SOLANA_LAMPORTS_PER_SIGNATURE = 5_000n

/**
 * The ed25519 seeds (32 bytes, hex) of the accounts the local Solana chain funds with
 * 1 000 SOL each: SHA-256("latch solana test account N"). Public, for local chains only.
 */
export const SOLANA_TEST_SEEDS: readonly string[] = Object.freeze([
  '53fbeb34806a4c616943e613ea7d5d4fe8be6769cdd3723dc95f46aa866f8ce1',
  'bb2f68ed03c6432c5e9222204c04eef958c693f34c918e51f2b665fe91f34c28',
  'd88c28f785bfc6920f61f647881a712f70ebf82bae31de530ae1b342e03f0967',
])
