import { connect, createMemoryStorage, hydrate } from '@latch/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryAdapter } from '../../../core/src/test/memoryAdapter.fixture.js'
import { createAppKit, useAppKit, useAppKitAccount, useAppKitNetwork } from './appkit.js'

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
const base = { ...mainnet, id: 8453, caipNetworkId: 'eip155:8453', name: 'Base' } as const
const METAMASK_HEX = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
const ZERION_HEX = 'ECC4036F814562B41A5268ADC86270FBA1365471402006302E70169465B7AC18'
/** A well-formed WalletConnect registry id of no wallet Latch's registry lists. */
const UNLISTED_HEX = '0'.repeat(63) + '1'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('given createAppKit with AppKit option names', () => {
  it('when every option is one Latch has, then the instance has them and nothing is warned', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const latch = createAppKit({
      networks: [mainnet, base],
      defaultNetwork: base,
      themeMode: 'dark',
      themeVariables: {
        '--w3m-accent': '#00ff00',
        '--w3m-z-index': 1000,
        '--w3m-color-mix': '#00bb7f',
        '--w3m-color-mix-strength': 20,
        '--w3m-font-family': 'Inter, sans-serif',
        '--w3m-border-radius-master': '2px',
      },
      features: {
        analytics: false,
        email: false,
        socials: false,
        history: false,
        swaps: false,
        connectorTypeOrder: ['featured', 'injected'],
      },
      allWallets: 'HIDE',
      featuredWalletIds: ['metamask'],
      customWallets: [
        { id: 'my', name: 'My Wallet', image_url: 'https://my.wallet/icon.png', mobile_link: 'my://' },
      ],
      storage: createMemoryStorage(),
    })
    expect(warn).not.toHaveBeenCalled()
    expect(latch.options).toMatchObject({
      defaultNetwork: base,
      themeMode: 'dark',
      themeVariables: {
        '--latch-accent': '#00ff00',
        '--latch-z-index': 1000,
        '--latch-color-mix': '#00bb7f',
        '--latch-color-mix-strength': 20,
        '--latch-font-family': 'Inter, sans-serif',
        '--latch-border-radius': '8px',
      },
      featuredWalletIds: ['metamask'],
      connectorTypeOrder: ['featured', 'injected'],
      customWallets: [
        { id: 'my', name: 'My Wallet', imageUrl: 'https://my.wallet/icon.png', mobileLink: 'my://' },
      ],
      features: { activity: false, allWallets: false, email: false, socials: false, swaps: false },
    })
  })

  it('when it is given options Latch does not have, then it warns once, naming each, instead of throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const latch = createAppKit({
      networks: [mainnet],
      projectId: 'a-walletconnect-cloud-id',
      features: { analytics: true, legalCheckbox: true },
      themeVariables: { '--w3m-qr-color': '#000', '--w3m-font-size-master': '10px' },
      featuredWalletIds: [UNLISTED_HEX],
      enableCoinbase: false,
      storage: createMemoryStorage(),
    })
    expect(warn).toHaveBeenCalledTimes(1)
    const message = String(warn.mock.calls[0]?.[0])
    for (const name of [
      'enableCoinbase',
      'projectId',
      'features.analytics',
      'features.legalCheckbox',
      "themeVariables['--w3m-qr-color']",
      "themeVariables['--w3m-font-size-master']",
      `featuredWalletIds: ${UNLISTED_HEX}`,
    ])
      expect(message).toContain(name)
    expect(latch.options.featuredWalletIds).toEqual([])
    expect(latch.options.projectId).toBeUndefined()
    expect(latch.options.features.analytics).toBe(false)
  })

  it("when wallet lists name wallets by WalletConnect's registry ids, then they become Latch's ids for the same wallets, in order, with no warning", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const latch = createAppKit({
      networks: [mainnet],
      featuredWalletIds: [ZERION_HEX, 'rainbow', METAMASK_HEX],
      includeWalletIds: [METAMASK_HEX, ZERION_HEX, METAMASK_HEX.toUpperCase()],
      excludeWalletIds: ['1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79'],
      storage: createMemoryStorage(),
    })
    expect(latch.options.featuredWalletIds).toEqual(['zerion', 'rainbow', 'metamask'])
    expect(latch.options.includeWalletIds).toEqual(['metamask', 'zerion'])
    expect(latch.options.excludeWalletIds).toEqual(['solflare'])
    expect(warn).not.toHaveBeenCalled()
  })

  it('when projectId comes with apiUrl, then it is the Latch server project', () => {
    const latch = createAppKit({
      networks: [mainnet],
      apiUrl: 'http://127.0.0.1:1',
      projectId: 'my-project',
      storage: createMemoryStorage(),
    })
    expect(latch.options.projectId).toBe('my-project')
  })
})

describe('given the AppKit hooks', () => {
  function Probe({ latch }: { latch: ReturnType<typeof createAppKit> }) {
    const { open } = useAppKit({ latch })
    const account = useAppKitAccount({ latch })
    const network = useAppKitNetwork({ latch })
    return (
      <>
        <p data-testid="account">
          {account.status}:{account.address ?? '-'}:{String(network.chainId)}
        </p>
        <button type="button" onClick={() => open({ view: 'Networks' })}>
          networks
        </button>
      </>
    )
  }

  it('when an account connects, then they give its address and chain, and open() opens the asked view', async () => {
    const { adapter } = memoryAdapter('eip155', [mainnet, base])
    const latch = createAppKit({
      networks: [mainnet, base],
      adapters: [adapter],
      storage: createMemoryStorage(),
    })
    await hydrate(latch)
    render(<Probe latch={latch} />)
    expect(screen.getByTestId('account').textContent).toBe('disconnected:-:1')
    await act(() => connect(latch, { connectorId: 'memory.wallet' }))
    expect(screen.getByTestId('account').textContent).toBe(
      'connected:0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa:1',
    )
    act(() => screen.getByRole('button', { name: 'networks' }).click())
    expect(latch.store.getState().modal.open).toBe(true)
    expect(latch.store.getState().router.history.at(-1)?.view).toBe('Networks')
  })
})
