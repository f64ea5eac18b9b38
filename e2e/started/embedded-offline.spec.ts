import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Route } from '@playwright/test'
import { approval, codeFor, demo, frameOf, frameOrigin, newEmail, signUp, submitEmail } from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// The wallet server down or hung, as a visitor meets it: scripts/start.mjs runs @latch/server as a
// process of its own, and these tests stop it (SIGSTOP: it accepts connections and answers
// nothing, the hardest case) and let it run again, the chains, relay and mail sink untouched.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const stack = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
const serverPid = () => Number(readFileSync(join(root, '.tmp', `e2e-stack-${stack}`, 'server.pid'), 'utf8'))

/** Stops the wallet server for the length of `run`, and lets it run again whatever happens. */
async function whileServerStopped(run: () => Promise<void>, resumed?: () => Promise<void>) {
  const pid = serverPid()
  process.kill(pid, 'SIGSTOP')
  try {
    await run()
  } finally {
    process.kill(pid, 'SIGCONT')
  }
  await resumed?.()
}

const unreachable = "The wallet server can't be reached"

test.describe('given the wallet server stops answering', () => {
  test.describe.configure({ timeout: 300_000 })

  test('when a visitor asks for a login code, then the modal says the server cannot be reached, and Retry goes on once it runs again', async ({
    page,
  }) => {
    await page.goto(demo)
    await expect(page.getByTestId('latch-connect-button')).toHaveText('Connect Wallet')
    const email = newEmail('offline-login')
    await whileServerStopped(async () => {
      await submitEmail(page, email)
      await expect(modal(page).getByTestId('latch-embedded-error')).toHaveText(unreachable, {
        timeout: 60_000,
      })
      // The spec's alert for the frame that did not load, in its own words; no configuration blame.
      await expect(modal(page).getByTestId('latch-alert')).toHaveText('The wallet could not be loaded.')
      await expect(modal(page)).not.toContainText('not configured correctly')
      await expect(modal(page)).not.toContainText('Unable to load email login dependency')
      await expect(modal(page).getByTestId('latch-embedded-unreachable-retry')).toBeFocused()
    })
    const started = Date.now() - 1_000
    await modal(page).getByTestId('latch-embedded-unreachable-retry').click()
    const input = modal(page).getByTestId('latch-otp-input')
    await expect(input).toBeVisible({ timeout: 60_000 })
    // Answering again clears the alert.
    await expect(modal(page).getByTestId('latch-alert')).toBeHidden()
    await input.fill(await codeFor(email, started, /login code/))
    await expect(frameOf(page).locator('#latch-password')).toBeVisible()
  })

  test('when the page is reloaded, then the account shows "offline — reconnecting" and comes back by itself', async ({
    page,
  }) => {
    await page.goto(demo)
    const address = await signUp(page, newEmail('offline-reload'))
    await whileServerStopped(
      async () => {
        await page.reload()
        const button = page.getByTestId('latch-connect-button')
        await expect(button).toHaveText('Offline — reconnecting…', { timeout: 20_000 })
        // Still the remembered account, not a visitor logged out, a good while later.
        await page.waitForTimeout(5_000)
        await expect(button).toHaveText('Offline — reconnecting…')
      },
      async () => {
        await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
        await expect(page.getByTestId('demo-address')).toHaveText(address)
        await expect(page.getByTestId('latch-account-button')).toBeVisible()
      },
    )
  })

  test('when a signed-in visitor signs, then it fails before any approval is shown, with a clear error; an email change that hangs on its way ends in "did not answer in time" and keeps the address typed', async ({
    page,
  }) => {
    await page.goto(demo)
    await signUp(page, newEmail('offline-sign'))
    await expect(modal(page)).toBeHidden()
    await whileServerStopped(async () => {
      await page.getByRole('button', { name: 'Sign message' }).click()
      const error = page.getByTestId('demo-sign-error')
      await expect(error).toBeVisible({ timeout: 60_000 })
      await expect(error).not.toContainText(/unknown RPC error/i)
      await expect(error).toContainText(/disconnected|can't be reached/i)
      await expect(approval(page)).toHaveCount(0)
      await expect(modal(page)).toBeHidden()
    })

    // The server answers again, but the visitor's email change hangs on its way there (held in
    // the browser): the page's limit on a frame request ends the wait with the spec's alert, and
    // the typed address is still in the field for another try.
    const held: Route[] = []
    const change = `${frameOrigin}/embedded/v1/email?*`
    await page.route(change, (route) => {
      held.push(route)
    })
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-update-email').click()
    const next = newEmail('offline-sign-next')
    await modal(page).getByTestId('latch-update-email-input').fill(next)
    await modal(page).getByTestId('latch-update-email-input').press('Enter')
    await expect(modal(page).getByTestId('latch-alert')).toHaveText('The wallet did not answer in time.', {
      timeout: 45_000,
    })
    expect(held).toHaveLength(1)
    await expect(modal(page).getByTestId('latch-update-email-input')).toHaveValue(next)
    await expect(modal(page).getByTestId('latch-update-email-input')).toBeEnabled()
    // The held request fails now, as a dropped connection would; the page gave up on it already.
    for (const route of held) await route.abort()
    await page.unroute(change)
  })
})
