import { describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.js'
import { hydrate } from '../actions/hydrate.js'
import { createLatch } from '../createLatch.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { queryClientOf } from './client.js'
import { nameQueryOptions, resolveNameQueryOptions } from './names.js'

const mainnet = network('eip155', 1, 'Ethereum')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'

function setup(names?: { avatar?: string | undefined; apiUrl?: string | undefined }) {
  const evm = memoryAdapter('eip155', [mainnet])
  const calls: string[] = []
  if (names)
    Object.assign(evm.adapter, {
      lookupName: async ({ address }: { address: string }) => {
        calls.push(`lookup ${address}`)
        return address === ALICE ? { name: 'alice.eth', avatar: names.avatar } : null
      },
      resolveName: async ({ name }: { name: string }) => {
        calls.push(`resolve ${name}`)
        return name.toLowerCase() === 'alice.eth' ? ALICE : null
      },
    })
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter],
    storage: createMemoryStorage(),
    ...(names?.apiUrl ? { apiUrl: names.apiUrl, projectId: 'p1' } : {}),
  })
  return { latch, calls, client: queryClientOf(latch) }
}

describe('given an adapter that reads names', () => {
  it("then an account's name comes with its avatar record as an image of the app's server", async () => {
    const { latch, client } = setup({ avatar: 'https://img.example/a.png', apiUrl: 'https://api.example/' })
    expect(await client.fetchQuery(nameQueryOptions(latch, { namespace: 'eip155', address: ALICE }))).toEqual(
      {
        name: 'alice.eth',
        avatarUrl:
          'https://api.example/account/v1/nft-image?url=https%3A%2F%2Fimg.example%2Fa.png&projectId=p1',
      },
    )
  })

  it('then an avatar record is never shown as it is: none without a server, none for what is not a URL', async () => {
    for (const [avatar, apiUrl] of [
      ['https://img.example/a.png', undefined],
      ['javascript:alert(1)', 'https://api.example'],
      ['data:image/svg+xml,<svg/>', 'https://api.example'],
      ['eip155:1/erc721:0x0000000000000000000000000000000000000001/1', 'https://api.example'],
      [undefined, 'https://api.example'],
    ] as const) {
      const { latch, client } = setup({ avatar, apiUrl })
      const data = await client.fetchQuery(nameQueryOptions(latch, { namespace: 'eip155', address: ALICE }))
      expect(data, String(avatar)).toEqual({ name: 'alice.eth', avatarUrl: undefined })
    }
  })

  it('then an account without a name is null, and the answer is kept under a key that ignores the case', async () => {
    const { latch, client, calls } = setup({})
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(
      await client.fetchQuery(nameQueryOptions(latch, { namespace: 'eip155', address: other })),
    ).toBeNull()
    const options = nameQueryOptions(latch, { namespace: 'eip155', address: ALICE })
    await client.fetchQuery(options)
    await client.fetchQuery(nameQueryOptions(latch, { namespace: 'eip155', address: ALICE.toLowerCase() }))
    expect(calls.filter((c) => c.includes(ALICE) || c.includes(ALICE.toLowerCase()))).toHaveLength(1)
    expect(options.staleTime).toBeGreaterThanOrEqual(60_000)
    expect(options.enabled).toBe(true)
  })

  it('then a typed name resolves to its address, once per name whatever its case, and an unknown one to null', async () => {
    const { latch, client, calls } = setup({})
    const resolve = (name: string) =>
      client.fetchQuery(resolveNameQueryOptions(latch, { namespace: 'eip155', name }))
    expect(await resolve('alice.eth')).toBe(ALICE)
    expect(await resolve(' Alice.eth ')).toBe(ALICE)
    expect(await resolve('nobody.eth')).toBeNull()
    expect(calls).toEqual(['resolve alice.eth', 'resolve nobody.eth'])
  })
})

describe('given the connected account has a name', () => {
  it("then the account's profileName and profileImage are filled, and not for another address", async () => {
    const { latch, client } = setup({ avatar: 'https://img.example/a.png', apiUrl: 'https://api.example' })
    await hydrate(latch)
    await connect(latch, { connectorId: 'memory.wallet' })
    const account = () => latch.store.getState().namespaces.eip155?.account
    await client.fetchQuery(
      nameQueryOptions(latch, { namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
    )
    expect(account()?.profileName).toBeUndefined()
    await client.fetchQuery(nameQueryOptions(latch, { namespace: 'eip155', address: ALICE }))
    expect(account()).toMatchObject({
      profileName: 'alice.eth',
      profileImage:
        'https://api.example/account/v1/nft-image?url=https%3A%2F%2Fimg.example%2Fa.png&projectId=p1',
    })
  })
})

describe('given an adapter that reads no names', () => {
  it('then both queries are disabled and read as null if fetched anyway', async () => {
    const { latch, client } = setup()
    const name = nameQueryOptions(latch, { namespace: 'eip155', address: ALICE })
    const resolve = resolveNameQueryOptions(latch, { namespace: 'eip155', name: 'alice.eth' })
    expect([name.enabled, resolve.enabled]).toEqual([false, false])
    expect(await client.fetchQuery(name)).toBeNull()
    expect(await client.fetchQuery(resolve)).toBeNull()
  })
})
