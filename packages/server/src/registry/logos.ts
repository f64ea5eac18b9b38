// Brand logos from @web3icons/core (MIT), imported one icon at a time: its index pulls in
// every icon it has. Each entry maps an id of the registry to the icon's SVG text.

import n_arbitrum_one from '@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js'
import n_aurora from '@web3icons/core/svgs/networks/branded/aurora.svg.js'
import n_avalanche from '@web3icons/core/svgs/networks/branded/avalanche.svg.js'
import n_base from '@web3icons/core/svgs/networks/branded/base.svg.js'
import n_binance_smart_chain from '@web3icons/core/svgs/networks/branded/binance-smart-chain.svg.js'
import n_bitcoin from '@web3icons/core/svgs/networks/branded/bitcoin.svg.js'
import n_celo from '@web3icons/core/svgs/networks/branded/celo.svg.js'
import n_cosmos_hub from '@web3icons/core/svgs/networks/branded/cosmos-hub.svg.js'
import n_ethereum from '@web3icons/core/svgs/networks/branded/ethereum.svg.js'
import n_gnosis from '@web3icons/core/svgs/networks/branded/gnosis.svg.js'
import n_optimism from '@web3icons/core/svgs/networks/branded/optimism.svg.js'
import n_polkadot from '@web3icons/core/svgs/networks/branded/polkadot.svg.js'
import n_polygon from '@web3icons/core/svgs/networks/branded/polygon.svg.js'
import n_solana from '@web3icons/core/svgs/networks/branded/solana.svg.js'
import n_zksync from '@web3icons/core/svgs/networks/branded/zksync.svg.js'
import n_zora from '@web3icons/core/svgs/networks/branded/zora.svg.js'
import t_ARB from '@web3icons/core/svgs/tokens/branded/ARB.svg.js'
import t_ATOM from '@web3icons/core/svgs/tokens/branded/ATOM.svg.js'
import t_AVAX from '@web3icons/core/svgs/tokens/branded/AVAX.svg.js'
import t_BNB from '@web3icons/core/svgs/tokens/branded/BNB.svg.js'
import t_BTC from '@web3icons/core/svgs/tokens/branded/BTC.svg.js'
import t_CELO from '@web3icons/core/svgs/tokens/branded/CELO.svg.js'
import t_DAI from '@web3icons/core/svgs/tokens/branded/DAI.svg.js'
import t_DOT from '@web3icons/core/svgs/tokens/branded/DOT.svg.js'
import t_ETH from '@web3icons/core/svgs/tokens/branded/ETH.svg.js'
import t_LINK from '@web3icons/core/svgs/tokens/branded/LINK.svg.js'
import t_OP from '@web3icons/core/svgs/tokens/branded/OP.svg.js'
import t_POL from '@web3icons/core/svgs/tokens/branded/POL.svg.js'
import t_SOL from '@web3icons/core/svgs/tokens/branded/SOL.svg.js'
import t_UNI from '@web3icons/core/svgs/tokens/branded/UNI.svg.js'
import t_USDC from '@web3icons/core/svgs/tokens/branded/USDC.svg.js'
import t_USDT from '@web3icons/core/svgs/tokens/branded/USDT.svg.js'
import t_WBTC from '@web3icons/core/svgs/tokens/branded/WBTC.svg.js'
import w_alpha_wallet from '@web3icons/core/svgs/wallets/branded/alpha-wallet.svg.js'
import w_argent from '@web3icons/core/svgs/wallets/branded/argent.svg.js'
import w_atomic from '@web3icons/core/svgs/wallets/branded/atomic.svg.js'
import w_backpack from '@web3icons/core/svgs/wallets/branded/backpack.svg.js'
import w_coin98 from '@web3icons/core/svgs/wallets/branded/coin98.svg.js'
import w_coinbase from '@web3icons/core/svgs/wallets/branded/coinbase.svg.js'
import w_daimo from '@web3icons/core/svgs/wallets/branded/daimo.svg.js'
import w_enkrypt from '@web3icons/core/svgs/wallets/branded/enkrypt.svg.js'
import w_exodus from '@web3icons/core/svgs/wallets/branded/exodus.svg.js'
import w_glow from '@web3icons/core/svgs/wallets/branded/glow.svg.js'
import w_imtoken from '@web3icons/core/svgs/wallets/branded/imtoken.svg.js'
import w_keplr from '@web3icons/core/svgs/wallets/branded/keplr.svg.js'
import w_kraken from '@web3icons/core/svgs/wallets/branded/kraken.svg.js'
import w_ledger from '@web3icons/core/svgs/wallets/branded/ledger.svg.js'
import w_metamask from '@web3icons/core/svgs/wallets/branded/metamask.svg.js'
import w_my_ether_wallet from '@web3icons/core/svgs/wallets/branded/my-ether-wallet.svg.js'
import w_okx from '@web3icons/core/svgs/wallets/branded/okx.svg.js'
import w_phantom from '@web3icons/core/svgs/wallets/branded/phantom.svg.js'
import w_rabby from '@web3icons/core/svgs/wallets/branded/rabby.svg.js'
import w_rainbow from '@web3icons/core/svgs/wallets/branded/rainbow.svg.js'
import w_safe from '@web3icons/core/svgs/wallets/branded/safe.svg.js'
import w_sequence from '@web3icons/core/svgs/wallets/branded/sequence.svg.js'
import w_solflare from '@web3icons/core/svgs/wallets/branded/solflare.svg.js'
import w_token_pocket from '@web3icons/core/svgs/wallets/branded/token-pocket.svg.js'
import w_trezor from '@web3icons/core/svgs/wallets/branded/trezor.svg.js'
import w_trust from '@web3icons/core/svgs/wallets/branded/trust.svg.js'
import w_zengo from '@web3icons/core/svgs/wallets/branded/zengo.svg.js'
import w_zerion from '@web3icons/core/svgs/wallets/branded/zerion.svg.js'
import type { ImageKind } from './types.js'

const wallets: Readonly<Record<string, string>> = {
  metamask: w_metamask,
  trust: w_trust,
  coinbase: w_coinbase,
  rainbow: w_rainbow,
  phantom: w_phantom,
  okx: w_okx,
  zerion: w_zerion,
  'ledger-live': w_ledger,
  safe: w_safe,
  argent: w_argent,
  rabby: w_rabby,
  backpack: w_backpack,
  solflare: w_solflare,
  exodus: w_exodus,
  imtoken: w_imtoken,
  tokenpocket: w_token_pocket,
  zengo: w_zengo,
  enkrypt: w_enkrypt,
  mew: w_my_ether_wallet,
  keplr: w_keplr,
  coin98: w_coin98,
  atomic: w_atomic,
  kraken: w_kraken,
  'trezor-suite': w_trezor,
  alphawallet: w_alpha_wallet,
  daimo: w_daimo,
  glow: w_glow,
  sequence: w_sequence,
}

const assets: Readonly<Record<string, string>> = {
  'eip155:1': n_ethereum,
  'eip155:10': n_optimism,
  'eip155:56': n_binance_smart_chain,
  'eip155:100': n_gnosis,
  'eip155:137': n_polygon,
  'eip155:324': n_zksync,
  'eip155:8453': n_base,
  'eip155:42161': n_arbitrum_one,
  'eip155:42220': n_celo,
  'eip155:43114': n_avalanche,
  'eip155:11155111': n_ethereum,
  'eip155:84532': n_base,
  'eip155:7777777': n_zora,
  'eip155:1313161554': n_aurora,
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': n_solana,
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': n_solana,
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': n_solana,
  'bip122:000000000019d6689c085ae165831e93': n_bitcoin,
  'bip122:000000000933ea01ad0ee984209779ba': n_bitcoin,
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': n_polkadot,
  'cosmos:cosmoshub-4': n_cosmos_hub,
}

const tokens: Readonly<Record<string, string>> = {
  ETH: t_ETH,
  USDC: t_USDC,
  USDT: t_USDT,
  DAI: t_DAI,
  WBTC: t_WBTC,
  BTC: t_BTC,
  SOL: t_SOL,
  POL: t_POL,
  ARB: t_ARB,
  OP: t_OP,
  BNB: t_BNB,
  AVAX: t_AVAX,
  CELO: t_CELO,
  DOT: t_DOT,
  ATOM: t_ATOM,
  UNI: t_UNI,
  LINK: t_LINK,
}

const byKind: Readonly<Record<ImageKind, Readonly<Record<string, string>>>> = {
  wallet: wallets,
  asset: assets,
  currency: {},
  token: tokens,
}

/** The brand logo of an image id, when @web3icons/core has one; else undefined. */
export function brandLogo(kind: ImageKind, id: string): string | undefined {
  const table = byKind[kind]
  return Object.hasOwn(table, id) ? table[id] : undefined
}
