// Brand logos from @web3icons/core (MIT), imported one icon at a time: its index pulls in
// every icon it has. Wallets and networks are keyed by the icon's file name; which id uses which
// icon is @latch/core's list (WALLET_LOGO_ICONS, NETWORK_LOGO_ICONS), shared with the modal's
// bundled logos. Tokens are keyed by their symbol.

import { NETWORK_LOGO_ICONS, WALLET_LOGO_ICONS } from '@latch/core/internal'
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
  'alpha-wallet': w_alpha_wallet,
  argent: w_argent,
  atomic: w_atomic,
  backpack: w_backpack,
  coin98: w_coin98,
  coinbase: w_coinbase,
  daimo: w_daimo,
  enkrypt: w_enkrypt,
  exodus: w_exodus,
  glow: w_glow,
  imtoken: w_imtoken,
  keplr: w_keplr,
  kraken: w_kraken,
  ledger: w_ledger,
  metamask: w_metamask,
  'my-ether-wallet': w_my_ether_wallet,
  okx: w_okx,
  phantom: w_phantom,
  rabby: w_rabby,
  rainbow: w_rainbow,
  safe: w_safe,
  sequence: w_sequence,
  solflare: w_solflare,
  'token-pocket': w_token_pocket,
  trezor: w_trezor,
  trust: w_trust,
  zengo: w_zengo,
  zerion: w_zerion,
}

const assets: Readonly<Record<string, string>> = {
  'arbitrum-one': n_arbitrum_one,
  aurora: n_aurora,
  avalanche: n_avalanche,
  base: n_base,
  'binance-smart-chain': n_binance_smart_chain,
  bitcoin: n_bitcoin,
  celo: n_celo,
  'cosmos-hub': n_cosmos_hub,
  ethereum: n_ethereum,
  gnosis: n_gnosis,
  optimism: n_optimism,
  polkadot: n_polkadot,
  polygon: n_polygon,
  solana: n_solana,
  zksync: n_zksync,
  zora: n_zora,
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

/** Each kind's id → icon-file list (tokens are their own symbol). */
const iconNames: Readonly<Record<ImageKind, Readonly<Record<string, string>> | undefined>> = {
  wallet: WALLET_LOGO_ICONS,
  asset: NETWORK_LOGO_ICONS,
  currency: {},
  token: undefined,
}

const byKind: Readonly<Record<ImageKind, Readonly<Record<string, string>>>> = {
  wallet: wallets,
  asset: assets,
  currency: {},
  token: tokens,
}

/** The brand logo of an image id, when @web3icons/core has one; else undefined. */
export function brandLogo(kind: ImageKind, id: string): string | undefined {
  const names = iconNames[kind]
  const name = names ? (Object.hasOwn(names, id) ? names[id] : undefined) : id
  const table = byKind[kind]
  return name !== undefined && Object.hasOwn(table, name) ? table[name] : undefined
}
