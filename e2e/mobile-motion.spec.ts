import type { Page } from '@playwright/test'
import { connectDevWallet, expect, modal, modalSettled, test } from './fixtures.js'

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

/**
 * Records the animated container's height once per frame for ~600 ms from now, while `act`
 * runs; returns the heights seen.
 */
/**
 * The height transitions of the modal's sizer that `act` starts: each one's start (transitionrun)
 * and end (transitionend, with its elapsed time in the transition's own clock, so a slow machine
 * changes nothing).
 */
async function heightTransitions(page: Page, act: () => Promise<void>, settleMs = 1_000) {
  await page.evaluate(() => {
    const sizer = document.querySelector('[data-testid="latch-sizer"]') as HTMLElement
    const seen: { type: string; elapsed: number; height: number }[] = []
    ;(window as unknown as { transitions: typeof seen }).transitions = seen
    for (const type of ['transitionrun', 'transitionend'] as const)
      sizer.addEventListener(type, (event) => {
        if (event.propertyName === 'height' && event.target === sizer)
          seen.push({
            type,
            elapsed: event.elapsedTime,
            height: Math.round(sizer.getBoundingClientRect().height),
          })
      })
  })
  const before = await page
    .getByTestId('latch-sizer')
    .evaluate((el) => Math.round(el.getBoundingClientRect().height))
  await act()
  await page.waitForTimeout(settleMs)
  const after = await page
    .getByTestId('latch-sizer')
    .evaluate((el) => Math.round(el.getBoundingClientRect().height))
  const events = await page.evaluate(
    () =>
      (window as unknown as { transitions: { type: string; elapsed: number; height: number }[] }).transitions,
  )
  return { before, after, events }
}

test.describe('given a visitor on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA })

  test('when the modal opens, then it is a bottom sheet with a handle that closes it when dragged down', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').tap()
    await expect(modal(page)).toBeVisible()
    await expect
      .poll(async () => {
        const box = await modal(page).boundingBox()
        return box ? Math.round(box.y + box.height) : 0
      })
      .toBe(844)
    expect((await modal(page).boundingBox())?.width).toBe(390)
    const handle = modal(page).getByTestId('latch-sheet-handle')
    await expect(handle).toBeVisible()
    const box = (await handle.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + 10)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2, box.y + 60, { steps: 4 })
    await page.mouse.move(box.x + box.width / 2, box.y + 200, { steps: 4 })
    await page.mouse.up()
    await expect(modal(page)).toBeHidden()
  })

  test('when they pick a registry wallet, then "Open {wallet}" leads with its deep link and the QR code waits behind "Use another device"', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').tap()
    await modal(page).getByRole('button', { name: 'All Wallets' }).tap()
    await modal(page).getByRole('searchbox').fill('Trust')
    await modal(page).locator('[data-wallet-id="trust"]').tap()
    await expect(modal(page).getByRole('heading', { name: 'Trust Wallet' })).toBeVisible()
    const open = modal(page).getByRole('link', { name: 'Open Trust Wallet' })
    await expect(open).toHaveAttribute('href', /^trust:\/\/wc\?uri=wc%3A/)
    await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toHaveCount(0)
    await modal(page).getByRole('button', { name: 'Use another device' }).tap()
    await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
  })

  test('when the wallet\'s deep link finds no app, then "Get {wallet}" links to its App Store page', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').tap()
    await modal(page).getByRole('button', { name: 'All Wallets' }).tap()
    await modal(page).getByRole('searchbox').fill('Trust')
    await modal(page).locator('[data-wallet-id="trust"]').tap()
    await expect(modal(page).getByRole('link', { name: 'Get Trust Wallet' })).toHaveCount(0)
    // No app answers trust://: the page stays in front.
    await modal(page).getByRole('link', { name: 'Open Trust Wallet' }).tap()
    await expect(modal(page).getByRole('link', { name: 'Get Trust Wallet' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/id1288339409',
    )
  })

  test('when a finger rests on a wallet row, then no hover highlight sticks to it', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').tap()
    const rows = modal(page).getByTestId('wallet-option')
    await expect(rows.nth(1)).toBeVisible()
    const background = (i: number) => rows.nth(i).evaluate((el) => getComputedStyle(el).backgroundColor)
    const box = (await rows.nth(0).boundingBox())!
    await page.mouse.move(box.x + 20, box.y + 10)
    expect(await background(0)).toBe(await background(1))
  })
})

test.describe('given a visitor at a desktop', () => {
  test('when the view changes, then the modal height animates to the new content (spec §2: 150 ms)', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page)).toHaveAttribute('data-view', 'Connect')
    await expect(modal(page).getByTestId('wallet-option').nth(4)).toBeVisible()
    expect(await modal(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('latch-in')
    const { before, after, events } = await heightTransitions(page, () =>
      modal(page).getByRole('button', { name: 'All Wallets' }).click(),
    )
    expect(after).not.toBe(before)
    // The height ran a transition to the new content, and it took 150 ms of animation time.
    expect(events.some((event) => event.type === 'transitionrun')).toBe(true)
    const ends = events.filter((event) => event.type === 'transitionend')
    expect(ends.length).toBeGreaterThan(0)
    for (const end of ends) expect(end.elapsed).toBeCloseTo(0.15, 2)
  })

  test('when they copy the address, then a toast confirms and the buttons do not move', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    await connectDevWallet(page)
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-connected-with')).toHaveText(
      'Connected with Latch Dev Wallet',
    )
    await expect(modal(page).getByTestId('latch-connected-with').locator('img')).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml,/,
    )
    await expect(modal(page).getByTestId('latch-account-network').locator('img')).toBeVisible()
    // The Account tabs load with import() and then list the tokens: the view has its full height
    // once they have (before, the buttons below them move down with them).
    await expect(
      modal(page).getByTestId('latch-tokens').or(modal(page).getByTestId('latch-tokens-unavailable')),
    ).toBeVisible()
    const disconnect = modal(page).getByTestId('latch-disconnect')
    await modalSettled(page)
    const before = await disconnect.boundingBox()
    await modal(page).getByRole('button', { name: 'Copy address' }).click()
    await expect(modal(page).getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
    await modalSettled(page)
    expect(await disconnect.boundingBox()).toEqual(before)
    const address = await page.getByTestId('demo-address').textContent()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    // Disconnect reads as destructive: the theme's error colour.
    const [color, error] = await disconnect.evaluate((el) => [
      getComputedStyle(el).color,
      getComputedStyle(el).getPropertyValue('--latch-error'),
    ])
    expect(color).toBe(hexToRgb(error.trim()))
  })
})

test.describe('given a visitor who asks for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('when the view changes and the modal closes, then nothing animates', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByTestId('wallet-option').nth(4)).toBeVisible()
    expect(await modal(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
    const { before, after, events } = await heightTransitions(page, () =>
      modal(page).getByRole('button', { name: 'All Wallets' }).click(),
    )
    // Straight from the old height to the new one: no transition ran.
    expect(after).not.toBe(before)
    expect(events).toEqual([])
    // Closing hides the dialog at once instead of fading it out (it stays in the page parked, hidden,
    // for the next opening).
    const gone = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
          requestAnimationFrame(() => {
            const portal = document.querySelector('.latch-portal')
            resolve(portal === null || getComputedStyle(portal).visibility === 'hidden')
          })
        }),
    )
    expect(gone).toBe(true)
  })
})

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`
}
