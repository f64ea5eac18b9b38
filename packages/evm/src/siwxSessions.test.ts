import type { SiwxSession } from '@latch/core'
import { createPublicClient, encodeFunctionData, http, serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hashMessage as erc7739HashMessage } from 'viem/experimental/erc7739'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
// The real @latch/server, from source.
import { demoProject, startTestServer } from '../../server/src/test/backends.js'
// The testkit is imported from source so these tests run without a build step.
import { LOCAL_ACCOUNT_ABSTRACTION } from '../../testkit/src/contracts/accountAbstraction.js'
import { TEST_CONTRACT_ACCOUNTS } from '../../testkit/src/contracts/contractAccounts.js'
import { latchSmartAccountFactoryAbi } from '../../testkit/src/contracts/smartAccount.generated.js'
import { deployAccountAbstraction } from '../../testkit/src/node/accountAbstraction.js'
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type AnvilInstance, startAnvil } from '../../testkit/src/node/anvil.js'
import { deployTestContractAccounts } from '../../testkit/src/node/contractAccounts.js'
import { localSiwx } from './siwxSessions.js'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const account = privateKeyToAccount(generatePrivateKey())
const chainId = 'eip155:1'

beforeEach(() => vi.stubGlobal('location', new URL('https://app.example.com/page')))
afterEach(() => vi.unstubAllGlobals())

async function signed(siwx: ReturnType<typeof localSiwx>, signer = account): Promise<SiwxSession> {
  const { data, message } = await siwx.createMessage({ accountAddress: account.address, chainId })
  return { data, message, signature: await signer.signMessage({ message }) }
}

describe('localSiwx', () => {
  it('when the account signs the message it made, then the session is kept for that account and network only', async () => {
    const siwx = localSiwx({ storage: memoryStorage(), statement: 'Sign in to Example.', required: true })
    expect(siwx.getRequired?.()).toBe(true)
    const session = await signed(siwx)
    expect(session.message).toContain('app.example.com wants you to sign in with your Ethereum account:')
    expect(session.message).toContain('Sign in to Example.')
    expect(session.data.nonce).toMatch(/^[A-Za-z0-9]{22}$/)
    await siwx.addSession(session)
    expect(await siwx.getSessions(chainId, account.address.toLowerCase())).toEqual([session])
    expect(await siwx.getSessions('eip155:8453', account.address)).toEqual([])
    await siwx.revokeSession(chainId, account.address)
    expect(await siwx.getSessions(chainId, account.address)).toEqual([])
  })

  it('when the signature is another key’s, garbage, or the message is for another page or expired, then it is refused', async () => {
    const siwx = localSiwx({ storage: memoryStorage() })
    const other = privateKeyToAccount(generatePrivateKey())
    await expect(siwx.addSession(await signed(siwx, other))).rejects.toThrow(
      'The signature does not match the address',
    )
    const good = await signed(siwx)
    await expect(siwx.addSession({ ...good, signature: 'garbage' })).rejects.toThrow(
      'The signature is not hex',
    )
    await expect(
      siwx.addSession({ ...good, data: { ...good.data, domain: 'evil.example' } }),
    ).rejects.toThrow('The sign-in message is not for this page')
    await expect(
      siwx.addSession({ ...good, data: { ...good.data, expirationTime: '2020-01-01T00:00:00Z' } }),
    ).rejects.toThrow('The sign-in message has expired')
    expect(await siwx.getSessions(chainId, account.address)).toEqual([])
  })

  it('when the stored list is corrupted, then it reads as no sessions', async () => {
    const storage = memoryStorage()
    storage.setItem('latch.siwx.sessions', '{not json')
    expect(await localSiwx({ storage }).getSessions(chainId, account.address)).toEqual([])
    storage.setItem('latch.siwx.sessions', JSON.stringify([{ message: 1 }]))
    expect(await localSiwx({ storage }).getSessions(chainId, account.address)).toEqual([])
  })

  it('when the network is neither eip155 nor solana, then no message is made', async () => {
    await expect(
      localSiwx({ storage: memoryStorage() }).createMessage({
        accountAddress: account.address,
        chainId: 'bip122:000000000019d6689c085ae165831e93',
      }),
    ).rejects.toThrow('Sign-in supports eip155 and solana networks only')
  })
})

describe('localSiwx with contract accounts (ERC-1271) on a local chain', () => {
  let chain: AnvilInstance
  beforeAll(async () => {
    chain = await startAnvil({ chainId: 1 })
    await Promise.all([deployTestContractAccounts(chain.rpcUrl), deployAccountAbstraction(chain.rpcUrl)])
  }, 60_000)
  afterAll(() => chain?.stop())
  const owner = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey)

  async function signedFor(
    siwx: ReturnType<typeof localSiwx>,
    contract: `0x${string}`,
  ): Promise<SiwxSession> {
    const { data, message } = await siwx.createMessage({ accountAddress: contract, chainId })
    return { data, message, signature: await owner.signMessage({ message }) }
  }

  it('when the owner signs for its contract account, then the page asks the contract and keeps the session', async () => {
    const siwx = localSiwx({ storage: memoryStorage(), rpcUrls: { [chainId]: chain.rpcUrl } })
    const mine = TEST_CONTRACT_ACCOUNTS[0]!.address
    const session = await signedFor(siwx, mine)
    await siwx.addSession(session)
    expect(await siwx.getSessions(chainId, mine)).toEqual([session])
  })

  it('when the contract refuses, or no RPC URL is set for the network, then the session is refused', async () => {
    const withRpc = localSiwx({ storage: memoryStorage(), rpcUrls: { [chainId]: chain.rpcUrl } })
    const foreign = TEST_CONTRACT_ACCOUNTS[1]!.address
    await expect(withRpc.addSession(await signedFor(withRpc, foreign))).rejects.toThrow(
      `The contract account ${foreign} did not accept the signature (isValidSignature returned 0xffffffff, not 0x1626ba7e)`,
    )
    const withoutRpc = localSiwx({ storage: memoryStorage() })
    await expect(
      withoutRpc.addSession(await signedFor(withoutRpc, TEST_CONTRACT_ACCOUNTS[0]!.address)),
    ).rejects.toThrow('The signature does not match the address')
    expect(await withoutRpc.getSessions(chainId, TEST_CONTRACT_ACCOUNTS[0]!.address)).toEqual([])
  })

  it('when an embedded wallet’s smart account not deployed yet signs (ERC-6492 around ERC-7739), then the page simulates its creation and keeps the session; another key’s is refused', async () => {
    const siwx = localSiwx({ storage: memoryStorage(), rpcUrls: { [chainId]: chain.rpcUrl } })
    const factory = LOCAL_ACCOUNT_ABSTRACTION.smartAccountFactory
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const args = [owner.address, 0n] as const
    const smart = await client.readContract({
      address: factory,
      abi: latchSmartAccountFactoryAbi,
      functionName: 'getAddress',
      args,
    })
    const signedBy = async (key: typeof owner) => {
      const { data, message } = await siwx.createMessage({ accountAddress: smart, chainId })
      const verifierDomain = {
        name: 'Latch Smart Account',
        version: '1',
        chainId: 1,
        verifyingContract: smart,
      }
      const signature = serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({ abi: latchSmartAccountFactoryAbi, functionName: 'createAccount', args }),
        signature: await key.sign({ hash: erc7739HashMessage({ message, verifierDomain }) }),
      })
      return { data, message, signature }
    }
    const session = await signedBy(owner)
    await siwx.addSession(session)
    expect(await siwx.getSessions(chainId, smart)).toEqual([session])
    await expect(siwx.addSession(await signedBy(privateKeyToAccount(generatePrivateKey())))).rejects.toThrow(
      `The contract account ${smart} did not accept the signature (ERC-6492: the account its factory creates does not sign it)`,
    )
    expect(await client.getCode({ address: smart })).toBeUndefined()
  })

  describe('given the app has a @latch/server whose project has a node for the network', () => {
    let server: Awaited<ReturnType<typeof startTestServer>>
    beforeAll(async () => {
      server = await startTestServer('sqlite')
      await server.repository.siwx.setRpcUrl(demoProject.id, chainId, chain.rpcUrl)
    }, 60_000)
    afterAll(async () => {
      await server?.close()
    })
    const context = {
      projectRpcUrl: (id: string) =>
        `${server.base}/v1/?chainId=${encodeURIComponent(id)}&projectId=${demoProject.id}`,
    }

    it('when no RPC URL is set for the network, then the contract is asked through the project endpoint', async () => {
      const siwx = localSiwx({ storage: memoryStorage() })
      const mine = TEST_CONTRACT_ACCOUNTS[0]!.address
      const session = await signedFor(siwx, mine)
      await siwx.addSession(session, context)
      expect(await siwx.getSessions(chainId, mine)).toEqual([session])
      const foreign = TEST_CONTRACT_ACCOUNTS[1]!.address
      await expect(siwx.addSession(await signedFor(siwx, foreign), context)).rejects.toThrow(
        `The contract account ${foreign} did not accept the signature`,
      )
    })

    it("when the app set its own RPC URL, then that one is asked (the endpoint's server is down here)", async () => {
      const siwx = localSiwx({ storage: memoryStorage(), rpcUrls: { [chainId]: chain.rpcUrl } })
      const mine = TEST_CONTRACT_ACCOUNTS[0]!.address
      const session = await signedFor(siwx, mine)
      await siwx.addSession(session, { projectRpcUrl: () => 'http://127.0.0.1:9/v1/' })
      expect(await siwx.getSessions(chainId, mine)).toEqual([session])
    })
  })
})
