import { seedTestTokens } from '@latch/testkit'
import jsQR from 'jsqr'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ports } from '../playwright.config.js'
import { lttOf, mainnet, undoAfterEach } from './chain.js'
import { connectDevWallet, expect, modal, pickNetwork, test } from './fixtures.js'

const afterTest = undoAfterEach()

test.describe('given the demo as npm start serves it, connected to its Dev Wallet', () => {
  test('when the visitor sends the test ERC-20 from the Account view, then it lands at the recipient on chain and the list refreshes', async ({
    page,
  }) => {
    await page.goto('/')
    const sender = (await connectDevWallet(page)) as `0x${string}`
    // A fresh recipient holds nothing, so its balance afterwards is exactly what was sent.
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const before = await lttOf(sender)
    // The stack is shared with the other specs, which expect the Dev Wallet's seeded 1,234.50 LTT:
    // what this test sends is minted back afterwards, whatever happens.
    afterTest(async () => {
      const spent = before - (await lttOf(sender))
      if (spent > 0n)
        await seedTestTokens(`http://127.0.0.1:${ports.mainnet}`, sender, { erc20Amount: spent, nft: false })
    })
    await page.getByTestId('latch-account-button').click()
    // npm start registers alice.eth (with an avatar) for the Dev Wallet's first account on the
    // local Ethereum: Account shows the name, and the avatar served by the app's server.
    await expect(modal(page).getByTestId('latch-account-address')).toHaveText('alice.eth')
    const avatar = modal(page).getByTestId('latch-account-avatar')
    await expect(avatar).toHaveAttribute('src', /\/account\/v1\/nft-image\?url=/)
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await modal(page).getByTestId('latch-account-send').click()
    const form = modal(page).getByTestId('latch-send-form')
    // The native coin comes first in the list, the test ERC-20 second.
    await form.getByTestId('latch-send-token').selectOption({ index: 1 })
    await expect(form.getByTestId('latch-send-token').locator('option:checked')).toHaveText(/^LTT · /)

    // A name is resolved as it is typed and its address shown before any review; an unknown one is named.
    await form.getByTestId('latch-send-recipient').fill('alice.eth')
    await expect(form.getByTestId('latch-send-recipient-resolved')).toHaveText(`Sends to ${sender}`)
    await form.getByTestId('latch-send-recipient').fill('nobody-here.eth')
    await expect(form.getByTestId('latch-send-recipient-error')).toHaveText('No address found for this name')
    await expect(form.getByTestId('latch-send-recipient-resolved')).toHaveCount(0)

    // A recipient with a broken checksum and an amount with too many places are refused.
    const flipped = [...recipient.slice(2)].map((c) =>
      c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
    )
    await form.getByTestId('latch-send-recipient').fill(`0x${flipped.join('')}`)
    await form.getByTestId('latch-send-amount').fill('1.1234567')
    await expect(form.getByTestId('latch-send-amount-error')).toHaveText('Invalid decimal places')
    await form.getByTestId('latch-send-amount').fill('5000')
    await expect(form.getByTestId('latch-send-amount-error')).toHaveText('Insufficient balance')
    await form.getByTestId('latch-send-amount').fill('12.5')
    await form.getByTestId('latch-send-review').click()
    await expect(form.getByTestId('latch-send-recipient-error')).toHaveText('Enter a valid address')

    // A lowercase address is taken and shown checksummed in the review, with the fee in ETH.
    await form.getByTestId('latch-send-recipient').fill(recipient.toLowerCase())
    await form.getByTestId('latch-send-review').click()
    const review = modal(page).getByTestId('latch-send-review-step')
    await expect(review.getByTestId('latch-send-review-amount')).toHaveText('12.5 LTT')
    await expect(review.getByTestId('latch-send-review-to')).toHaveAttribute('title', recipient)
    await expect(review.getByTestId('latch-send-fee')).toHaveText(/^0\.\d+ ETH$/)
    expect(await lttOf(recipient)).toBe(0n)

    await review.getByTestId('latch-send-confirm').click()
    await expect(modal(page).getByTestId('latch-send-success')).toHaveText('Sent')
    const hash = await modal(page).getByTestId('latch-send-hash').textContent()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await mainnet.getTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await lttOf(recipient)).toBe(12_500_000n)
    expect(await lttOf(sender)).toBe(before - 12_500_000n)

    // Back on Account, the token list shows the new balance.
    await modal(page).getByTestId('latch-send-done').click()
    const left = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Number(before - 12_500_000n) / 1e6)
    await expect(modal(page).getByTestId('latch-token-LTT')).toContainText(`${left} LTT`)
  })

  test('when the active network changes, then the send form is reset; without a change it is kept', async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const openSend = async () => {
      await page.getByTestId('latch-account-button').click()
      await modal(page).getByTestId('latch-account-send').click()
      return modal(page).getByTestId('latch-send-form')
    }
    let form = await openSend()
    await form.getByTestId('latch-send-recipient').fill(recipient)
    await form.getByTestId('latch-send-amount').fill('0.25')
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()

    form = await openSend()
    await expect(form.getByTestId('latch-send-recipient')).toHaveValue(recipient)
    await expect(form.getByTestId('latch-send-amount')).toHaveValue('0.25')
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()

    await pickNetwork(page, 'Base')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await expect(modal(page)).toBeHidden()
    form = await openSend()
    await expect(form.getByTestId('latch-send-recipient')).toHaveValue('')
    await expect(form.getByTestId('latch-send-amount')).toHaveValue('')
  })

  test('when the visitor opens Receive, then the QR code read back from the screen is the address', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    const address = await connectDevWallet(page)
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-receive').click()
    const receive = modal(page).getByTestId('latch-receive')
    await expect(receive.getByTestId('latch-receive-address')).toHaveText(address)
    await expect(receive.getByTestId('latch-receive-networks')).toHaveText('Works on Ethereum, Base')
    const qr = receive.getByRole('img', { name: 'QR code of your address' })
    await expect(qr).toBeVisible()

    // The pixels of the screenshot, decoded by the page's canvas, then read by jsQR.
    const png = (await qr.screenshot()).toString('base64')
    const pixels = await page.evaluate(async (data) => {
      const image = new Image()
      image.src = `data:image/png;base64,${data}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context2d = canvas.getContext('2d')
      if (!context2d) throw new Error('No 2D canvas.')
      context2d.drawImage(image, 0, 0)
      const { data: rgba, width, height } = context2d.getImageData(0, 0, image.width, image.height)
      return { rgba: Array.from(rgba), width, height }
    }, png)
    const decoded = jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height)
    expect(decoded?.data).toBe(address)

    await receive.getByTestId('latch-receive-copy').click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
  })
})
