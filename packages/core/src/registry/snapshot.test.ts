import { describe, expect, it } from 'vitest'
import { querySnapshot } from './query.js'
import { walletSnapshot } from './snapshot.js'
import { walletLogos } from './snapshotLogos.js'

describe('given the bundled snapshot', () => {
  it('then every wallet has its logo: an SVG of at most 8 KiB with nothing that runs or loads', () => {
    for (const wallet of walletSnapshot) {
      const svg = walletLogos[wallet.id]
      expect(svg, wallet.id).toMatch(/^<svg[\s>]/)
      expect(new TextEncoder().encode(svg).length, wallet.id).toBeLessThanOrEqual(8192)
      expect(svg, wallet.id).not.toMatch(/<script|<foreignObject|<image|\son[a-z]+=|href="(?!#)/i)
    }
    expect(Object.keys(walletLogos).sort()).toEqual(walletSnapshot.map((w) => w.id).sort())
  })

  it('then a listed wallet shows its logo as an image URL and keeps its install links', () => {
    const { data } = querySnapshot(walletSnapshot, { page: 1, entries: 100 }, walletLogos)
    expect(data).toHaveLength(walletSnapshot.length)
    for (const wallet of data) {
      expect(wallet.imageUrl, wallet.id).toMatch(/^data:image\/svg\+xml,%3Csvg/)
      expect(wallet.homepage, wallet.id).toMatch(/^https:\/\//)
    }
    const metamask = data.find((w) => w.id === 'metamask')
    expect(metamask?.chromeStore).toBe(
      'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
    )
  })
})
