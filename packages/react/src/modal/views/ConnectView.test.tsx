import { createLatch, createMemoryStorage } from '@latch/core'
import { embeddedWallet } from '@latch/core/embedded'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../i18n/context.js'
import { en } from '../../i18n/en.js'
import { testMainnet as mainnet } from '../../test/adapter.fixture.js'
import { ConnectView } from './ConnectView.js'

afterEach(cleanup)

function show(
  options: {
    email?: boolean
    socials?: readonly ('google' | 'github' | 'x' | 'farcaster')[]
    apiUrl?: string
  } = {},
) {
  const latch = createLatch({
    networks: [mainnet],
    ...(options.apiUrl === undefined ? {} : { apiUrl: options.apiUrl, projectId: 'p' }),
    storage: createMemoryStorage(),
    connectors: [embeddedWallet({ frameUrl: 'https://wallet.example.com', projectId: 'p' })],
    features: {
      ...(options.email === undefined ? {} : { email: options.email }),
      ...(options.socials === undefined ? {} : { socials: options.socials }),
    },
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
  it('when the app offers Google, then Continue with Google follows the email field (spec §2: email, social, wallet)', () => {
    show({ socials: ['google'] })
    const google = screen.getByTestId('latch-social-google')
    expect(google.textContent).toBe('Continue with Google')
    // The email field comes first in the document.
    expect(emailField()?.compareDocumentPosition(google)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('when the app offers X, GitHub, Farcaster and Google, then Continue with X, then a collapsed "More ways to continue" that discloses GitHub, Farcaster and Google, in the app\'s order', () => {
    show({ socials: ['x', 'github', 'farcaster', 'google'] })
    const x = screen.getByTestId('latch-social-x')
    expect(x.textContent).toBe('Continue with X')
    const more = screen.getByRole('button', { name: 'More ways to continue' })
    expect(x.compareDocumentPosition(more)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    // The rest wait behind the disclosure, out of the accessibility tree until it is opened.
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull()
    fireEvent.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('true')
    const github = screen.getByRole('button', { name: 'Continue with GitHub' })
    const farcaster = screen.getByRole('button', { name: 'Continue with Farcaster' })
    const google = screen.getByRole('button', { name: 'Continue with Google' })
    expect(document.getElementById(more.getAttribute('aria-controls') as string)?.contains(github)).toBe(true)
    expect(more.compareDocumentPosition(github)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    expect(github.compareDocumentPosition(farcaster)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    expect(farcaster.compareDocumentPosition(google)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    fireEvent.click(more)
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull()
  })

  it("when the page is in an app's built-in browser (Instagram), then Continue with Google says to open the page in a browser and opens no window", () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.40.92',
    )
    const open = vi.spyOn(window, 'open')
    try {
      show({ socials: ['google'] })
      fireEvent.click(screen.getByTestId('latch-social-google'))
      expect(screen.getByTestId('latch-social-error').textContent).toBe(
        'Google does not allow signing in inside this app. Open this page in your browser to continue with Google.',
      )
      expect(open).not.toHaveBeenCalled()
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('when the app offers Google alone, then no "More" control', () => {
    show({ socials: ['google'] })
    expect(screen.queryByTestId('latch-social-more')).toBeNull()
  })

  it("when the project config is loading and the app offers no social itself, then a placeholder holds a button's place until the config brings GitHub", () => {
    const latch = show({ apiUrl: 'https://api.example.com' })
    const remote = (status: 'loading' | 'loaded', socials: false | readonly 'github'[]) =>
      act(() =>
        latch.store.setState((state) => ({
          ...state,
          remote: { status, features: { ...state.remote.features, socials } },
        })),
      )
    remote('loading', false)
    const placeholder = screen.getByTestId('latch-social-skeleton')
    expect(placeholder.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(emailField()?.compareDocumentPosition(placeholder)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    remote('loaded', ['github'])
    expect(screen.queryByTestId('latch-social-skeleton')).toBeNull()
    expect(screen.getByTestId('latch-social-github').textContent).toBe('Continue with GitHub')
    // A project that offers no social: the placeholder goes and nothing takes its place.
    remote('loading', false)
    remote('loaded', false)
    expect(screen.queryByTestId('latch-social-skeleton')).toBeNull()
  })

  it('when neither the app nor the project config offers Google, then no Google button; the project config alone brings it', () => {
    const latch = show()
    expect(screen.queryByTestId('latch-social-google')).toBeNull()
    act(() =>
      latch.store.setState((state) => ({
        ...state,
        remote: { status: 'loaded', features: { ...state.remote.features, socials: ['google'] } },
      })),
    )
    expect(screen.queryByTestId('latch-social-google')).not.toBeNull()
  })
})

describe('given an app that orders the wallet groups (connectorTypeOrder, spec §2)', () => {
  function groups(connectorTypeOrder?: ('recommended' | 'custom')[]) {
    const latch = createLatch({
      networks: [mainnet],
      storage: createMemoryStorage(),
      customWallets: [{ id: 'my', name: 'My Wallet', mobileLink: 'mywallet://' }],
      ...(connectorTypeOrder ? { connectorTypeOrder } : {}),
    })
    latch.store.setState((state) => ({
      ...state,
      registry: {
        ...state.registry,
        status: 'ready',
        recommended: [{ id: 'zerion', name: 'Zerion', chains: ['eip155'], mobileLink: 'zerion://' }],
      },
    }))
    render(
      <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
        <ConnectView latch={latch} entry={{ view: 'Connect' }} />
      </MessagesContext.Provider>,
    )
    const headings = screen.getAllByTestId('wallet-group').map((heading) => heading.textContent)
    cleanup()
    return headings
  }

  it('when none is set, then custom wallets come before the recommended ones; when recommended is named first, then it leads', () => {
    const [custom, popular] = groups()
    expect([custom, popular]).toEqual([en['connect.group.custom'], en['connect.group.popular']])
    expect(groups(['recommended'])).toEqual([popular, custom])
  })
})
