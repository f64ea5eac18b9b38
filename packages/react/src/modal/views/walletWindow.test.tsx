import { createLatch, createMemoryStorage } from '@latch/core'
import { embeddedWallet } from '@latch/core/embedded'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../i18n/context.js'
import { en } from '../../i18n/en.js'
import { testMainnet as mainnet } from '../../test/adapter.fixture.js'
import { ApproveTransactionView } from './ApproveTransactionView.js'
import { EmbeddedWalletView, loginErrorText } from './EmbeddedWalletView.js'
import SIWXSignMessageView from './SIWXSignMessageView.js'

// Where the wallet runs in a window of its own (its frame had no storage), the page says where to
// look while the wallet's screen waits there, and what closing that window does.

afterEach(cleanup)

function setUp(inWindow: boolean) {
  const connector = embeddedWallet({ frameUrl: 'https://wallet.example.com', projectId: 'p' })
  // The window itself is core's (embeddedWallet.test.ts opens one): here only its answer counts.
  vi.spyOn(connector.capabilities.embeddedWallet, 'inWindow').mockReturnValue(inWindow)
  const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage(), connectors: [connector] })
  const wrap = (node: React.ReactNode) => (
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      {node}
    </MessagesContext.Provider>
  )
  return { latch, connector, wrap }
}

describe('given a request of the embedded wallet waiting for the visitor', () => {
  it('when the wallet runs in its own window, then the modal says to continue there and that closing it cancels and disconnects', () => {
    const { latch, connector, wrap } = setUp(true)
    render(
      wrap(
        <ApproveTransactionView
          latch={latch}
          entry={{ view: 'ApproveTransaction', params: { connectorId: connector.id } }}
        />,
      ),
    )
    expect(screen.getByTestId('latch-approve-confirm').textContent).toBe(en['approve.inWindow'])
  })

  it('when the wallet runs in the frame over the page, then the short line names no window, nor does the spinner', () => {
    const { latch, connector, wrap } = setUp(false)
    render(
      wrap(
        <ApproveTransactionView
          latch={latch}
          entry={{ view: 'ApproveTransaction', params: { connectorId: connector.id } }}
        />,
      ),
    )
    expect(screen.getByTestId('latch-approve-confirm').textContent).toBe('Confirm in the wallet')
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Confirm in the wallet')
  })
})

describe('given a sign-in with the wallet, signed through the embedded wallet', () => {
  function signing(inWindow: boolean) {
    const { latch, connector, wrap } = setUp(inWindow)
    latch.store.setState((state) => ({
      ...state,
      sessions: {
        ...state.sessions,
        [connector.id]: { ...state.sessions[connector.id], status: 'connected' },
      } as typeof state.sessions,
      signIn: {
        ...state.signIn,
        status: 'pending',
        signing: true,
        request: { namespace: 'eip155', address: `0x${'a'.repeat(40)}`, caipNetworkId: 'eip155:1' },
      },
    }))
    render(wrap(<SIWXSignMessageView latch={latch} entry={{ view: 'SIWXSignMessage', params: undefined }} />))
    return screen.getByTestId('latch-siwx-confirm').textContent
  }

  it('when the wallet runs in the frame over the page, then the modal names no window', () => {
    expect(signing(false)).toBe('Confirm in the wallet')
  })

  it('when the wallet runs in its own window, then the modal says to continue there', () => {
    expect(signing(true)).toBe(en['approve.inWindow'])
  })
})

describe('given the email login after the code, while the wallet’s recovery step shows', () => {
  const authenticating = (latch: ReturnType<typeof setUp>['latch'], id: string) =>
    act(() =>
      latch.store.setState((state) => ({
        ...state,
        sessions: {
          ...state.sessions,
          [id]: {
            ...state.sessions[id],
            status: 'connecting',
            login: { step: 'authenticating', email: 'ada@example.com' },
          },
        } as typeof state.sessions,
      })),
    )

  it('when it shows in the wallet window, then the modal says where to look instead of "Authenticating..."', () => {
    const { latch, connector, wrap } = setUp(true)
    render(
      wrap(
        <EmbeddedWalletView
          latch={latch}
          entry={{ view: 'EmbeddedWallet', params: { connectorId: connector.id } }}
        />,
      ),
    )
    authenticating(latch, connector.id)
    expect(screen.getByTestId('latch-embedded-busy-text').textContent).toBe(en['embedded.inWindow'])
  })

  it('when it shows in the frame, then "Authenticating..."', () => {
    const { latch, connector, wrap } = setUp(false)
    render(
      wrap(
        <EmbeddedWalletView
          latch={latch}
          entry={{ view: 'EmbeddedWallet', params: { connectorId: connector.id } }}
        />,
      ),
    )
    authenticating(latch, connector.id)
    expect(screen.getByTestId('latch-embedded-busy-text').textContent).toBe('Authenticating...')
  })

  it('when the visitor closed the window, then the login’s error says the sign-in was cancelled, not a server out of reach', () => {
    const t = (key: keyof typeof en) => en[key]
    expect(
      loginErrorText(t as never, {
        name: 'FrameResponseError',
        code: 'WINDOW_CLOSED',
        message: 'The wallet window was closed',
      }),
    ).toBe('The wallet window was closed, so the sign-in was cancelled.')
  })
})
