/**
 * The business constants of the spec (§2 timings and layout, §9 limits) in one place. Durations
 * are milliseconds unless the name says otherwise.
 */
import type { AccountType, CaipNetworkId, ChainNamespace } from './types.js'

// §2 modal layout and motion.
export const HEADER_TEXT_ANIMATION_MS = 120
export const MODAL_HEIGHT_ANIMATION_MS = 150
export const VIEW_TRANSITION_MS = 150
export const SHAKE_DURATION_MS = 500
export const MODAL_WIDTH_PX = 360
export const DEFAULT_Z_INDEX = 999
/** The embedded-wallet frame sits above the modal. */
export const IFRAME_OVERLAY_Z_INDEX = 999_999
/** Leaving ConnectingFarcaster without an account reloads the auth connector after this. */
export const FARCASTER_RELOAD_DELAY_MS = 100
/** A disallowed embedded-wallet method is rejected with a toast after this. */
export const DISALLOWED_METHOD_TOAST_DELAY_MS = 300

// §9 embedded wallet.
export const EMAIL_COOLDOWN_MS = 30_000
export const IFRAME_LOAD_TIMEOUT_MS = 20_000
export const IFRAME_REQUEST_TIMEOUT_MS = 30_000
export const SIGN_OUT_TIMEOUT_MS = 3_000
export const FRAME_READY_DELAY_MS = 500
/** Frame events the load timeout does not apply to. */
export const IFRAME_EVENTS_WITHOUT_LOAD_TIMEOUT = [
  'SYNC_DAPP_DATA',
  'SYNC_THEME',
  'SET_PREFERRED_ACCOUNT',
] as const
/** Frame events that get the request timeout. */
export const IFRAME_EVENTS_WITH_REQUEST_TIMEOUT = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
] as const
/** A failed balance fetch blocks the next attempt for this long. */
export const BALANCE_RETRY_MS = 30_000

// §9 chains.
export const DEFAULT_CAIP_NETWORK_ID: CaipNetworkId = 'eip155:1'
export const DEFAULT_LAST_USED_CHAIN_ID = 1
export const ETHEREUM_MAINNET_ID = 1
export const BASE_MAINNET_ID = 8453
export const ETHER_DECIMALS = 18
export const SOL_DECIMALS = 9
export const BTC_DECIMALS = 8
/** CAIP-2 references (genesis-hash prefixes) of Solana mainnet, devnet and testnet. */
export const SOLANA_CHAINS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const satisfies Record<string, CaipNetworkId>
/** eip155 chain ids the embedded-wallet frame can serve. */
export const FRAME_SUPPORTED_EIP155_CHAIN_IDS: readonly number[] = [
  1, 5, 11155111, 10, 420, 42161, 421613, 137, 80001, 42220, 1313161554, 1313161555, 56, 97, 43114, 43113,
  324, 280, 100, 8453, 84531, 84532, 7777777, 999,
]
export const FRAME_SUPPORTED_CAIP_NETWORK_IDS: readonly CaipNetworkId[] = [
  ...FRAME_SUPPORTED_EIP155_CHAIN_IDS.map((id): CaipNetworkId => `eip155:${id}`),
  SOLANA_CHAINS.mainnet,
  SOLANA_CHAINS.devnet,
  SOLANA_CHAINS.testnet,
]
/** Namespaces the embedded (auth) connector supports. */
export const AUTH_CONNECTOR_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
export const SUPPORTED_NAMESPACES: readonly ChainNamespace[] = [
  'eip155',
  'solana',
  'polkadot',
  'bip122',
  'cosmos',
]

// §9 limits, paging and retries.
export const PENDING_TRANSACTIONS_LIMIT = 99
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_DELAY_MS = 150
/** HTTP statuses on which a generic RPC call is retried (plus a missing status). */
export const RPC_RETRY_HTTP_STATUSES: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504]
export const HEARTBEAT_INTERVAL_MS = 5_000
export const DEFAULT_JWT_LIFETIME_MS = 24 * 60 * 60 * 1000
export const SEARCH_MIN_WAIT_MS = 300
export const RECOMMENDED_WALLETS_COUNT = 4
export const WALLETS_PAGE_SIZE = 40
export const WALLET_IMAGES_PRELOAD_COUNT = 20
export const SEARCH_PAGE_SIZE = 100
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
export const SWAP_SLIPPAGE_TOLERANCE = 1
export const BALANCE_FALLBACK = '0.00'
export const NUMBER_LOCALE = 'en-US'
export const NUMBER_DECIMALS = 2
export const DECIMAL_PRECISION = 20
export const DECIMAL_EXPONENT_RANGE = { min: -7, max: 21 } as const
export const RETRY_HELPER = { retries: 2, delayMs: 100 } as const
export const BATCH_WAIT_MS = 0
export const HELPER_DEFAULT_TIMEOUT_MS = 5 * 60 * 1000
export const ADDRESS_CHECKSUM_CACHE_SIZE = 8192
export const BLOB_LIMIT_BYTES = 761_855
export const BLOB_SIZE_BYTES = 131_072
export const FIELD_ELEMENTS_PER_BLOB = 4096
export const BYTES_PER_FIELD_ELEMENT = 31

// §9 wallet connection.
export const PAIRING_EXPIRY_MS = 4 * 60 * 1000
export const RELAY_TIMEOUTS_MS = [4 * 60 * 1000, 10_000, 5_000, 3_000, 1_000] as const
export const PENDING_RELAY_MESSAGES_DELAY_MS = 1_000
export const CONNECT_LABEL = 'Open and continue in the wallet app'
export const LOADING_MESSAGE = 'Authenticating...'
export const LOGGER_LEVELS = { fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10 } as const

// §9 on-ramp and swaps.
export const ONRAMP_PROVIDERS = ['coinbase', 'meld'] as const
export const ONRAMP_DEFAULT_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
} as const
export const COINBASE_PAY_CHAINS = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const
export const COINBASE_PAY_FALLBACK_CHAIN = 'ethereum'
/** IANA zones where on-ramp is not offered. */
export const RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
]

// §2/§9 defaults.
export type ConnectMethod = 'email' | 'social' | 'wallet'
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'
export const WALLET_FEATURES_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']
export type SocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'
/** Providers accepted when validating a social login (§5). */
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
]
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
export const DEFAULT_ACCOUNT_TYPES: Readonly<Record<string, AccountType>> = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
}

/**
 * Feature defaults (§9) with one deliberate change: analytics is off, because the kit sends
 * nothing anywhere unless the app turns it on.
 */
export const DEFAULT_FEATURES = {
  receive: true,
  send: true,
  swaps: false,
  onramp: false,
  activity: false,
  email: false,
  socials: false as false | readonly (SocialProvider | 'farcaster')[],
  analytics: false,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  connectMethodsOrder: DEFAULT_CONNECT_METHODS_ORDER,
} as const

/** Behaviour switches that are on unless the app sets them to false (§9). */
export const DEFAULT_ENABLED_SWITCHES = {
  debug: true,
  enableWalletConnect: true,
  enableWalletGuide: true,
  enableWallets: true,
  enableEIP6963: true,
  enableNetworkSwitch: true,
  enableAuthLogger: true,
} as const
