import { expect, it } from 'vitest'
import * as node from './index.js'
import * as wallet from './wallet/index.js'

it('given the package entries, then their public runtime exports are exactly these (API changes show in review)', () => {
  expect(Object.keys(node).sort()).toEqual([
    'TEST_ACCOUNTS',
    'TEST_MNEMONIC',
    'resolveAnvilBinary',
    'startAnvil',
    'startLocalChains',
  ])
  expect(Object.keys(wallet).sort()).toEqual([
    'DEV_WALLET_ICON',
    'DEV_WALLET_NAME',
    'DEV_WALLET_RDNS',
    'ProviderErrorCode',
    'ProviderRpcError',
    'SWITCH_DECLINE_SHAPES',
    'TEST_ACCOUNTS',
    'TEST_MNEMONIC',
    'TEST_WALLET_GLOBAL',
    'announceWallet',
    'createMemoryStorage',
    'createTestWallet',
    'installTestWallet',
    'parseAddEthereumChainParameter',
    'switchDeclined',
  ])
})
