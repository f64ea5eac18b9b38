import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_TOKENS } from '../contracts/testTokens.js'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { deployTestTokens, seedTestTokens } from '../node/testTokens.js'
import { createTestWallet } from './createTestWallet.js'
import { createMemoryStorage } from './storage.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const holder = TEST_ACCOUNTS[4]!

let chain: AnvilInstance
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await deployTestTokens(chain.rpcUrl)
  await seedTestTokens(chain.rpcUrl, holder.address, { erc20Amount: 2_500_000n, nft: false })
}, 60_000)
afterAll(() => chain?.stop())

function wallet(assets?: { tokens: readonly `0x${string}`[] }) {
  return createTestWallet({
    privateKeys: [holder.privateKey],
    chains: [{ id: 1, name: 'Ethereum', rpcUrl: chain.rpcUrl, nativeCurrency: ETH }],
    initialChainId: 1,
    storage: createMemoryStorage(),
    assets,
  })
}

describe('given the Dev Wallet with asset discovery (EIP-7811)', () => {
  it('then it reports the capability and lists ETH and the held test ERC-20 in the spec shape', async () => {
    const { provider } = wallet({ tokens: [TEST_TOKENS.erc20.address, TEST_TOKENS.spamNft.address] })
    await provider.request({ method: 'eth_requestAccounts' })
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [holder.address, ['0x1']] }),
    ).toEqual({
      '0x1': { assetDiscovery: { supported: true }, atomic: { status: 'unsupported' } },
    })
    expect(
      await provider.request({
        method: 'wallet_getAssets',
        params: [{ account: holder.address, chainFilter: ['0x1'] }],
      }),
    ).toEqual({
      '0x1': [
        {
          address: 'native',
          balance: `0x${(10_000n * 10n ** 18n).toString(16)}`,
          type: 'NATIVE',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 0, iconUrl: '' },
        },
        {
          address: TEST_TOKENS.erc20.address,
          balance: '0x2625a0',
          type: 'ERC20',
          metadata: { name: 'Latch Test Token', symbol: 'LTT', decimals: 6, price: 0, iconUrl: '' },
        },
      ],
    })
  })

  it('when discovery is off, an address is missing or the account is not shown to the dapp, then it refuses', async () => {
    const { provider, controls } = wallet({ tokens: [TEST_TOKENS.erc20.address] })
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [holder.address] }),
    ).rejects.toMatchObject({ code: 4100 })
    await provider.request({ method: 'eth_requestAccounts' })
    await expect(provider.request({ method: 'wallet_getCapabilities', params: [] })).rejects.toThrow(
      'Missing address parameter in `wallet_getCapabilities` request',
    )
    controls.setAssetDiscovery(false)
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [holder.address] })).toEqual({
      '0x1': { assetDiscovery: { supported: false }, atomic: { status: 'unsupported' } },
    })
    // Without EIP-5792 batches the wallet no longer reports `atomic`.
    controls.setBatchCalls(false)
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [holder.address] })).toEqual({
      '0x1': { assetDiscovery: { supported: false } },
    })
    await expect(
      provider.request({ method: 'wallet_getAssets', params: [{ account: holder.address }] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(() => wallet().controls.setAssetDiscovery(true)).toThrow('no asset list')
  })
})
