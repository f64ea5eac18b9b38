import { NETWORK_LOGO_ICONS } from '@latch/core/internal'
import { describe, expect, it } from 'vitest'
import { brandLogo } from './logos.js'

describe('given the shared list of which logo stands for which id', () => {
  it('then the server has the icon of every network it names', () => {
    expect(Object.keys(NETWORK_LOGO_ICONS).filter((id) => !brandLogo('asset', id))).toEqual([])
  })

  it('then ids map through the list (a registry id that differs from the icon name included)', () => {
    expect(brandLogo('asset', 'eip155:84532')).toBe(brandLogo('asset', 'eip155:8453'))
    expect(brandLogo('asset', 'ethereum')).toBeUndefined()
    expect(brandLogo('token', 'USDC')).toContain('<svg')
  })
})
