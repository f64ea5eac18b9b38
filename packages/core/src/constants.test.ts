import { describe, expect, it } from 'vitest'
import * as constants from './constants.js'

describe('given the constants of spec §2 and §9', () => {
  it('then the modal timings and layout match §2', () => {
    expect([
      constants.HEADER_TEXT_ANIMATION_MS,
      constants.MODAL_HEIGHT_ANIMATION_MS,
      constants.VIEW_TRANSITION_MS,
      constants.SHAKE_DURATION_MS,
      constants.MODAL_WIDTH_PX,
      constants.DEFAULT_Z_INDEX,
    ]).toEqual([120, 150, 150, 500, 360, 999])
  })

  it('then the limits and timeouts match §9', () => {
    expect(constants.EMAIL_COOLDOWN_MS).toBe(30_000)
    expect(constants.IFRAME_LOAD_TIMEOUT_MS).toBe(20_000)
    expect(constants.IFRAME_REQUEST_TIMEOUT_MS).toBe(30_000)
    expect(constants.SIGN_OUT_TIMEOUT_MS).toBe(3_000)
    expect(constants.FRAME_READY_DELAY_MS).toBe(500)
    expect(constants.BALANCE_RETRY_MS).toBe(30_000)
    expect(constants.IFRAME_OVERLAY_Z_INDEX).toBe(999_999)
    expect(constants.PAIRING_EXPIRY_MS).toBe(240_000)
    expect(constants.IMAGE_PRELOAD_TIMEOUT_MS).toBe(2_000)
    expect(constants.SEARCH_MIN_WAIT_MS).toBe(300)
    expect([
      constants.RECOMMENDED_WALLETS_COUNT,
      constants.WALLETS_PAGE_SIZE,
      constants.WALLET_IMAGES_PRELOAD_COUNT,
      constants.SEARCH_PAGE_SIZE,
    ]).toEqual([4, 40, 20, 100])
    expect(constants.PENDING_TRANSACTIONS_LIMIT).toBe(99)
    expect([constants.RPC_RETRY_COUNT, constants.RPC_RETRY_DELAY_MS]).toEqual([3, 150])
    expect(constants.DEFAULT_CAIP_NETWORK_ID).toBe('eip155:1')
    expect(constants.CONNECT_LABEL).toBe('Open and continue in the wallet app')
  })

  it('then the frame supports the 24 listed eip155 chains plus three solana chains', () => {
    expect(constants.FRAME_SUPPORTED_EIP155_CHAIN_IDS).toHaveLength(24)
    expect(constants.FRAME_SUPPORTED_EIP155_CHAIN_IDS).toContain(8453)
    expect(constants.FRAME_SUPPORTED_CAIP_NETWORK_IDS.filter((id) => id.startsWith('solana:'))).toHaveLength(
      3,
    )
  })

  it('then the default orders and lists match §2 and §9', () => {
    expect(constants.DEFAULT_CONNECT_METHODS_ORDER).toEqual(['email', 'social', 'wallet'])
    expect(constants.WALLET_FEATURES_ORDER).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(constants.DEFAULT_SOCIALS).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(constants.DEFAULT_ACCOUNT_TYPES).toEqual({
      bip122: 'payment',
      eip155: 'smartAccount',
      polkadot: 'eoa',
      solana: 'eoa',
    })
  })

  it('then analytics is off by default (zero telemetry) while receive, send and all wallets are on', () => {
    expect(constants.DEFAULT_FEATURES).toMatchObject({
      analytics: false,
      receive: true,
      send: true,
      allWallets: true,
    })
    expect(constants.DEFAULT_FEATURES).toMatchObject({
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
    })
  })
})
