import { NETWORK_LOGO_ICONS, WALLET_LOGO_ICONS } from '@latch/core/internal'
import { describe, expect, it } from 'vitest'
import { brandLogo } from './logos.js'

describe('given the shared list of which logo stands for which id', () => {
  it('then the server has the icon of every wallet and network it names', () => {
    const missing = [
      ...Object.keys(WALLET_LOGO_ICONS)
        .filter((id) => id !== 'walletConnect')
        .filter((id) => !brandLogo('wallet', id)),
      ...Object.keys(NETWORK_LOGO_ICONS).filter((id) => !brandLogo('asset', id)),
    ]
    expect(missing).toEqual([])
  })

  it('then ids map through the list (a registry id that differs from the icon name included)', () => {
    expect(brandLogo('wallet', 'ledger-live')).toContain('<svg')
    expect(brandLogo('asset', 'eip155:84532')).toBe(brandLogo('asset', 'eip155:8453'))
    expect(brandLogo('wallet', 'ledger')).toBeUndefined()
    expect(brandLogo('token', 'USDC')).toContain('<svg')
  })
})
