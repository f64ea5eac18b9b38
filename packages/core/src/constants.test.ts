import { describe, expect, it } from 'vitest'
import * as constants from './constants.js'

describe('given the constants of spec §2 and §9 that the kit uses', () => {
  it('then the timings and limits match the spec', () => {
    expect(constants.SHAKE_DURATION_MS).toBe(500)
    expect(constants.BALANCE_RETRY_MS).toBe(30_000)
    expect(constants.PAIRING_EXPIRY_MS).toBe(240_000)
    expect(constants.IMAGE_PRELOAD_TIMEOUT_MS).toBe(2_000)
    expect(constants.SEARCH_MIN_WAIT_MS).toBe(300)
    expect([
      constants.RECOMMENDED_WALLETS_COUNT,
      constants.WALLETS_PAGE_SIZE,
      constants.WALLET_IMAGES_PRELOAD_COUNT,
      constants.SEARCH_PAGE_SIZE,
    ]).toEqual([4, 40, 20, 100])
    expect([constants.BALANCE_FALLBACK, constants.NUMBER_LOCALE, constants.NUMBER_DECIMALS]).toEqual([
      '0.00',
      'en-US',
      2,
    ])
  })

  it('then analytics is off by default (zero telemetry) and all wallets are listed', () => {
    expect(constants.DEFAULT_FEATURES).toMatchObject({ analytics: false, allWallets: true, email: false })
    expect(constants.DEFAULT_SOCIALS).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
  })
})
