import { expect, it } from 'vitest'
import * as node from './index.js'
import * as playwright from './playwright/index.js'
import * as wallet from './wallet/index.js'
import * as walletconnect from './walletconnect/index.js'

// API changes show in review: a name added to or removed from an entry changes these lists.
it('given the package entries, then their public runtime exports are exactly these', () => {
  expect(Object.keys(node).sort()).toEqual([
    'CONTRACT_ACCOUNT_DEPLOYER',
    'LOCAL_SOLANA_CAIP_ID',
    'LOCAL_SOLANA_GENESIS_HASH',
    'LOCAL_SOLANA_LAMPORTS_PER_SIGNATURE',
    'SOLANA_TEST_SEEDS',
    'SOLANA_TEST_TOKEN',
    'TEST_ACCOUNTS',
    'TEST_CONTRACT_ACCOUNTS',
    'TEST_MNEMONIC',
    'TEST_TOKENS',
    'contractAccountAbi',
    'contractAccountBytecode',
    'deployTestContractAccounts',
    'deployTestTokens',
    'latchTestNFTAbi',
    'latchTestTokenAbi',
    'resolveAnvilBinary',
    'seedSplTestToken',
    'seedTestTokens',
    'setTestNftBaseUri',
    'solanaAddressOfSeed',
    'startAnvil',
    'startFakeBlockscout',
    'startFakeEtherscan',
    'startFakePriceSource',
    'startLocalChains',
    'startLocalSolana',
    'startMailSink',
    'startNftMetadataServer',
  ])
  expect(Object.keys(wallet).sort()).toEqual([
    'DEV_WALLET_ICON',
    'DEV_WALLET_ICON_BASE64',
    'DEV_WALLET_NAME',
    'DEV_WALLET_RDNS',
    'LOCAL_SOLANA_CAIP_ID',
    'LOCAL_SOLANA_GENESIS_HASH',
    'ProviderErrorCode',
    'ProviderRpcError',
    'SOLANA_TEST_SEEDS',
    'SWITCH_DECLINE_SHAPES',
    'TEST_ACCOUNTS',
    'TEST_CONTRACT_ACCOUNTS',
    'TEST_MNEMONIC',
    'TEST_TOKENS',
    'TEST_WALLET_GLOBAL',
    'announceWallet',
    'createMemoryStorage',
    'createSolanaTestWallet',
    'createTestWallet',
    'installTestWallet',
    'parseAddEthereumChainParameter',
    'registerSolanaTestWallet',
    'switchDeclined',
  ])
  expect(Object.keys(walletconnect).sort()).toMatchInlineSnapshot(`
    [
      "MemoryStorage",
      "RELAY_CLOSE_RESTART",
      "RELAY_CLOSE_UNAUTHORIZED",
      "WALLET_PEER_EVENTS",
      "WALLET_PEER_METHODS",
      "WALLET_PEER_SOLANA_METHODS",
      "closeLocalSignClient",
      "createLocalSignClient",
      "createOfflineVerify",
      "createWalletPeer",
      "startRelay",
    ]
  `)
  expect(Object.keys(playwright).sort()).toMatchInlineSnapshot(`
    [
      "defaultTestWalletOptions",
      "expect",
      "injectTestWallet",
      "test",
    ]
  `)
})
