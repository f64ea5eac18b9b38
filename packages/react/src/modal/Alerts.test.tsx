import { createLatch, createMemoryStorage, switchNetwork } from '@latch/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessagesContext } from '../i18n/context.js'
import { en } from '../i18n/en.js'
import { testMainnet as mainnet } from '../test/adapter.fixture.js'
import { Alerts } from './Alerts.js'

afterEach(cleanup)

describe('given the modal alerts', () => {
  it("when a switch asks for a chain the app did not configure, then the alert reads the spec's 'switch network not found'", async () => {
    const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage() })
    render(
      <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
        <Alerts latch={latch} />
      </MessagesContext.Provider>,
    )
    await act(() => switchNetwork(latch, { caipNetworkId: 'eip155:999' }).catch(() => undefined))
    expect(screen.getByTestId('latch-alert').textContent).toBe('switch network not found')
  })
})
