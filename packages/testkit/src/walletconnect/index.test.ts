import { describe, expect, it } from 'vitest'
import * as walletconnect from './index.js'

describe('given the @latch/testkit/walletconnect entry', () => {
  describe('when it is imported', () => {
    it('then it exposes exactly the documented runtime API', () => {
      expect(Object.keys(walletconnect).sort()).toMatchInlineSnapshot(`
        [
          "MemoryStorage",
          "RELAY_CLOSE_RESTART",
          "RELAY_CLOSE_UNAUTHORIZED",
          "WALLET_PEER_BITCOIN_METHODS",
          "WALLET_PEER_COSMOS_METHODS",
          "WALLET_PEER_EVENTS",
          "WALLET_PEER_METHODS",
          "WALLET_PEER_SOLANA_METHODS",
          "closeLocalSignClient",
          "createLocalSignClient",
          "createOfflineVerify",
          "createWalletPeer",
          "startRelay",
        ]
      `)
    })
  })
})
