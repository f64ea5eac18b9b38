/**
 * The business constants of the spec (§2 timings, §9 limits) that the kit uses, in one place.
 * Durations are milliseconds unless the name says otherwise. A constant is added by the code
 * that needs it; none is kept "for later".
 */
export const SHAKE_DURATION_MS = 500
/** How long a remembered wallet may take to announce itself after load before restore gives up. */
export const DEFAULT_RESTORE_TIMEOUT_MS = 3_000
/** A session connector's restore (library load, relay or frame) may take this long at most. */
export const SESSION_RESTORE_TIMEOUT_MS = 15_000
/**
 * A remembered session whose wallet cannot be reached is asked again after 2 s, then twice as
 * long each time up to 15 s, until it answers.
 */
export const SESSION_RECONNECT_FIRST_MS = 2_000
export const SESSION_RECONNECT_MAX_MS = 15_000
/** A failed balance fetch blocks the next attempt for this long. */
export const BALANCE_RETRY_MS = 30_000
export const SEARCH_MIN_WAIT_MS = 300
export const RECOMMENDED_WALLETS_COUNT = 4
export const WALLETS_PAGE_SIZE = 40
export const WALLET_IMAGES_PRELOAD_COUNT = 20
export const SEARCH_PAGE_SIZE = 100
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
export const BALANCE_FALLBACK = '0.00'
export const NUMBER_LOCALE = 'en-US'
export const NUMBER_DECIMALS = 2
export const PAIRING_EXPIRY_MS = 4 * 60 * 1000
export type SocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'
/** Socials offered by default (§9); Farcaster has its own view. */
export const DEFAULT_SOCIALS: readonly (SocialProvider | 'farcaster')[] = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
]
/**
 * Feature defaults (§9) with one deliberate change: analytics is off, because the kit sends
 * nothing anywhere unless the app turns it on.
 */
export const DEFAULT_FEATURES = {
  swaps: false,
  onramp: false,
  activity: false,
  email: false,
  socials: false as boolean | readonly (SocialProvider | 'farcaster')[],
  analytics: false,
  allWallets: true,
  receive: true,
  send: true,
}
