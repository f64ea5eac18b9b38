import { createConfig } from '@wagmi/core'
import { createPublicClient, createWalletClient, decodeFunctionData, erc20Abi, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { base, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The testkit is imported from source so these tests run without a build step.
import { TEST_TOKENS } from '../../testkit/src/contracts/testTokens.js'
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type LocalChains, startLocalChains } from '../../testkit/src/node/anvil.js'
import { seedTestTokens } from '../../testkit/src/node/testTokens.js'
import { evmAdapter } from './evmAdapter.js'

let chains: LocalChains
beforeAll(async () => {
  chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
})
afterAll(() => chains?.stop())

function setup() {
  const config = createConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(chains.mainnet.rpcUrl), [base.id]: http(chains.base.rpcUrl) },
  })
  const adapter = evmAdapter({ config })
  const ethereum = adapter.networks.find((n) => n.id === 1)!
  return { adapter, ethereum }
}

const sender = TEST_ACCOUNTS[7]!
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('given the EVM adapter on a local chain with the test ERC-20', () => {
  it('when a recipient is typed, then a checksummed or lowercase address is taken (checksummed), anything else refused', () => {
    const { adapter } = setup()
    expect(adapter.parseRecipient!(RECIPIENT)).toBe(RECIPIENT)
    expect(adapter.parseRecipient!(RECIPIENT.toLowerCase())).toBe(RECIPIENT)
    // One letter's case changed: the EIP-55 checksum no longer matches.
    expect(adapter.parseRecipient!(RECIPIENT.replace('C51812', 'c51812'))).toBeUndefined()
    for (const bad of ['', 'vitalik.eth', '0x1234', `${RECIPIENT}00`, RECIPIENT.slice(2)])
      expect(adapter.parseRecipient!(bad)).toBeUndefined()
  })

  it('when an ERC-20 transfer is prepared, then it is transfer(to, amount) on the token with a fee, and sent it moves the tokens', async () => {
    const { adapter, ethereum } = setup()
    await seedTestTokens(chains.mainnet.rpcUrl, sender.address, { erc20Amount: 5_000_000n, nft: false })
    const { transaction, fee } = await adapter.prepareTransfer!({
      from: sender.address,
      to: RECIPIENT.toLowerCase(),
      amount: 1_500_000n,
      token: TEST_TOKENS.erc20.address.toLowerCase(),
      caipNetwork: ethereum,
    })
    expect(transaction.to).toBe(TEST_TOKENS.erc20.address)
    expect(transaction.value).toBeUndefined()
    expect(decodeFunctionData({ abi: erc20Abi, data: transaction.data as Hex })).toEqual({
      functionName: 'transfer',
      args: [RECIPIENT, 1_500_000n],
    })
    expect(fee).toBeGreaterThan(0n)
    const wallet = createWalletClient({
      account: privateKeyToAccount(sender.privateKey),
      chain: mainnet,
      transport: http(chains.mainnet.rpcUrl),
    })
    const reader = createPublicClient({ chain: mainnet, transport: http(chains.mainnet.rpcUrl) })
    const held = () =>
      reader.readContract({
        address: TEST_TOKENS.erc20.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [RECIPIENT],
      })
    const before = await held()
    const hash = await wallet.sendTransaction({ to: transaction.to, data: transaction.data as Hex })
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await held()) - before).toBe(1_500_000n)
  })

  it('when a native transfer is prepared, then it is a value transfer whose fee is 21 000 gas at the max fee', async () => {
    const { adapter, ethereum } = setup()
    const { transaction, fee } = await adapter.prepareTransfer!({
      from: sender.address,
      to: RECIPIENT,
      amount: 10n ** 15n,
      caipNetwork: ethereum,
    })
    expect(transaction).toEqual({ to: RECIPIENT, value: 10n ** 15n })
    expect(fee % 21_000n).toBe(0n)
  })

  it('when the ERC-20 transfer would revert (more than the balance), then the estimate refuses it', async () => {
    const { adapter, ethereum } = setup()
    await expect(
      adapter.prepareTransfer!({
        from: sender.address,
        to: RECIPIENT,
        amount: 10n ** 30n,
        token: TEST_TOKENS.erc20.address,
        caipNetwork: ethereum,
      }),
    ).rejects.toThrow()
  })
})
