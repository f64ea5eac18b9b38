import {
  type AnvilInstance,
  deployAccountAbstraction,
  deployTestTokens,
  LOCAL_ACCOUNT_ABSTRACTION,
  type LocalBundler,
  latchTestTokenAbi,
  seedTestTokens,
  startAnvil,
  startLocalBundler,
  TEST_TOKENS,
} from '@latch/testkit'
import {
  type Address,
  type Chain,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  type PublicClient,
  type Transport,
} from 'viem'
import { createBundlerClient, createPaymasterClient, type SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Repository } from '../storage/types.js'
import { demoProject, startTestServer } from '../test/backends.js'
import { sponsorTestToken, toTestSimpleAccount } from '../test/simple-account.js'

const chainId = 'eip155:1'
const token = TEST_TOKENS.erc20.address
const recipient = getAddress('0x000000000000000000000000000000000000beef')

let chain: AnvilInstance
let bundler: LocalBundler
let server: { base: string; repository: Repository; close: () => Promise<void> }
let client: PublicClient<Transport, Chain>

const endpoint = (path: 'bundler' | 'paymaster') =>
  `${server.base}/aa/v1/${path}?projectId=${demoProject.id}&chainId=${chainId}`

async function rpc(path: 'bundler' | 'paymaster', method: string, params: unknown[] = []) {
  const response = await fetch(endpoint(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return (await response.json()) as {
    id: unknown
    result?: unknown
    error?: { code: number; message: string }
  }
}

/** A fresh smart account (never deployed, 0 ETH) and a bundler client through the server. */
async function freshAccount(): Promise<{
  account: SmartAccount
  send: (calls: { to: Address; data: `0x${string}` }[]) => Promise<`0x${string}`>
}> {
  const account = await toTestSimpleAccount({
    client,
    owner: privateKeyToAccount(generatePrivateKey()),
    factory: LOCAL_ACCOUNT_ABSTRACTION.simpleAccountFactory,
  })
  const bundlerClient = createBundlerClient({
    account,
    client,
    transport: http(endpoint('bundler'), { retryCount: 0 }),
    paymaster: createPaymasterClient({ transport: http(endpoint('paymaster'), { retryCount: 0 }) }),
    pollingInterval: 100,
  })
  return {
    account,
    send: (calls) =>
      bundlerClient.sendUserOperation({
        calls,
        // Fixed fees: the local chain's base fee is tiny, and the paymaster pays.
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      }),
  }
}

const approveAndTransfer = (amount: bigint) => [
  {
    to: token,
    data: encodeFunctionData({ abi: latchTestTokenAbi, functionName: 'approve', args: [recipient, amount] }),
  },
  {
    to: token,
    data: encodeFunctionData({ abi: latchTestTokenAbi, functionName: 'transfer', args: [recipient, amount] }),
  },
]

beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await Promise.all([deployTestTokens(chain.rpcUrl), deployAccountAbstraction(chain.rpcUrl)])
  ;[bundler, server] = await Promise.all([
    startLocalBundler({ rpcUrl: chain.rpcUrl }),
    startTestServer('sqlite'),
  ])
  client = createPublicClient({
    chain: defineChain({
      id: 1,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    transport: http(chain.rpcUrl),
    pollingInterval: 50,
  })
  const { repository } = server
  await sponsorTestToken(repository, { chainId, bundlerUrl: bundler.url, token })
}, 90_000)

afterAll(async () => {
  await Promise.allSettled([server?.close(), bundler?.stop()])
  await chain?.stop()
})

describe('smart accounts through the server', () => {
  it('sends a sponsored batch from a fresh account with 0 ETH, and refuses its second one over the cap', async () => {
    const { account, send } = await freshAccount()
    // The account gets tokens but no ETH.
    await seedTestTokens(chain.rpcUrl, await account.getAddress(), { erc20Amount: 5_000_000n, nft: false })
    const address = await account.getAddress()
    expect(await client.getBalance({ address })).toBe(0n)
    expect(await client.getCode({ address })).toBeUndefined()

    const hash = await send(approveAndTransfer(1_000_000n))
    const receipt = await rpcUntil(() => rpc('bundler', 'eth_getUserOperationReceipt', [hash]))
    expect(receipt.success).toBe(true)
    expect(getAddress(receipt.paymaster)).toBe(LOCAL_ACCOUNT_ABSTRACTION.verifyingPaymaster)
    // Mined on the chain itself: the account exists, paid no gas, and the tokens moved.
    const mined = await client.getTransactionReceipt({ hash: receipt.receipt.transactionHash })
    expect(mined.status).toBe('success')
    expect(await client.getCode({ address })).not.toBeUndefined()
    expect(await client.getBalance({ address })).toBe(0n)
    const balanceOf = (who: Address) =>
      client.readContract({ address: token, abi: latchTestTokenAbi, functionName: 'balanceOf', args: [who] })
    expect(await balanceOf(recipient)).toBe(1_000_000n)
    expect(await balanceOf(address)).toBe(4_000_000n)

    // The project sponsors one operation per account and day.
    await expect(send(approveAndTransfer(1n))).rejects.toThrow(
      "Sponsorship refused: this account reached the project's limit of 1 sponsored user operations a day",
    )
  })

  it('refuses to sponsor a call to a contract off the allow-list', async () => {
    const { send } = await freshAccount()
    const other = TEST_TOKENS.erc721.address
    await expect(send([{ to: other, data: '0x' }])).rejects.toThrow(
      `Sponsorship refused: ${other} is not a contract this project sponsors calls to`,
    )
  })

  it('forwards the bundler methods only', async () => {
    expect((await rpc('bundler', 'eth_supportedEntryPoints')).result).toEqual([
      LOCAL_ACCOUNT_ABSTRACTION.entryPoint,
    ])
    const refused = await rpc('bundler', 'eth_sendRawTransaction', ['0x00'])
    expect(refused.id).toBe(7)
    expect(refused.error?.code).toBe(-32601)
    expect(refused.error?.message).toMatch(
      /^Method not found: eth_sendRawTransaction is not forwarded to the bundler/,
    )
    expect((await rpc('bundler', 'debug_bundler_clearState')).error?.code).toBe(-32601)
  })
})

async function rpcUntil(call: () => ReturnType<typeof rpc>) {
  for (let i = 0; i < 100; i++) {
    const answer = await call()
    if (answer.error) throw new Error(answer.error.message)
    if (answer.result)
      return answer.result as {
        success: boolean
        paymaster: string
        receipt: { transactionHash: `0x${string}` }
      }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('No receipt')
}
