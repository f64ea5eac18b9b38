import type { Page } from '@playwright/test'
import { connectDevWallet, devWallet, expect, modal, test } from './fixtures.js'

/** Resolves once the modal's finite animations (open, height) are over; loops keep running. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
}

/** A route held until the test lets it through. */
function hold() {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { release, released }
}

test.describe('given the demo as npm start serves it, connected to its Dev Wallet', () => {
  test('when Account opens, then the tabs keep their place while their code and the token list load: nothing below them moves', async ({
    page,
  }) => {
    // The tabs' code (loaded with import()) and the balance service's answer wait until the
    // first layout has been measured.
    const chunk = hold()
    const balances = hold()
    // The demo as started serves modules one by one (AccountTabs.js); a build names the chunk
    // AccountTabs-<hash>.js.
    await page.route(/\/AccountTabs(-[\w-]+)?\.js(\?.*)?$/, async (route) => {
      await chunk.released
      await route.continue()
    })
    await page.route('**/account/v1/balances**', async (route) => {
      await balances.released
      await route.continue()
    })
    await page.goto('/')
    await connectDevWallet(page)
    await devWallet.setAssetDiscovery(page, false)
    await page.getByTestId('latch-account-button').click()
    const disconnect = modal(page).getByTestId('latch-disconnect')
    await expect(disconnect).toBeVisible()
    await expect(modal(page).getByRole('tab')).toHaveCount(0)
    await settled(page)
    const first = await disconnect.boundingBox()
    const dialog = await modal(page).boundingBox()

    chunk.release()
    await expect(modal(page).getByTestId('latch-account-tab-tokens')).toBeVisible()
    await settled(page)
    expect(await disconnect.boundingBox()).toEqual(first)

    balances.release()
    await expect(modal(page).getByTestId('latch-token-LTT')).toBeVisible()
    await settled(page)
    expect(await disconnect.boundingBox()).toEqual(first)
    expect(await modal(page).boundingBox()).toEqual(dialog)
  })
})
