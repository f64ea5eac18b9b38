import { createPublicClient, http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { deployTestEns, registerTestEnsName } from '../node/testEns.js'
import * as generated from './testEns.generated.js'

const alice = TEST_ACCOUNTS[0]!.address
const nobody = TEST_ACCOUNTS[5]!.address

describe('given the committed compiler output', () => {
  it('when contracts/TestEns.sol is compiled with solc, then it is exactly what is committed', async () => {
    // @ts-expect-error: a plain script, no types
    const { compileTestEns } = await import('../../scripts/compile-contracts.mjs')
    const { abi, bytecode } = compileTestEns() as { abi: unknown; bytecode: string }
    expect(generated.latchTestEnsBytecode).toBe(bytecode)
    expect(generated.latchTestEnsAbi).toEqual(abi)
  }, 60_000)
})

describe('given a local chain 1 with the test name service and alice.eth registered', () => {
  let chain: AnvilInstance
  const client = () =>
    createPublicClient({
      chain: { ...mainnet, rpcUrls: { default: { http: [chain.rpcUrl] } } },
      transport: http(),
    })
  beforeAll(async () => {
    chain = await startAnvil({ chainId: 1, port: 0 })
    await deployTestEns(chain.rpcUrl)
    await deployTestEns(chain.rpcUrl)
    await registerTestEnsName(chain.rpcUrl, {
      name: 'Alice.eth',
      address: alice,
      texts: { avatar: 'https://example.test/alice.png' },
    })
  }, 60_000)
  afterAll(() => chain?.stop())

  it("then viem's mainnet reads the name, the address, the avatar record and the primary name", async () => {
    expect(await client().getEnsAddress({ name: 'alice.eth' })).toBe(alice)
    expect(await client().getEnsName({ address: alice })).toBe('alice.eth')
    expect(await client().getEnsText({ name: 'alice.eth', key: 'avatar' })).toBe(
      'https://example.test/alice.png',
    )
  })

  it('then an unknown name and an address without a name read as null', async () => {
    expect(await client().getEnsAddress({ name: 'nobody.eth' })).toBeNull()
    expect(await client().getEnsName({ address: nobody })).toBeNull()
    expect(await client().getEnsText({ name: 'alice.eth', key: 'url' })).toBeNull()
  })

  it('then a primary name that no longer points back at its address is not given', async () => {
    await registerTestEnsName(chain.rpcUrl, { name: 'moved.eth', address: nobody })
    await registerTestEnsName(chain.rpcUrl, { name: 'moved.eth', address: alice })
    expect(await client().getEnsName({ address: nobody })).toBeNull()
  })
})
