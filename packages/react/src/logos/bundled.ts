/**
 * Brand logos of the most common wallets and networks, from @web3icons/core (MIT), imported one
 * icon at a time (its index pulls in every icon it has). Used when no server gives an image (the
 * bundled wallet snapshot, a network without `assets.imageUrl`). This module only ever loads
 * with the modal's chunk or with import(): never on first load.
 */

import n_arbitrumOne from '@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js'
import n_base from '@web3icons/core/svgs/networks/branded/base.svg.js'
import n_binanceSmartChain from '@web3icons/core/svgs/networks/branded/binance-smart-chain.svg.js'
import n_ethereum from '@web3icons/core/svgs/networks/branded/ethereum.svg.js'
import n_optimism from '@web3icons/core/svgs/networks/branded/optimism.svg.js'
import n_polygon from '@web3icons/core/svgs/networks/branded/polygon.svg.js'
import n_solana from '@web3icons/core/svgs/networks/branded/solana.svg.js'
import w_coinbase from '@web3icons/core/svgs/wallets/branded/coinbase.svg.js'
import w_ledger from '@web3icons/core/svgs/wallets/branded/ledger.svg.js'
import w_metamask from '@web3icons/core/svgs/wallets/branded/metamask.svg.js'
import w_okx from '@web3icons/core/svgs/wallets/branded/okx.svg.js'
import w_phantom from '@web3icons/core/svgs/wallets/branded/phantom.svg.js'
import w_rabby from '@web3icons/core/svgs/wallets/branded/rabby.svg.js'
import w_rainbow from '@web3icons/core/svgs/wallets/branded/rainbow.svg.js'
import w_safe from '@web3icons/core/svgs/wallets/branded/safe.svg.js'
import w_trust from '@web3icons/core/svgs/wallets/branded/trust.svg.js'
import w_walletConnect from '@web3icons/core/svgs/wallets/branded/wallet-connect.svg.js'
import w_zerion from '@web3icons/core/svgs/wallets/branded/zerion.svg.js'

const svgs: Readonly<Record<string, string>> = {
  metamask: w_metamask,
  trust: w_trust,
  coinbase: w_coinbase,
  rainbow: w_rainbow,
  phantom: w_phantom,
  okx: w_okx,
  zerion: w_zerion,
  'ledger-live': w_ledger,
  safe: w_safe,
  rabby: w_rabby,
  walletConnect: w_walletConnect,
  'eip155:1': n_ethereum,
  'eip155:10': n_optimism,
  'eip155:56': n_binanceSmartChain,
  'eip155:137': n_polygon,
  'eip155:8453': n_base,
  'eip155:42161': n_arbitrumOne,
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': n_solana,
}

/**
 * The bundled logo of a registry wallet id (`metamask`), `walletConnect`, or a CAIP-2 network id
 * (`eip155:8453`), as an SVG data URL for an <img> (never inlined as markup); else undefined.
 */
export function bundledLogo(id: string): string | undefined {
  if (!Object.hasOwn(svgs, id)) return undefined
  return `data:image/svg+xml,${encodeURIComponent(svgs[id] as string)}`
}
