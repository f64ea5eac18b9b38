export { TEST_ACCOUNTS, TEST_MNEMONIC, type TestAccount } from './node/accounts.js'
export {
  type AnvilInstance,
  type LocalChains,
  resolveAnvilBinary,
  type StartAnvilOptions,
  type StartLocalChainsOptions,
  startAnvil,
  startLocalChains,
} from './node/anvil.js'
