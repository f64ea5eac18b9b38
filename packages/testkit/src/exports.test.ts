import { expect, it } from 'vitest'
import * as node from './index.js'
import * as wallet from './wallet/index.js'

it('given the package entries, then their public runtime exports are exactly these (API changes show in review)', () => {
  expect(Object.keys(node).sort()).toEqual([
    'CONTRACT_ACCOUNT_DEPLOYER',
    'LOCAL_SOLANA_CAIP_ID',
    'LOCAL_SOLANA_GENESIS_HASH',
    'LOCAL_SOLANA_LAMPORTS_PER_SIGNATURE',
    'SOLANA_TEST_SEEDS',
    'TEST_ACCOUNTS',
    'TEST_CONTRACT_ACCOUNTS',
    'TEST_MNEMONIC',
    'contractAccountAbi',
    'contractAccountBytecode',
    'deployTestContractAccounts',
    'resolveAnvilBinary',
    'solanaAddressOfSeed',
    'startAnvil',
    'startLocalChains',
    'startLocalSolana',
    'startMailSink',
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
})
