import { createPublicClient, createTestClient, createWalletClient, defineChain, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { contractAccountAbi, contractAccountBytecode } from '../contracts/contractAccount.generated.js'
import {
  CONTRACT_ACCOUNT_DEPLOYER,
  CONTRACT_ACCOUNT_DEPLOYER_KEY,
  TEST_CONTRACT_ACCOUNTS,
} from '../contracts/contractAccounts.js'

/**
 * Deploys the test contract accounts ({@link TEST_CONTRACT_ACCOUNTS}) on a local anvil chain,
 * from their own deployer (funded with `anvil_setBalance`). Accounts already there are kept.
 *
 * @example
 * const chain = await startAnvil({ chainId: 1 })
 * await deployTestContractAccounts(chain.rpcUrl)
 */
export async function deployTestContractAccounts(rpcUrl: string): Promise<void> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const probe = createPublicClient({ transport })
  const chain = defineChain({
    id: await probe.getChainId(),
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport, pollingInterval: 50 })
  const deployer = createWalletClient({
    account: privateKeyToAccount(CONTRACT_ACCOUNT_DEPLOYER_KEY),
    chain,
    transport,
  })
  await createTestClient({ mode: 'anvil', chain, transport }).setBalance({
    address: CONTRACT_ACCOUNT_DEPLOYER,
    value: 10n ** 20n,
  })
  for (const [index, account] of TEST_CONTRACT_ACCOUNTS.entries()) {
    if ((await client.getCode({ address: account.address })) !== undefined) continue
    const hash = await deployer.deployContract({
      abi: contractAccountAbi,
      bytecode: contractAccountBytecode,
      args: [account.owner],
      nonce: index,
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.contractAddress?.toLowerCase() !== account.address.toLowerCase())
      throw new Error(
        `The contract account for ${account.owner} landed at ${String(receipt.contractAddress)}, not ${account.address}.`,
      )
  }
}
