import { describe, expect, it } from 'vitest'
import { walletSnapshot } from '../registry/snapshot.js'
import { popularFor } from './popular.js'

const wallets = [...walletSnapshot]
const recommended = wallets.slice(0, 4)

describe('given the registry in its order', () => {
  it("when no namespace is in use, then Popular is the registry's recommended list", () => {
    expect(popularFor({ namespace: undefined, recommended, wallets })).toBe(recommended)
  })

  it('when Solana is in use, then Popular shows the wallets made for Solana first', () => {
    const ids = popularFor({ namespace: 'solana', recommended, wallets }).map((w) => w.id)
    expect(ids).toEqual(['phantom', 'backpack', 'solflare', 'glow'])
  })

  it('when Ethereum is in use, then Popular shows Ethereum wallets, all of which support it', () => {
    const popular = popularFor({ namespace: 'eip155', recommended, wallets })
    expect(popular.map((w) => w.id)).toEqual(['metamask', 'trust', 'coinbase', 'rainbow'])
  })

  it('when too few are made for the namespace, then wallets that also support it fill the list', () => {
    const list = [
      { id: 'a', chains: ['eip155', 'cosmos'] },
      { id: 'b', chains: ['cosmos'] },
      { id: 'c', chains: ['eip155'] },
    ]
    expect(popularFor({ namespace: 'cosmos', recommended: [], wallets: list }).map((w) => w.id)).toEqual([
      'b',
      'a',
    ])
  })
})
