import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  latchSpamNFTAbi,
  latchSpamNFTBytecode,
  latchTestMultiTokenAbi,
  latchTestMultiTokenBytecode,
  latchTestNFTAbi,
  latchTestNFTBytecode,
  latchTestTokenAbi,
  latchTestTokenBytecode,
} from '../contracts/testTokens.generated.js'
import { TEST_TOKEN_DEPLOYER, TEST_TOKEN_DEPLOYER_KEY, TEST_TOKENS } from '../contracts/testTokens.js'

async function clients(rpcUrl: string) {
  const transport = http(rpcUrl, { retryCount: 0 })
  const id = await createPublicClient({ transport }).getChainId()
  const chain: Chain = defineChain({
    id,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient
  const deployer = createWalletClient({
    account: privateKeyToAccount(TEST_TOKEN_DEPLOYER_KEY),
    chain,
    transport,
  })
  return { chain, transport, client, deployer }
}

// In nonce order: each contract's address follows from the deployer and this position.
const deployments = [
  { address: TEST_TOKENS.erc20.address, abi: latchTestTokenAbi, bytecode: latchTestTokenBytecode },
  { address: TEST_TOKENS.erc721.address, abi: latchTestNFTAbi, bytecode: latchTestNFTBytecode },
  {
    address: TEST_TOKENS.erc1155.address,
    abi: latchTestMultiTokenAbi,
    bytecode: latchTestMultiTokenBytecode,
  },
  { address: TEST_TOKENS.spamNft.address, abi: latchSpamNFTAbi, bytecode: latchSpamNFTBytecode },
] as const

/**
 * Deploys the test tokens ({@link TEST_TOKENS}) on a local anvil chain, from their own deployer
 * (funded with `anvil_setBalance`). Contracts already there are kept.
 *
 * @example
 * const chain = await startAnvil({ chainId: 1 })
 * await deployTestTokens(chain.rpcUrl)
 */
export async function deployTestTokens(rpcUrl: string): Promise<void> {
  const { chain, transport, client, deployer } = await clients(rpcUrl)
  await createTestClient({ mode: 'anvil', chain, transport }).setBalance({
    address: TEST_TOKEN_DEPLOYER,
    value: 10n ** 20n,
  })
  for (const [nonce, contract] of deployments.entries()) {
    if ((await client.getCode({ address: contract.address })) !== undefined) continue
    const hash = await deployer.deployContract({ abi: contract.abi, bytecode: contract.bytecode, nonce })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.contractAddress?.toLowerCase() !== contract.address.toLowerCase())
      throw new Error(`A test token landed at ${String(receipt.contractAddress)}, not ${contract.address}.`)
  }
}

/** What {@link seedTestTokens} gives an account. */
export interface SeedTestTokensOptions {
  /** LTT in its smallest unit (6 decimals); default 1 234.5 LTT. */
  erc20Amount?: bigint | undefined
  /** Mint one Latch Test NFT too (default true). */
  nft?: boolean | undefined
  /** Airdrop one spam NFT too (default false). */
  spamNft?: boolean | undefined
}

/**
 * Gives an account test tokens on a local chain where {@link deployTestTokens} ran: LTT, and
 * optionally one Latch Test NFT and one spam NFT. Waits until every mint is mined.
 *
 * @example
 * await seedTestTokens(chains.mainnet.rpcUrl, TEST_ACCOUNTS[0].address)
 */
export async function seedTestTokens(
  rpcUrl: string,
  to: Address,
  options: SeedTestTokensOptions = {},
): Promise<void> {
  const { client, deployer } = await clients(rpcUrl)
  const hashes = [
    await deployer.writeContract({
      address: TEST_TOKENS.erc20.address,
      abi: latchTestTokenAbi,
      functionName: 'mint',
      args: [to, options.erc20Amount ?? 1_234_500_000n],
    }),
  ]
  if (options.nft ?? true)
    hashes.push(
      await deployer.writeContract({
        address: TEST_TOKENS.erc721.address,
        abi: latchTestNFTAbi,
        functionName: 'mint',
        args: [to],
      }),
    )
  if (options.spamNft)
    hashes.push(
      await deployer.writeContract({
        address: TEST_TOKENS.spamNft.address,
        abi: latchSpamNFTAbi,
        functionName: 'airdrop',
        args: [to],
      }),
    )
  for (const hash of hashes) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`Seeding test tokens failed in ${hash}.`)
  }
}

/**
 * Points the Latch Test NFT's metadata at a base URI (token `n` at `${baseUri}n`), as its
 * deployer; e.g. the base URI of `startNftMetadataServer`'s host.
 *
 * @example
 * await setTestNftBaseUri(chain.rpcUrl, metadata.baseUri)
 */
export async function setTestNftBaseUri(rpcUrl: string, baseUri: string): Promise<void> {
  const { client, deployer } = await clients(rpcUrl)
  const hash = await deployer.writeContract({
    address: TEST_TOKENS.erc721.address,
    abi: latchTestNFTAbi,
    functionName: 'setBaseURI',
    args: [baseUri],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`Setting the test NFT's base URI failed in ${hash}.`)
}
