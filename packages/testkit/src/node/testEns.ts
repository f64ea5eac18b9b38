import { type Address, createPublicClient, createTestClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { namehash, normalize } from 'viem/ens'
import { latchTestEnsAbi, latchTestEnsBytecode } from '../contracts/testEns.generated.js'
import { TEST_TOKEN_DEPLOYER, TEST_TOKEN_DEPLOYER_KEY } from '../contracts/testTokens.js'

/**
 * Where clients look for ENS on Ethereum: the UniversalResolver address viem's `mainnet` chain
 * names (`contracts.ensUniversalResolver`). The local name service's code is placed there.
 */
export const TEST_ENS_RESOLVER: Address = mainnet.contracts.ensUniversalResolver.address

function clients(rpcUrl: string) {
  const transport = http(rpcUrl, { retryCount: 0 })
  const chain = { ...mainnet, rpcUrls: { default: { http: [rpcUrl] } } }
  return {
    client: createPublicClient({ chain, transport, pollingInterval: 50 }),
    test: createTestClient({ mode: 'anvil', chain, transport }),
    owner: createWalletClient({ account: privateKeyToAccount(TEST_TOKEN_DEPLOYER_KEY), chain, transport }),
  }
}

/**
 * Puts the test kit's name service (contracts/TestEns.sol, answering the UniversalResolver's
 * calls) on a local chain with id 1, at {@link TEST_ENS_RESOLVER}, so `getEnsName`,
 * `getEnsAddress` and `getEnsText` of viem's `mainnet` chain read it. Kept when already there.
 *
 * @example
 * await deployTestEns(chains.mainnet.rpcUrl)
 */
export async function deployTestEns(rpcUrl: string): Promise<void> {
  const { client, test, owner } = clients(rpcUrl)
  if ((await client.getCode({ address: TEST_ENS_RESOLVER })) !== undefined) return
  await test.setBalance({ address: TEST_TOKEN_DEPLOYER, value: 10n ** 20n })
  // Deployed where the constructor runs (the owner is an immutable, part of the runtime code),
  // then that runtime code is copied to the well-known address.
  const hash = await owner.deployContract({
    abi: latchTestEnsAbi,
    bytecode: latchTestEnsBytecode,
    args: [TEST_TOKEN_DEPLOYER],
    gas: 3_000_000n,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const deployed = receipt.contractAddress
  const code = deployed ? await client.getCode({ address: deployed }) : undefined
  if (!code) throw new Error('The test name service was not deployed.')
  await test.setCode({ address: TEST_ENS_RESOLVER, bytecode: code })
}

/** A name {@link registerTestEnsName} registers. */
export interface TestEnsName {
  /** The name, e.g. 'alice.eth' (normalized before it is hashed). */
  name: string
  /** The address it points at; the name becomes this address's primary name. */
  address: Address
  /** Text records, e.g. `{ avatar: 'https://…/a.png' }`. */
  texts?: Readonly<Record<string, string>> | undefined
}

/**
 * Registers a name on a local chain where {@link deployTestEns} ran: its address, the address's
 * primary (reverse) name, and text records. Waits until every record is mined.
 *
 * @example
 * await registerTestEnsName(chains.mainnet.rpcUrl, { name: 'alice.eth', address })
 */
export async function registerTestEnsName(rpcUrl: string, record: TestEnsName): Promise<void> {
  const { client, test, owner } = clients(rpcUrl)
  await test.setBalance({ address: TEST_TOKEN_DEPLOYER, value: 10n ** 20n })
  const name = normalize(record.name)
  const node = namehash(name)
  const write = async (hash: `0x${string}`) => {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`Registering ${name} failed.`)
  }
  await write(
    await owner.writeContract({
      address: TEST_ENS_RESOLVER,
      abi: latchTestEnsAbi,
      functionName: 'register',
      args: [node, name, record.address],
    }),
  )
  for (const [key, value] of Object.entries(record.texts ?? {}))
    await write(
      await owner.writeContract({
        address: TEST_ENS_RESOLVER,
        abi: latchTestEnsAbi,
        functionName: 'setText',
        args: [node, key, value],
      }),
    )
}
