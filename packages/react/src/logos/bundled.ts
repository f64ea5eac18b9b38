/**
 * Brand logos of the most common wallets and networks, from @web3icons/core (MIT), imported one
 * icon at a time (its index pulls in every icon it has). Used when no server gives an image (the
 * bundled wallet snapshot, a network without `assets.imageUrl`). This module only ever loads
 * with the modal's chunk or with import(): never on first load. Which id uses which icon is
 * @latch/core's list (`logoIconOf`), the one the server's images read too; this module only
 * holds the icons it bundles, by file name.
 */
import { logoIconOf } from '@latch/core/internal'

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

const icons = {
  wallets: {
    coinbase: w_coinbase,
    ledger: w_ledger,
    metamask: w_metamask,
    okx: w_okx,
    phantom: w_phantom,
    rabby: w_rabby,
    rainbow: w_rainbow,
    safe: w_safe,
    trust: w_trust,
    'wallet-connect': w_walletConnect,
    zerion: w_zerion,
  },
  networks: {
    'arbitrum-one': n_arbitrumOne,
    base: n_base,
    'binance-smart-chain': n_binanceSmartChain,
    ethereum: n_ethereum,
    optimism: n_optimism,
    polygon: n_polygon,
    solana: n_solana,
  },
} as const satisfies Record<'wallets' | 'networks', Record<string, string>>

/**
 * The bundled logo of a registry wallet id (`metamask`), `walletConnect`, or a CAIP-2 network id
 * (`eip155:8453`), as an SVG data URL for an <img> (never inlined as markup); else undefined.
 */
export function bundledLogo(id: string): string | undefined {
  const icon = logoIconOf(id)
  if (!icon) return undefined
  const table: Readonly<Record<string, string>> = icons[icon.kind]
  if (!Object.hasOwn(table, icon.name)) return undefined
  return `data:image/svg+xml,${encodeURIComponent(table[icon.name] as string)}`
}
