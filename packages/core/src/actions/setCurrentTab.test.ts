import { describe, expect, it } from 'vitest'
import { createLatch } from '../createLatch.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { connect } from './connect.js'
import { hydrate, teardown } from './hydrate.js'
import { setCurrentTab } from './setCurrentTab.js'

const mainnet = network('eip155', 1, 'Ethereum')

describe('given a connected account', () => {
  it('when the Account view changes tab, then currentTab keeps it; unknown tabs are ignored; disconnect resets it', async () => {
    const evm = memoryAdapter('eip155', [mainnet])
    const latch = createLatch({
      networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
      adapters: [evm.adapter],
      storage: createMemoryStorage(),
    })
    await hydrate(latch)
    await connect(latch, { connectorId: 'memory.wallet' })
    const tab = () => latch.store.getState().namespaces.eip155?.account.currentTab
    expect(tab()).toBe(0)
    setCurrentTab(latch, { tab: 2 })
    expect(tab()).toBe(2)
    for (const bad of [3, -1, 1.5, Number.NaN]) setCurrentTab(latch, { tab: bad })
    expect(tab()).toBe(2)
    evm.wallet.endSession()
    expect(tab()).toBe(0)
    teardown(latch)
  })
})
