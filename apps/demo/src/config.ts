import { bitcoinAdapter, bitcoinNetwork } from '@latch/bitcoin'
import { createLatch, type LatchOptions, midnightTheme } from '@latch/core'
import { embeddedWallet } from '@latch/core/embedded'
import { cosmosAdapter, cosmosHub, cosmosTestChain, osmosis } from '@latch/cosmos'
import { evmAdapter, localSiwx, serverSiwx, toCaipNetwork } from '@latch/evm'
import { polkadotAdapter, polkadotNetwork } from '@latch/polkadot'
import { createAppKit } from '@latch/react/compat/appkit'
import { solanaAdapter, solanaLocalnet } from '@latch/solana'
import { walletConnect } from '@latch/walletconnect'
import { createConfig, http } from '@wagmi/core'
import { defineChain } from 'viem'
import { base as baseChain, mainnet as mainnetChain } from 'viem/chains'
import { env } from './env.js'

// The demo talks to local chains only: the chains' RPC URLs point at them, so a wallet asked
// to add a chain gets a local URL too.
const mainnet = defineChain({ ...mainnetChain, rpcUrls: { default: { http: [env.rpcMainnet] } } })
const base = defineChain({ ...baseChain, rpcUrls: { default: { http: [env.rpcBase] } } })

/** Any 32-hex id: the local relay accepts every project. */
const WALLETCONNECT_PROJECT_ID = '1a7c0de51a7c0de51a7c0de51a7c0de5'

// No RPC URL of the demo's own: with its @latch/server the kit reads each chain through the
// project's RPC endpoint (`/v1/`, which forwards to the node `project set-rpc` names), as an app
// that keeps its node's key on its server does; with `?api=none`, the chains' own (local) URLs.
export const wagmiConfig = createConfig({
  chains: [mainnet, base],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})

/**
 * The local Solana chain of `npm start` (the real SVM, in-process in the test kit), on the demo's
 * own RPC URL: a Solana wallet without sign-and-send has its signed transaction sent through the
 * app's URL, which the project's endpoint (reads only) would refuse.
 */
const solanaLocal = solanaLocalnet({ genesisHash: env.solanaGenesisHash, rpcUrl: env.rpcSolana })

/** Bitcoin regtest of `npm start` (the test kit's stand-in), read through its Esplora-shaped API. */
const bitcoinRegtest = bitcoinNetwork('regtest', { apiUrl: env.bitcoinApi })

/**
 * `?cosmos=on`: a local chain id no wallet knows (connecting suggests it to the wallet; no node
 * runs, nothing is read from it), the Cosmos Hub and Osmosis.
 */
const cosmosNetworks = [cosmosTestChain(), cosmosHub(), osmosis()]
/** Polkadot and its Westend test network: the kit signs there and reads no node (spec §6). */
const polkadotNetworks = [polkadotNetwork('polkadot'), polkadotNetwork('westend')]

/** The midnight preset's options under `?theme=midnight`. */
const DEMO_THEME = {
  accentColor: '#ff4f8b',
  accentColorForeground: '#1a1a1a',
  borderRadius: 'large',
  fontStack: 'rounded',
  overlayBlur: 'small',
} as const

/** The modal's stacking order under `?theme=midnight`. */
const DEMO_Z_INDEX = 100_000

const options: LatchOptions = {
  // `?solana=off`: Ethereum networks only (WalletConnect then signs in with the connection).
  // `?bitcoin=on`: the Bitcoin regtest network too. `?polkadot=on`: Polkadot and Westend.
  networks: [
    toCaipNetwork(mainnet),
    toCaipNetwork(base),
    ...(env.solana ? [solanaLocal] : []),
    ...(env.bitcoin ? [bitcoinRegtest] : []),
    ...(env.cosmos ? cosmosNetworks : []),
    ...(env.polkadot ? polkadotNetworks : []),
  ],
  adapters: [
    evmAdapter({ config: wagmiConfig }),
    ...(env.solana ? [solanaAdapter({ networks: [solanaLocal] })] : []),
    ...(env.bitcoin
      ? [
          bitcoinAdapter({
            networks: [bitcoinRegtest],
            // The Dev Wallet's request-API side (`window.latchDevWalletBitcoin`, hex PSBTs).
            requestWallets: [
              { global: 'latchDevWalletBitcoin', name: 'Latch Dev Wallet (request API)', psbt: 'hex' },
            ],
          }),
        ]
      : []),
    // The Dev Wallet's Cosmos side is a Keplr-compatible object at `window.latchDevWallet`.
    ...(env.cosmos
      ? [
          cosmosAdapter({
            networks: cosmosNetworks,
            wallets: [
              {
                global: 'latchDevWallet',
                name: 'Latch Dev Wallet',
                accountsChangedEvent: 'latch_keystorechange',
              },
            ],
          }),
        ]
      : []),
    ...(env.polkadot ? [polkadotAdapter({ networks: polkadotNetworks, appName: 'Latch demo' })] : []),
  ],
  projectId: env.projectId,
  ...(env.apiUrl ? { apiUrl: env.apiUrl } : {}),
  basic: env.basic,
  enableWalletGuide: env.walletGuide,
  // Sign-in: sessions from the local @latch/server, or kept in the page without a server.
  ...(env.siwx
    ? {
        siwx: env.apiUrl
          ? serverSiwx({
              url: env.apiUrl,
              projectId: env.projectId,
              required: env.siwx === 'required',
              statement: 'Sign in to the Latch demo.',
            })
          : localSiwx({
              required: env.siwx === 'required',
              statement: 'Sign in to the Latch demo.',
              // Contract accounts' signatures are checked on the local chains (ERC-1271).
              rpcUrls: { 'eip155:1': env.rpcMainnet, 'eip155:8453': env.rpcBase },
            }),
      }
    : {}),
  // The app's own settings, as the demo's projects have them: with the embedded wallet, Google
  // and GitHub next to email, so Connect has its button before the project config arrives (no shift then).
  ...(env.email || env.frameUrl
    ? {
        features: {
          ...(env.email ? { email: true } : {}),
          ...(env.frameUrl ? { socials: ['google' as const, 'github' as const] } : {}),
        },
      }
    : {}),
  metadata: {
    name: 'Latch demo',
    description: 'Connect a wallet, sign, send, switch networks.',
    url: typeof location === 'undefined' ? 'http://127.0.0.1:5173' : location.origin,
    icons: [],
  },
  // The visitor's OS setting; main.tsx follows it when it changes.
  themeMode: prefersDark() ? 'dark' : 'light',
  // `?theme=midnight`: a preset with RainbowKit's options, and a stacking order above the page's.
  ...(env.theme === 'midnight'
    ? (() => {
        const theme = midnightTheme(DEMO_THEME)
        return { ...theme, themeVariables: { ...theme.themeVariables, '--latch-z-index': DEMO_Z_INDEX } }
      })()
    : {}),
  // The local relay of `npm start`; verify off because its host is not reachable offline (the
  // library would wait five seconds on every request).
  connectors: [
    // Email login: the frame app the local @latch/server serves.
    ...(env.frameUrl
      ? [
          embeddedWallet({
            frameUrl: env.frameUrl,
            projectId: env.projectId,
            ...(env.accountType ? { defaultAccountType: env.accountType } : {}),
          }),
        ]
      : []),
    ...(env.wcRelay !== 'off'
      ? [
          walletConnect({
            projectId: WALLETCONNECT_PROJECT_ID,
            relayUrl: env.wcRelay,
            verify: false,
            ...(env.wcPairingExpiryMs ? { pairingExpiryMs: env.wcPairingExpiryMs } : {}),
            metadata: {
              name: 'Latch demo',
              description: 'Connect a wallet, sign, send, switch networks.',
              url: typeof location === 'undefined' ? 'http://127.0.0.1:5173' : location.origin,
              icons: [],
            },
          }),
        ]
      : []),
  ],
}

/** The demo's accent under `?kit=appkit`, given by AppKit's name for it. */
export const APPKIT_DEMO_ACCENT = '#7c3aed'

/**
 * The wallets `?kit=appkit` features, by WalletConnect registry id as an AppKit app lists them
 * (Zerion, then Rabby): createAppKit turns them into Latch's ids.
 */
const APPKIT_DEMO_FEATURED = [
  'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18',
  '18388be9ac2d02726dbac9777c96efaac06d744b2f6d580fccdd4127a6d01fd1',
]

// `?kit=appkit`: the same options through AppKit's `createAppKit`, with an AppKit theme variable
// and AppKit's featured wallet ids.
export const latch =
  env.kit === 'appkit'
    ? createAppKit({
        ...options,
        themeVariables: { '--w3m-accent': APPKIT_DEMO_ACCENT },
        featuredWalletIds: APPKIT_DEMO_FEATURED,
      })
    : createLatch(options)

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}
