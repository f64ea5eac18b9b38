import { connect, createLatch, createMemoryStorage, getAccount, hydrate, type Latch } from '@latch/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryAdapter } from '../../../core/src/test/memoryAdapter.fixture.js'
import { LatchProvider } from '../LatchProvider.js'
import {
  ConnectButton,
  type ConnectButtonRenderProps,
  midnightTheme,
  RainbowKitProvider,
  useChainModal,
  useConnectModal,
} from './rainbowkit.js'

const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const rpcUrls = { default: { http: ['http://127.0.0.1:8545'] } }
const mainnet = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency,
  rpcUrls,
} as const
const ADDRESS = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'

async function setup({ connected }: { connected: boolean }): Promise<Latch> {
  const { adapter } = memoryAdapter('eip155', [mainnet])
  const latch = createLatch({ networks: [mainnet], adapters: [adapter], storage: createMemoryStorage() })
  await hydrate(latch)
  if (connected) {
    await connect(latch, { connectorId: 'memory.wallet' })
    // The balance follows the connection.
    await vi.waitFor(() => expect(getAccount(latch)?.balance).toBe('1,234.57'))
  }
  return latch
}

const view = (latch: Latch) => latch.store.getState().router.history.at(-1)?.view
const isOpen = (latch: Latch) => latch.store.getState().modal.open

/** A screen narrower than RainbowKit's 768px breakpoint (jsdom has no layout, so no matchMedia). */
function smallScreen(): () => void {
  const before = window.matchMedia
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia
  return () => {
    window.matchMedia = before
  }
}

afterEach(cleanup)

describe('given the RainbowKit ConnectButton', () => {
  describe('when no account is connected', () => {
    it('then it offers Connect Wallet (or its label) and a click opens the connect modal', async () => {
      const latch = await setup({ connected: false })
      render(
        <LatchProvider latch={latch}>
          <ConnectButton label="Sign in" />
        </LatchProvider>,
      )
      const button = screen.getByRole('button', { name: 'Sign in' })
      expect(screen.queryByTestId('latch-network-button')).toBeNull()
      fireEvent.click(button)
      expect(isOpen(latch)).toBe(true)
      expect(view(latch)).toBe('Connect')
    })
  })

  describe('when an account is connected', () => {
    it('then it shows the network and the account with its balance on a large screen', async () => {
      const latch = await setup({ connected: true })
      render(
        <LatchProvider latch={latch}>
          <ConnectButton />
        </LatchProvider>,
      )
      expect(screen.getByTestId('latch-network-button').textContent).toBe('Ethereum')
      const account = screen.getByTestId('latch-account-button')
      expect(account.textContent).toContain('0xaAaA…aaAa')
      expect(account.textContent).toContain('1,234.57 ETH')
    })

    it('then the default small screen shows the network as its icon only and no balance', async () => {
      const restore = smallScreen()
      try {
        const latch = await setup({ connected: true })
        render(
          <LatchProvider latch={latch}>
            <ConnectButton />
          </LatchProvider>,
        )
        const network = screen.getByTestId('latch-network-button')
        // Once the network's logo has loaded, the logo alone stands for it.
        await vi.waitFor(() => expect(network.querySelector('img')).not.toBeNull(), { timeout: 10_000 })
        expect(network.textContent).toBe('')
        expect(network.getAttribute('aria-label')).toBe('Ethereum')
        expect(screen.getByTestId('latch-account-button').textContent).not.toContain('ETH')
      } finally {
        restore()
      }
    })

    it.each([
      ['chainStatus="none"', { chainStatus: 'none' } as const, false, true, true],
      ['accountStatus="avatar"', { accountStatus: 'avatar' } as const, true, false, false],
      ['accountStatus="address"', { accountStatus: 'address' } as const, true, true, false],
      ['showBalance={false}', { showBalance: false }, true, true, false],
    ])('then %s shows only what it asks for', async (_, props, network, address, balance) => {
      const latch = await setup({ connected: true })
      render(
        <LatchProvider latch={latch}>
          <ConnectButton {...props} />
        </LatchProvider>,
      )
      expect(screen.queryByTestId('latch-network-button') !== null).toBe(network)
      const account = screen.getByTestId('latch-account-button')
      // The accessible name keeps the full address whatever is shown.
      expect(account.getAttribute('aria-label')).toContain(ADDRESS)
      expect(account.textContent?.includes('0xaA')).toBe(address)
      expect(account.textContent?.includes('ETH')).toBe(balance)
      expect(account.querySelector('img, span[aria-hidden]') !== null).toBe(
        !('accountStatus' in props && props.accountStatus === 'address'),
      )
    })
  })
})

function Probe({ onRender }: { onRender(props: ConnectButtonRenderProps): void }) {
  return (
    <ConnectButton.Custom>
      {(props) => {
        onRender(props)
        return (
          <>
            <button type="button" onClick={props.openAccountModal}>
              account
            </button>
            <button type="button" onClick={props.openChainModal}>
              chain
            </button>
          </>
        )
      }}
    </ConnectButton.Custom>
  )
}

describe('given ConnectButton.Custom', () => {
  it('when nothing is connected, then account and chain are undefined and it is mounted after the first render', async () => {
    const latch = await setup({ connected: false })
    const renders: ConnectButtonRenderProps[] = []
    render(
      <LatchProvider latch={latch}>
        <Probe onRender={(p) => renders.push(p)} />
      </LatchProvider>,
    )
    expect(renders[0]?.mounted).toBe(false)
    const last = renders.at(-1)
    expect(last).toMatchObject({
      account: undefined,
      chain: undefined,
      mounted: true,
      authenticationStatus: undefined,
    })
    act(() => last?.openConnectModal())
    expect(view(latch)).toBe('Connect')
    expect(renders.at(-1)).toMatchObject({
      connectModalOpen: true,
      accountModalOpen: false,
      chainModalOpen: false,
    })
  })

  it('when an account is connected, then it gives the account and chain and opens the account and chain modals', async () => {
    const latch = await setup({ connected: true })
    const renders: ConnectButtonRenderProps[] = []
    render(
      <LatchProvider latch={latch}>
        <Probe onRender={(p) => renders.push(p)} />
      </LatchProvider>,
    )
    expect(renders.at(-1)?.account).toMatchObject({
      address: ADDRESS,
      displayBalance: '1,234.57 ETH',
      balanceDecimals: 18,
      displayName: '0xaAaA…aaAa',
    })
    expect(renders.at(-1)?.chain).toMatchObject({ id: 1, name: 'Ethereum', unsupported: false })

    fireEvent.click(screen.getByRole('button', { name: 'account' }))
    expect(view(latch)).toBe('Account')
    expect(renders.at(-1)).toMatchObject({
      accountModalOpen: true,
      chainModalOpen: false,
      connectModalOpen: false,
    })

    fireEvent.click(screen.getByRole('button', { name: 'chain' }))
    expect(view(latch)).toBe('Networks')
    expect(renders.at(-1)).toMatchObject({ accountModalOpen: false, chainModalOpen: true })
  })
})

describe('given the modal hooks', () => {
  function Hooks({ latch }: { latch: Latch }) {
    const { openConnectModal } = useConnectModal({ latch })
    const { openChainModal } = useChainModal({ latch })
    return (
      <p data-testid="hooks">
        {String(Boolean(openConnectModal))}/{String(Boolean(openChainModal))}
      </p>
    )
  }

  it('when the account connects, then openConnectModal goes away and openChainModal comes, as in RainbowKit', async () => {
    const latch = await setup({ connected: false })
    render(<Hooks latch={latch} />)
    expect(screen.getByTestId('hooks').textContent).toBe('true/false')
    await act(() => connect(latch, { connectorId: 'memory.wallet' }))
    expect(screen.getByTestId('hooks').textContent).toBe('false/true')
  })
})

describe("given RainbowKitProvider with RainbowKit's theme={darkTheme({...})} and an avatar", () => {
  it('then the buttons wear the theme and the avatar and account name are the app’s', async () => {
    const latch = await setup({ connected: true })
    render(
      <RainbowKitProvider
        latch={latch}
        theme={midnightTheme({
          accentColor: '#ff4f8b',
          accentColorForeground: '#111111',
          borderRadius: 'large',
        })}
        modalSize="wide"
        avatar={({ address, size }) => <b data-testid="app-avatar">{`${address.slice(0, 4)}@${size}`}</b>}
        formatAccountName={({ address, name }) => name ?? `acct ${address.slice(-4)}`}
      >
        <ConnectButton />
      </RainbowKitProvider>,
    )
    expect(latch.store.getState().themeMode).toBe('dark')
    expect(latch.store.getState().themeVariables).toMatchObject({
      '--latch-accent': '#ff4f8b',
      '--latch-accent-foreground': '#111111',
      '--latch-border-radius': '24px',
      '--latch-modal-width': '720px',
    })
    const button = await screen.findByTestId('latch-account-button')
    expect(button.style.getPropertyValue('--latch-accent-text')).toBe('#111111')
    expect(button.style.getPropertyValue('--latch-bg')).toContain('color-mix(in srgb,#000000 60%')
    expect(screen.getByTestId('app-avatar').textContent).toBe('0xaA@20')
    expect(button.textContent).toContain(`acct ${ADDRESS.slice(-4)}`)
  })

  it('when the theme is not a preset’s shape, then createLatch’s message names the variable', async () => {
    const latch = await setup({ connected: false })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(
        <RainbowKitProvider
          latch={latch}
          theme={{ themeMode: 'dark', themeVariables: { '--latch-z-index': -5 } }}
        />,
      ),
    ).toThrow('themeVariables.--latch-z-index: Expected a whole number from 0 to 2147483647')
  })
})
