import { expect, it } from 'vitest'
import * as entry from './index.js'

// API changes show in review: a name added to or removed from the entry changes this list.
it('given the package entry, then its runtime exports are exactly these', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "BITCOIN_GENESIS_REFERENCES",
      "BITCOIN_REQUEST_WALLETS",
      "WalletTimeoutError",
      "bitcoinAdapter",
      "bitcoinChainOf",
      "bitcoinNetwork",
      "formatSats",
      "toWalletStandardChain",
    ]
  `)
})
