export { BITCOIN_REGTEST_CAIP_ID, type BitcoinTestKey, bitcoinTestKeys } from './keys.js'
export {
  type BitcoinRegtestInstance,
  type StartBitcoinRegtestOptions,
  startBitcoinRegtest,
} from './regtest.js'
