import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { demo } from './embedded.js'
import { expect, modal, test } from './fixtures.js'

// The project config as an operator changes it: `latch-server project set-feature` on the
// stack's own database while the server runs, and the demo as `npm start` serves it. The
// project is this spec's own, so the demo's projects stay as every other spec expects them.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const stack = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
const database = join(root, '.tmp', `e2e-stack-${stack}`, 'server.db')
const latchServer = (...args: string[]) =>
  promisify(execFile)(process.execPath, [
    join(root, 'packages/server/dist/cli.js'),
    ...args,
    '--db',
    database,
  ])

const PROJECT = 'latch-demo-features'

test.beforeAll(async () => {
  await latchServer(
    'project',
    'create',
    '--name',
    'Latch demo (project features)',
    '--id',
    PROJECT,
    '--origin',
    `http://localhost:${ports.demoAsStarted}`,
    '--if-missing',
  )
})

/** Reloads until the page reads a config that says `email` (or not), then opens the modal. */
async function emailFieldAfterReload(page: Page, shown: boolean) {
  const field = modal(page).getByTestId('latch-email-form')
  // The server reuses a project it read for up to 5 s: a reload may still get the old config.
  // The page reads the config once it has painted (not once it is idle), so no click is needed
  // for it; each attempt's wait is bounded, so one slow reload does not use up the whole budget.
  await expect(async () => {
    // Listened for once the reload has committed, so that an answer to the page being left
    // (whose body is gone with it) is never taken for the new page's; the body is read as the
    // answer comes.
    await page.reload({ waitUntil: 'commit' })
    let body: { features: { id: string; config: unknown }[] } | undefined
    await page.waitForResponse(
      async (r) => {
        if (!r.url().includes('/appkit/v1/config') || !r.ok()) return false
        body = await r.json().catch(() => undefined)
        return body !== undefined
      },
      { timeout: 15_000 },
    )
    const login = body?.features.find((f) => f.id === 'social_login')?.config
    expect(Array.isArray(login) && login.includes('email')).toBe(shown)
  }).toPass({ timeout: 45_000 })
  // A click that lands before the app has hydrated opens nothing: click again until it opens.
  const all = modal(page).getByTestId('wallet-option-all')
  await expect(async () => {
    if (!(await all.isVisible())) await page.getByTestId('latch-connect-button').click({ timeout: 2_000 })
    await expect(all).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  if (shown) await expect(field).toBeVisible()
  else await expect(field).toBeHidden()
}

test('when the operator turns the project email login off with the CLI, then after a reload the modal has no email field; on again, it is back', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await latchServer('project', 'set-feature', PROJECT, 'email', 'on')
  await page.goto(`${demo}?project=${PROJECT}`)
  await emailFieldAfterReload(page, true)

  const { stdout } = await latchServer('project', 'set-feature', PROJECT, 'email', 'off')
  expect(stdout.trim()).toBe(`${PROJECT} social_login: {"isEnabled":false,"config":[]}`)
  await emailFieldAfterReload(page, false)
  // The rest of the modal is untouched: the wallets are still offered.
  await expect(modal(page).getByRole('button', { name: /Latch Dev Wallet/ })).toBeVisible()

  await latchServer('project', 'set-feature', PROJECT, 'email', 'on')
  await emailFieldAfterReload(page, true)
})
