import type { Browser } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { expectNoStorageExplained, frameOrigin, newEmail, signUp } from './embedded.js'
import { expect, status, test } from './fixtures.js'

// The embedded wallet's frame in its real position: the demo on 127.0.0.1 and the frame on
// localhost are two sites, so the frame is a third party. Chromium then gives an unpartitioned
// third-party frame no storage at all, and a partitioned one storage of its own, keyed by the
// top-level site. Playwright turns storage partitioning off by default; one run here keeps that
// default, one turns it back on, as browsers ship it.

const crossSiteDemo = `http://127.0.0.1:${ports.demoAsStarted}/`
const partitioning = 'ThirdPartyStoragePartitioning'

/**
 * Playwright's `--disable-features=…` switch as this browser was started with it (read from
 * chrome://version), and the same switch without storage partitioning.
 */
async function disabledFeatures(browser: Browser) {
  const page = await browser.newPage()
  await page.goto('chrome://version')
  const commandLine = (await page.locator('#command_line').textContent()) ?? ''
  await page.close()
  const playwrights = commandLine.split(/\s+/).find((arg) => arg.startsWith('--disable-features=')) ?? ''
  expect(playwrights).toContain(partitioning)
  const others = playwrights
    .slice('--disable-features='.length)
    .split(',')
    .filter((feature) => feature !== partitioning)
  return { playwrights, withoutPartitioning: `--disable-features=${others.join(',')}` }
}

test.describe('given the demo on another site than the frame', () => {
  test.describe.configure({ timeout: 120_000 })

  test('when the browser keeps third-party storage unpartitioned (Playwright’s default), then the frame has none, and the visitor is told so', async ({
    page,
  }) => {
    await page.goto(crossSiteDemo)
    await expectNoStorageExplained(page, newEmail('crosssite-blocked'))
  })

  test('when the browser partitions third-party storage (as browsers ship), then sign-up works, a reload keeps the wallet, and the frame origin’s own storage does not hold it', async ({
    browser,
    playwright,
  }, testInfo) => {
    // A Chromium like the suite's, with Playwright's switch replaced by one that leaves
    // storage partitioning on.
    const launchOptions = testInfo.project.use.launchOptions ?? {}
    const { playwrights, withoutPartitioning } = await disabledFeatures(browser)
    const withPartitioning = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), withoutPartitioning],
      ignoreDefaultArgs: [playwrights],
    })
    try {
      const context = await withPartitioning.newContext()
      const page = await context.newPage()
      const email = newEmail('crosssite-partitioned')
      await page.goto(crossSiteDemo)
      const address = await signUp(page, email)
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

      await page.reload()
      await expect(status(page)).toHaveText('connected', { timeout: 30_000 })
      await expect(page.getByTestId('demo-address')).toHaveText(address)

      // The frame's storage is keyed by the demo's site: the frame origin opened as a top-level
      // page (first party) has no device record of this login.
      const top = await context.newPage()
      await top.goto(`${frameOrigin}/frame/`)
      const databases = await top.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
      const frame = page.frames().find((f) => f.url().startsWith(`${frameOrigin}/frame/`))
      expect(frame, 'the wallet frame is in the page').toBeDefined()
      const framed = await frame?.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
      expect(framed?.length).toBeGreaterThan(0)
      for (const name of framed ?? []) expect(databases).not.toContain(name)
      await context.close()
    } finally {
      await withPartitioning.close()
    }
  })
})
