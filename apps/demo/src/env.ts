/** Local stack addresses; `npm start` serves them on these ports. */
const api = apiSettings()
export const env = {
  rpcMainnet: import.meta.env.VITE_RPC_MAINNET ?? 'http://127.0.0.1:8545',
  rpcBase: import.meta.env.VITE_RPC_BASE ?? 'http://127.0.0.1:8546',
  rpcSolana: import.meta.env.VITE_RPC_SOLANA ?? 'http://127.0.0.1:8899',
  /** Genesis hash of the local Solana chain `npm start` runs (the test kit's fixed one). */
  solanaGenesisHash: import.meta.env.VITE_SOLANA_GENESIS ?? '3ByopDBLUk2VLcuESmRyiAGvwkCRPUuNA7gyDUudbaiP',
  /** The Bitcoin regtest stand-in's Esplora-shaped API that `npm start` runs (balances, UTXOs, broadcast). */
  bitcoinApi: import.meta.env.VITE_BITCOIN_API ?? 'http://127.0.0.1:8565',
  /** Offer the Latch Dev Wallet (a test wallet with a funded local key). Off: VITE_DEV_WALLET=off */
  devWallet: import.meta.env.VITE_DEV_WALLET !== 'off',
  /** The Dev Wallet's WalletConnect endpoint that `npm start` runs (a wallet peer on the local relay). */
  devWalletWalletConnect: import.meta.env.VITE_DEV_WALLET_WC as string | undefined,
  ...api,
  /** The local WalletConnect relay `npm start` runs; VITE_WC_RELAY=off leaves WalletConnect out. */
  wcRelay: api.wcRelayOverride ?? import.meta.env.VITE_WC_RELAY ?? 'ws://127.0.0.1:8555',
  /**
   * The embedded wallet's frame: the local server's origin under `localhost` (passkeys are not
   * allowed on IP addresses). `?frame=off` leaves email login out.
   */
  frameUrl: frameSetting(api.apiUrl),
  /** The HTTP inbox of the SMTP sink `npm start` runs (the Dev inbox panel reads it). */
  mailInbox: import.meta.env.VITE_MAIL_INBOX as string | undefined,
}

function frameSetting(apiUrl: string | undefined): string | undefined {
  const query = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search)
  const given = query.get('frame') ?? import.meta.env.VITE_LATCH_FRAME
  if (given === 'off') return undefined
  if (given && /^https?:\/\/[^\s]+$/.test(given)) return given
  if (!apiUrl) return undefined
  const url = new URL(apiUrl)
  if (url.hostname === '127.0.0.1') url.hostname = 'localhost'
  return url.origin
}

/**
 * The @latch/server the demo talks to (`npm start` runs one). The page's query string can point
 * it elsewhere to try the kit's modes: `?api=URL` (or `?api=none` for no server at all),
 * `?project=ID`, `?basic=1` (no remote config), `?email=1` (email login on, which checks the
 * project's allowed origins), `?siwx=required|optional` (sign-in with the wallet), `?accountType=smartAccount` (the embedded
 * wallet's default account type), `?solana=off`, `?bitcoin=on`, `?cosmos=on`, `?polkadot=on`, `?guide=off` (no wallet guide),
 * `?kit=rainbowkit` (the header drawn with the RainbowKit compatibility layer), `?kit=appkit`
 * (the instance created with AppKit's option names), `?kit=wallet-adapter` (a Solana app on the
 * wallet-adapter's hooks), `?theme=midnight` (a theme preset).
 */
function apiSettings() {
  const query = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search)
  const api = query.get('api') ?? import.meta.env.VITE_LATCH_API
  return {
    apiUrl: api && api !== 'none' && /^https?:\/\//.test(api) ? api : undefined,
    projectId: query.get('project') ?? 'latch-demo',
    basic: query.get('basic') === '1',
    email: query.get('email') === '1',
    /** `?solana=off` leaves the Solana network and adapter out (an Ethereum-only app). */
    solana: query.get('solana') !== 'off',
    /**
     * `?bitcoin=on` adds the Bitcoin regtest network and adapter. Off by default for now: with it,
     * every page load of the demo took about a second longer in the browser tests (measured).
     */
    bitcoin: query.get('bitcoin') === 'on',
    /** `?cosmos=on` adds the Cosmos networks (a local chain id, the Hub, Osmosis) and adapter. */
    cosmos: query.get('cosmos') === 'on',
    /** `?polkadot=on` adds the Polkadot and Westend networks and the Polkadot adapter (no node: signing only). */
    polkadot: query.get('polkadot') === 'on',
    /** `?siwx=required|optional`: sign-in with the wallet, sessions from the local @latch/server. */
    siwx: (['required', 'optional'] as const).find((mode) => mode === query.get('siwx')),
    /** `?accountType=smartAccount`: the embedded wallet starts visitors who have not chosen on their smart account. */
    accountType: query.get('accountType') === 'smartAccount' ? ('smartAccount' as const) : undefined,
    /** `?wcRelay=ws://…` points WalletConnect at another relay (the e2e tests run their own); `off` leaves it out. */
    wcRelayOverride:
      query.get('wcRelay') === 'off' || /^wss?:\/\/[^\s]+$/.test(query.get('wcRelay') ?? '')
        ? (query.get('wcRelay') as string)
        : undefined,
    /** `?locale=ar` forces the kit's language (otherwise the browser's languages choose). */
    locale: query.get('locale') ?? undefined,
    /** `?guide=off` hides the "New to wallets?" guide (`enableWalletGuide: false`). */
    walletGuide: query.get('guide') !== 'off',
    /** `?wcExpiry=MS` shortens the WalletConnect pairing lifetime (tests of the URI refresh). */
    wcPairingExpiryMs: Number(query.get('wcExpiry')) > 0 ? Number(query.get('wcExpiry')) : undefined,
    /**
     * `?kit=rainbowkit` draws the header as a RainbowKit app would, through
     * `@latch/react/compat/rainbowkit`; `?kit=appkit` creates the instance with AppKit's option
     * names through `createAppKit` of `@latch/react/compat/appkit`; `?kit=wallet-adapter` adds a
     * Solana app written with the wallet-adapter's hooks of `@latch/solana/react` only.
     */
    kit: (['rainbowkit', 'appkit', 'wallet-adapter'] as const).find((kit) => kit === query.get('kit')),
    /** `?theme=midnight`: the kit's midnight preset with the demo's accent, corners, font and overlay. */
    theme: query.get('theme') === 'midnight' ? ('midnight' as const) : undefined,
  }
}
