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
