import { createLatch } from '@latch/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RegistryRow } from './RegistryRow.js'

const latch = createLatch({
  networks: [
    {
      id: 1,
      caipNetworkId: 'eip155:1',
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    },
  ],
})

describe('given a registry wallet whose name holds markup', () => {
  it('then the name is shown as text and no element is created from it', () => {
    const name = '<img src=x onerror="window.hacked=1"><b>Evil</b>'
    const { container } = render(
      <ul>
        <RegistryRow latch={latch} wallet={{ id: 'evil', name, chains: ['eip155'] }} />
      </ul>,
    )
    expect(screen.getByRole('button').textContent).toContain(name)
    expect(container.querySelector('b')).toBeNull()
    expect(container.querySelector('img[src="x"]')).toBeNull()
  })

  it('then an image URL that is not http(s) or a data image is not used', () => {
    const { container } = render(
      <ul>
        <RegistryRow
          latch={latch}
          wallet={{ id: 'js', name: 'Js', imageUrl: 'javascript:alert(1)', chains: ['eip155'] }}
        />
      </ul>,
    )
    expect(container.querySelector('img')).toBeNull()
  })
})

describe('given wallets with and without their own image', () => {
  const icon = (wallet: { id: string; name: string; imageUrl?: string }) =>
    render(
      <ul>
        <RegistryRow latch={latch} wallet={{ ...wallet, chains: ['eip155'] }} />
      </ul>,
    ).container.querySelector('img')

  it('then an EIP-6963 style SVG data URL (not base64) is shown through <img>, never as markup', () => {
    const svg = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
    expect(icon({ id: 'dev', name: 'Dev', imageUrl: svg })?.getAttribute('src')).toBe(svg)
  })

  it('then a snapshot wallet without an image gets its bundled brand logo', () => {
    expect(icon({ id: 'metamask', name: 'MetaMask' })?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    // Through core's list of which icon stands for which registry id, as the server's images do.
    expect(icon({ id: 'ledger-live', name: 'Ledger Live' })?.getAttribute('src')).toMatch(
      /^data:image\/svg\+xml,/,
    )
  })

  it("then a wallet with neither (an app's own custom wallet) keeps the initials tile", () => {
    const { container } = render(
      <ul>
        <RegistryRow latch={latch} wallet={{ id: 'acme', name: 'Acme (beta)', chains: ['eip155'] }} />
      </ul>,
    )
    expect(container.querySelector('img')).toBeNull()
    // Letters only: never a bracket or other punctuation.
    expect(container.textContent).toContain('AB')
  })

  it("then a network of a one-chain namespace the kit has no entry for shows that chain's mark", () => {
    const local = icon({ id: 'solana:localnet000000000000000000000', name: 'Solana (local)' })
    expect(local?.getAttribute('src')).toBe(
      icon({ id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana' })?.getAttribute('src'),
    )
  })
})
