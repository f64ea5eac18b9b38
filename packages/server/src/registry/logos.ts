// Brand logos of networks and tokens from @web3icons/core (MIT), imported one icon at a time: its
// index pulls in every icon it has. Networks are keyed by the icon's file name; which id uses
// which icon is @latch/core's list (NETWORK_LOGO_ICONS), shared with the modal's bundled logos.
// Tokens are keyed by their symbol. Wallet logos live in registry/logos.json (see dataset.ts).

import { NETWORK_LOGO_ICONS } from '@latch/core/internal'
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
import type { ImageKind } from './types.js'

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
  wallet: {},
  asset: NETWORK_LOGO_ICONS,
  currency: {},
  token: undefined,
}

const byKind: Readonly<Record<ImageKind, Readonly<Record<string, string>>>> = {
  wallet: {},
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
