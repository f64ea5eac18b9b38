import { createPublicClient, createWalletClient, http, parseSignature } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type LocalChains, startLocalChains } from '../node/anvil.js'
import { deployTestTokens, seedTestTokens } from '../node/testTokens.js'
import * as generated from './testTokens.generated.js'
import { TEST_TOKENS } from './testTokens.js'

const holder = TEST_ACCOUNTS[6]!
const spender = TEST_ACCOUNTS[7]!

describe('given the committed compiler output', () => {
  it('when contracts/TestTokens.sol is compiled with solc and OpenZeppelin, then it is exactly what is committed', async () => {
    // @ts-expect-error: a plain script, no types
    const { compileTestTokens } = await import('../../scripts/compile-contracts.mjs')
    const { contracts } = compileTestTokens() as {
      contracts: Record<string, { abi: unknown; bytecode: string }>
    }
    const committed = generated as Record<string, unknown>
    for (const [name, { abi, bytecode }] of Object.entries(contracts)) {
      const prefix = name[0]!.toLowerCase() + name.slice(1)
      expect(committed[`${prefix}Bytecode`]).toBe(bytecode)
      expect(committed[`${prefix}Abi`]).toEqual(abi)
    }
    expect(Object.keys(contracts)).toHaveLength(4)
  }, 60_000)
})

describe('given the local chains started with the test tokens', () => {
  let chains: LocalChains
  beforeAll(async () => {
    chains = await startLocalChains({ mainnetPort: 0, basePort: 0, contractAccounts: false })
  })
  afterAll(() => chains?.stop())

  it('then every token is at its fixed address on both chains, with its name', async () => {
    for (const rpcUrl of [chains.mainnet.rpcUrl, chains.base.rpcUrl]) {
      const client = createPublicClient({ transport: http(rpcUrl) })
      const read = (address: `0x${string}`, functionName: 'name' | 'symbol') =>
        client.readContract({ address, abi: generated.latchTestNFTAbi, functionName })
      expect(await read(TEST_TOKENS.erc20.address, 'symbol')).toBe('LTT')
      expect(
        await client.readContract({
          address: TEST_TOKENS.erc20.address,
          abi: generated.latchTestTokenAbi,
          functionName: 'decimals',
        }),
      ).toBe(6)
      expect(await read(TEST_TOKENS.erc721.address, 'name')).toBe('Latch Test NFT')
      expect(await read(TEST_TOKENS.spamNft.address, 'symbol')).toBe('CLAIM')
      expect(await client.getCode({ address: TEST_TOKENS.erc1155.address })).toMatch(/^0x[0-9a-f]{100,}/)
    }
    // Deploying again keeps what is there.
    await deployTestTokens(chains.base.rpcUrl)
  })

  it('when an account is seeded, then it holds LTT, the NFT and the spam NFT, and can transfer the ERC-1155', async () => {
    const client = createPublicClient({ transport: http(chains.mainnet.rpcUrl) })
    await seedTestTokens(chains.mainnet.rpcUrl, holder.address, { erc20Amount: 5_000_000n, spamNft: true })
    expect(
      await client.readContract({
        address: TEST_TOKENS.erc20.address,
        abi: generated.latchTestTokenAbi,
        functionName: 'balanceOf',
        args: [holder.address],
      }),
    ).toBe(5_000_000n)
    for (const address of [TEST_TOKENS.erc721.address, TEST_TOKENS.spamNft.address])
      expect(
        await client.readContract({
          address,
          abi: generated.latchTestNFTAbi,
          functionName: 'balanceOf',
          args: [holder.address],
        }),
      ).toBe(1n)
    const wallet = createWalletClient({
      account: privateKeyToAccount(holder.privateKey),
      transport: http(chains.mainnet.rpcUrl),
    })
    const mint = await wallet.writeContract({
      chain: null,
      address: TEST_TOKENS.erc1155.address,
      abi: generated.latchTestMultiTokenAbi,
      functionName: 'mint',
      args: [holder.address, 7n, 3n],
    })
    await client.waitForTransactionReceipt({ hash: mint, pollingInterval: 50 })
    expect(
      await client.readContract({
        address: TEST_TOKENS.erc1155.address,
        abi: generated.latchTestMultiTokenAbi,
        functionName: 'balanceOf',
        args: [holder.address, 7n],
      }),
    ).toBe(3n)
  })

  it('when the holder signs an EIP-2612 permit, then the spender is allowed without a transaction from the holder', async () => {
    const client = createPublicClient({ transport: http(chains.base.rpcUrl) })
    const owner = privateKeyToAccount(holder.privateKey)
    const deadline = 2n ** 40n
    const signature = await owner.signTypedData({
      domain: {
        name: 'Latch Test Token',
        version: '1',
        chainId: 8453,
        verifyingContract: TEST_TOKENS.erc20.address,
      },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: owner.address, spender: spender.address, value: 42n, nonce: 0n, deadline },
    })
    const { v, r, s } = parseSignature(signature)
    const submitter = createWalletClient({
      account: privateKeyToAccount(spender.privateKey),
      transport: http(chains.base.rpcUrl),
    })
    const hash = await submitter.writeContract({
      chain: null,
      address: TEST_TOKENS.erc20.address,
      abi: generated.latchTestTokenAbi,
      functionName: 'permit',
      args: [owner.address, spender.address, 42n, deadline, Number(v), r, s],
    })
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    expect(
      await client.readContract({
        address: TEST_TOKENS.erc20.address,
        abi: generated.latchTestTokenAbi,
        functionName: 'allowance',
        args: [owner.address, spender.address],
      }),
    ).toBe(42n)
  })
})
