import { TEST_TOKENS } from '@latch/testkit'
import { createPublicClient, erc721Abi, http } from 'viem'
import { ports } from '../playwright.config.js'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

test.describe('given the demo as npm start serves it, with its seeded Dev Wallet', () => {
  test('when the visitor opens NFTs, then the minted test NFT shows with its image through the server, and the spam airdrop it also holds does not', async ({
    page,
  }) => {
    await page.goto('/')
    const address = (await connectDevWallet(page)) as `0x${string}`
    // The account holds both on chain: hiding the airdrop is the service's doing.
    const client = createPublicClient({ transport: http(`http://127.0.0.1:${ports.mainnet}`) })
    for (const contract of [TEST_TOKENS.erc721.address, TEST_TOKENS.spamNft.address])
      expect(
        await client.readContract({
          address: contract,
          abi: erc721Abi,
          functionName: 'balanceOf',
          args: [address],
        }),
      ).toBeGreaterThan(0n)

    const images: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url())
    })
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-tab-nfts').click()
    const panel = modal(page).getByTestId('latch-account-panel-nfts')
    const nft = panel.getByTestId('latch-nft')
    await expect(nft).not.toHaveCount(0)
    await expect(nft.getByTestId('latch-nft-collection')).toHaveText(
      Array(await nft.count()).fill('Latch Test NFT'),
    )
    await expect(nft.first().getByTestId('latch-nft-name')).toHaveText(/^Latch Test NFT #\d+$/)
    await expect(panel).not.toContainText(TEST_TOKENS.spamNft.name)

    // The image is loaded and decoded, from the app's server, never from the NFT's own host.
    const img = nft.first().locator('img')
    await expect(img).toHaveAttribute('alt', /^Latch Test NFT #\d+$/)
    await expect
      .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0)
    const nftImages = images.filter((url) => url.includes('nft'))
    expect(nftImages.length).toBeGreaterThan(0)
    for (const url of nftImages)
      expect(url.startsWith(`http://127.0.0.1:${ports.api}/account/v1/nft-image?`)).toBe(true)
  })
})
