import { createLatch, createMemoryStorage } from '@latch/core'
import { embeddedWallet } from '@latch/core/embedded'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessagesContext } from '../../i18n/context.js'
import { en } from '../../i18n/en.js'
import { ConnectView } from './ConnectView.js'

const mainnet = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
} as const

afterEach(cleanup)

function show(options: { email?: boolean } = {}) {
  const latch = createLatch({
    networks: [mainnet],
    storage: createMemoryStorage(),
    connectors: [embeddedWallet({ frameUrl: 'https://wallet.example.com', projectId: 'p' })],
    ...(options.email === undefined ? {} : { features: { email: options.email } }),
  })
  render(
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      <ConnectView latch={latch} entry={{ view: 'Connect' }} />
    </MessagesContext.Provider>,
  )
  return latch
}

const emailField = () => screen.queryByTestId('latch-email-form')

describe('given an app with the embedded wallet', () => {
  it('when the features in force have email on, then Connect shows the email field', () => {
    show()
    expect(emailField()).not.toBeNull()
  })

  it('when the app turns email off itself, then no email field', () => {
    show({ email: false })
    expect(emailField()).toBeNull()
  })

  it('when the project config turns email off (and back on), then the field goes (and comes back)', () => {
    const latch = show()
    const setEmail = (email: boolean) =>
      act(() =>
        latch.store.setState((state) => ({
          ...state,
          remote: { status: 'loaded', features: { ...state.remote.features, email } },
        })),
      )
    setEmail(false)
    expect(emailField()).toBeNull()
    setEmail(true)
    expect(emailField()).not.toBeNull()
  })
})
