export {
  LOCAL_SOLANA_CAIP_ID,
  LOCAL_SOLANA_GENESIS_HASH,
  LOCAL_SOLANA_LAMPORTS_PER_SIGNATURE,
  SOLANA_TEST_SEEDS,
} from './constants.js'
export {
  type LocalSolanaInstance,
  type StartLocalSolanaOptions,
  solanaAddressOfSeed,
  startLocalSolana,
} from './localSvm.js'
export { SOLANA_TEST_TOKEN, seedSplTestToken } from './splToken.js'
