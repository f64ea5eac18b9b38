/**
 * WalletConnect's wallet registry ids (64 hex digits, the ids AppKit's `featuredWalletIds`,
 * `includeWalletIds` and `excludeWalletIds` take) of the wallets Latch's registry lists, keyed to
 * Latch's slug for the same wallet. The ids are sha-256-shaped, so their first 16 hex digits
 * (64 bits) tell the wallets apart as well as all 64 and keep this table a third of the size. A
 * wallet of Latch's registry that is missing here has no id we could confirm; its hex id is named
 * in createAppKit's warning instead of being guessed.
 */
const BY_HEX_PREFIX: Readonly<Record<string, string>> = {
  c57ca95b47569778: 'metamask',
  '4622a2b2d6af1c98': 'trust',
  fd20dc426fb37566: 'coinbase',
  '1ae92b26df02f0ab': 'rainbow',
  a797aa35c0fadbfc: 'phantom',
  '971e689d0a5be527': 'okx',
  ecc4036f814562b4: 'zerion',
  c03dfee351b6fcc4: 'uniswap',
  '19177a98252e07dd': 'ledger-live',
  '225affb176778569': 'safe',
  bc949c5d968ae813: 'argent',
  '18388be9ac2d0272': 'rabby',
  '163d2cf19babf05e': 'brave',
  '2bd8c14e035c2d48': 'backpack',
  '1ca0bdd474757870': 'solflare',
  e9ff15be73584489: 'exodus',
  c286eebc742a537c: 'one-inch',
  '38f5d18bd8522c24': 'bitget',
  ef333840daf915aa: 'imtoken',
  '20459438007b75f4': 'tokenpocket',
  '0b415a746fb9ee99': 'safepal',
  f2436c67184f158d: 'crypto-com-defi',
  '8a0ee50d1f22f665': 'binance',
  '9414d5a85c8f4eab': 'zengo',
  f5b4eeb6015d66be: 'mew',
  '6adb6082c909901b': 'keplr',
  '2a3c89040ac3b723': 'coin98',
  '7674bb4e353bf528': 'mathwallet',
  '15c8b91ade1a4e58': 'bybit',
  '6b0182d679b72eb2': 'trezor-suite',
  '138f51c8d00ac7b9': 'alphawallet',
  '85db431492aa2e86': 'frontier',
  a9751f17a3292f2d: 'frame',
  dd43441a6368ec2d: 'glow',
}

/** A wallet id of WalletConnect's registry: 64 hex digits. */
const HEX_ID = /^[0-9a-f]{64}$/i

/**
 * An AppKit wallet list as Latch's: WalletConnect registry ids become Latch's slugs for the same
 * wallets, slugs pass as they are, and the hex ids Latch's registry has no wallet for are returned
 * apart (for the warning), in their order.
 *
 * @example
 * toLatchWalletIds(['c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96', 'zerion'])
 * // → { ids: ['metamask', 'zerion'], unknown: [] }
 */
export function toLatchWalletIds(ids: readonly string[]): { ids: string[]; unknown: string[] } {
  const out: string[] = []
  const unknown: string[] = []
  for (const id of ids) {
    if (!HEX_ID.test(id)) out.push(id)
    else {
      const slug = BY_HEX_PREFIX[id.slice(0, 16).toLowerCase()]
      if (slug === undefined) unknown.push(id)
      else if (!out.includes(slug)) out.push(slug)
    }
  }
  return { ids: out, unknown }
}
