/**
 * Which brand logo of @web3icons/core stands for which id: registry wallet ids and CAIP-2 network
 * ids, each mapped to the icon's file name. The one list both the server's images and the modal's
 * bundled logos read, so they cannot drift apart. Plain data: no icon is imported here, and the
 * module runs anywhere (browser, server).
 */

/** Registry wallet id (and `walletConnect`) → the file name of the wallet's icon. */
const WALLET_LOGO_ICONS: Readonly<Record<string, string>> = {
  metamask: 'metamask',
  trust: 'trust',
  coinbase: 'coinbase',
  rainbow: 'rainbow',
  phantom: 'phantom',
  okx: 'okx',
  zerion: 'zerion',
  'ledger-live': 'ledger',
  safe: 'safe',
  argent: 'argent',
  rabby: 'rabby',
  backpack: 'backpack',
  solflare: 'solflare',
  exodus: 'exodus',
  imtoken: 'imtoken',
  tokenpocket: 'token-pocket',
  zengo: 'zengo',
  enkrypt: 'enkrypt',
  mew: 'my-ether-wallet',
  keplr: 'keplr',
  coin98: 'coin98',
  atomic: 'atomic',
  kraken: 'kraken',
  'trezor-suite': 'trezor',
  alphawallet: 'alpha-wallet',
  daimo: 'daimo',
  glow: 'glow',
  sequence: 'sequence',
  walletConnect: 'wallet-connect',
}

/** CAIP-2 network id → the file name of the network's icon. */
export const NETWORK_LOGO_ICONS: Readonly<Record<string, string>> = {
  'eip155:1': 'ethereum',
  'eip155:10': 'optimism',
  'eip155:56': 'binance-smart-chain',
  'eip155:100': 'gnosis',
  'eip155:137': 'polygon',
  'eip155:324': 'zksync',
  'eip155:8453': 'base',
  'eip155:42161': 'arbitrum-one',
  'eip155:42220': 'celo',
  'eip155:43114': 'avalanche',
  'eip155:11155111': 'ethereum',
  'eip155:84532': 'base',
  'eip155:7777777': 'zora',
  'eip155:1313161554': 'aurora',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana',
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin',
  'bip122:000000000933ea01ad0ee984209779ba': 'bitcoin',
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': 'polkadot',
  'cosmos:cosmoshub-4': 'cosmos-hub',
}

/**
 * The chain's own mark for any network of a namespace that is one chain (a local Solana cluster
 * is still Solana); EVM networks are each their own chain, so they have none.
 */
const NAMESPACE_LOGO_ICONS: Readonly<Record<string, string>> = {
  solana: 'solana',
  bip122: 'bitcoin',
  polkadot: 'polkadot',
}

/** The icon file name for a wallet id or a CAIP-2 network id, when there is one. */
export function logoIconOf(id: string): { kind: 'wallets' | 'networks'; name: string } | undefined {
  if (Object.hasOwn(WALLET_LOGO_ICONS, id)) return { kind: 'wallets', name: WALLET_LOGO_ICONS[id] as string }
  if (Object.hasOwn(NETWORK_LOGO_ICONS, id))
    return { kind: 'networks', name: NETWORK_LOGO_ICONS[id] as string }
  const namespace = id.includes(':') ? id.slice(0, id.indexOf(':')) : undefined
  if (namespace && Object.hasOwn(NAMESPACE_LOGO_ICONS, namespace))
    return { kind: 'networks', name: NAMESPACE_LOGO_ICONS[namespace] as string }
  return undefined
}
