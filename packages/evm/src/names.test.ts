import { createConfig } from '@wagmi/core'
import { defineChain, http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The testkit from source: a local chain 1 with its name service at ENS's UniversalResolver address.
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type AnvilInstance, startAnvil } from '../../testkit/src/node/anvil.js'
import { deployTestEns, registerTestEnsName } from '../../testkit/src/node/testEns.js'
import { evmAdapter } from './evmAdapter.js'

const alice = TEST_ACCOUNTS[0]!.address
const nobody = TEST_ACCOUNTS[4]!.address
let chain: AnvilInstance

beforeAll(async () => {
  chain = await startAnvil({ chainId: 1, port: 0 })
  await deployTestEns(chain.rpcUrl)
  await registerTestEnsName(chain.rpcUrl, {
    name: 'alice.eth',
    address: alice,
    texts: { avatar: 'https://img.example/alice.png' },
  })
}, 60_000)
afterAll(() => chain?.stop())

/** The adapter of an app whose Ethereum is the local chain 1, read through the app's own transport. */
function adapterWith(chains: 'with-mainnet' | 'without-mainnet') {
  const ethereum = defineChain({ ...mainnet, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  const config =
    chains === 'with-mainnet'
      ? createConfig({ chains: [ethereum], transports: { [ethereum.id]: http(chain.rpcUrl) } })
      : createConfig({ chains: [base], transports: { [base.id]: http(chain.rpcUrl) } })
  return evmAdapter({ config })
}

describe('given an app with Ethereum and alice.eth registered on it', () => {
  it("then an account's primary name and avatar record are read through the app's RPC", async () => {
    const adapter = adapterWith('with-mainnet')
    expect(await adapter.lookupName!({ address: alice.toLowerCase() })).toEqual({
      name: 'alice.eth',
      avatar: 'https://img.example/alice.png',
    })
    expect(await adapter.lookupName!({ address: nobody })).toBeNull()
  })

  it('then a typed name resolves to the checksummed address, after normalization; unknown or invalid ones to null', async () => {
    const adapter = adapterWith('with-mainnet')
    expect(await adapter.resolveName!({ name: 'alice.eth' })).toBe(alice)
    expect(await adapter.resolveName!({ name: 'ALICE.eth' })).toBe(alice)
    expect(await adapter.resolveName!({ name: 'nobody.eth' })).toBeNull()
    expect(await adapter.resolveName!({ name: 'a\u0000b.eth' })).toBeNull()
  })
})

describe('given an app without Ethereum', () => {
  it('then no name is looked up anywhere', async () => {
    const adapter = adapterWith('without-mainnet')
    expect(await adapter.lookupName!({ address: alice })).toBeNull()
    expect(await adapter.resolveName!({ name: 'alice.eth' })).toBeNull()
  })
})
