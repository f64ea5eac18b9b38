import type { CDPSession, Page } from '@playwright/test'
import {
  demo,
  deviceSecretsInFrame,
  frameOf,
  frameOrigin,
  fromMail,
  MAIL_THROTTLE_MS,
  newEmail,
  PASSWORD,
  walletFrame,
  walletFrameAxeViolations,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// The embedded wallet's recovery share sealed under a passkey (WebAuthn PRF), through the demo as
// `npm start` serves it. Passkeys need a secure context on a hostname, so page and frame are on
// `localhost` (never 127.0.0.1). The visitor's passkey is a CDP virtual authenticator with PRF.

/**
 * The DevTools sessions of this test's authenticators. The worker's page is kept from test to test
 * (playwright.config.ts: `reuseContext`), and a virtual authenticator lives as long as its session:
 * each test's go when it ends, so the next test's page has no passkey it did not add.
 */
const sessions: CDPSession[] = []
test.afterEach(async () => {
  for (const cdp of sessions.splice(0)) await cdp.detach().catch(() => undefined)
})

/** A platform passkey provider for this page: user-verifying, resident keys, PRF. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  sessions.push(cdp)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

/** When the last code of each email was asked for: the server allows one per MAIL_THROTTLE_MS. */
const lastAsked = new Map<string, number>()

/** Email → the device link confirmed (a new device) → the code from the inbox. */
async function emailAndCode(page: Page, email: string, { newDevice }: { newDevice: boolean }) {
  const wait = (lastAsked.get(email) ?? 0) + MAIL_THROTTLE_MS + 500 - Date.now()
  if (wait > 0) await page.waitForTimeout(wait)
  const started = Date.now() - 1_000
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByTestId('latch-email-input').fill(email)
  await modal(page).getByTestId('latch-email-submit').click()
  if (newDevice) {
    await expect(modal(page).getByTestId('latch-embedded-device')).toBeVisible({ timeout: 60_000 })
    lastAsked.set(email, Date.now())
    const link = await fromMail(email, /(http\S+\/embedded\/v1\/device\/confirm\?token=\S+)/, started)
    const confirm = await page.context().newPage()
    await confirm.goto(link)
    await confirm.getByRole('button', { name: 'This was me' }).click()
    await expect(confirm.getByRole('heading')).not.toHaveText('Confirm a new device')
    await confirm.close()
  }
  const input = modal(page).getByTestId('latch-otp-input')
  await expect(input).toBeVisible({ timeout: 60_000 })
  if (!newDevice) lastAsked.set(email, Date.now())
  await input.fill(await fromMail(email, /\b(\d{6})\b/, started))
}

/** The device's own share set, read inside the frame: its device share and the auth share its
 * server releases to this device's signed proof; together they rebuild the wallet's entropy. */
async function deviceSet(page: Page, email: string): Promise<Uint8Array> {
  return (await deviceSecretsInFrame(page, email)).entropy
}

test.describe('given the demo with email login and a browser with a passkey (WebAuthn PRF)', () => {
  test.describe.configure({ timeout: 240_000 })

  test('when a visitor signs up with a passkey, then a new device needs the device confirmation, the code and the same passkey, and opens the same address', async ({
    page,
  }) => {
    const { cdp, authenticatorId } = await addAuthenticator(page)
    const email = newEmail('passkey')
    await page.goto(demo)
    await emailAndCode(page, email, { newDevice: false })
    // Sign-up: the frame names the recovery step and offers the passkey first.
    const frame = frameOf(page)
    await expect(frame.getByRole('heading', { name: 'Protect your wallet with a passkey' })).toBeVisible()
    await expect(frame.getByRole('button', { name: 'Use a recovery password instead' })).toBeVisible()
    expect(await walletFrameAxeViolations(page)).toEqual([])
    // From the keyboard: the main action has the focus.
    const create = frame.getByRole('button', { name: 'Create a passkey' })
    await expect(create).toBeFocused()
    await create.press('Enter')
    // A recovery password next to the passkey is offered; this visitor keeps the passkey only.
    await expect(frame.getByRole('heading', { name: 'Also set a recovery password?' })).toBeVisible({
      timeout: 60_000,
    })
    expect(await walletFrameAxeViolations(page)).toEqual([])
    await frame.getByRole('button', { name: 'Skip: the passkey only' }).click()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    const address = await page.getByTestId('demo-address').textContent()
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // One passkey, on the frame's host (its RP id), not the page's origin.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials.map((c) => c.rpId)).toEqual(['localhost'])

    // A new device with the same passkey: everything both origins stored is gone (a browser
    // whose site data was cleared); the authenticator, which holds the passkey, stays.
    for (const origin of [new URL(demo).origin, frameOrigin])
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    await page.reload()
    await expect(status(page)).toHaveText('disconnected')
    await emailAndCode(page, email, { newDevice: true })
    await expect(frame.getByRole('heading', { name: 'Use your passkey' })).toBeVisible({ timeout: 60_000 })
    expect(await walletFrameAxeViolations(page)).toEqual([])
    await frame.getByRole('button', { name: 'Use passkey' }).click()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await expect(page.getByTestId('demo-address')).toHaveText(address as string)
    // The new device holds its own set, and it rebuilds the same wallet.
    const entropy = await deviceSet(page, email)
    expect(entropy).toHaveLength(16)
    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await expect(page.getByTestId('demo-address')).toHaveText(address as string)
  })

  test('when a new device has the code but not the passkey, then it is told what happened and offered the recovery password the visitor also set, which opens the same address', async ({
    page,
    browser,
  }) => {
    await addAuthenticator(page)
    const email = newEmail('passkey')
    await page.goto(demo)
    await emailAndCode(page, email, { newDevice: false })
    const frame = frameOf(page)
    await frame.getByRole('button', { name: 'Create a passkey' }).click()
    await expect(frame.getByRole('heading', { name: 'Also set a recovery password?' })).toBeVisible({
      timeout: 60_000,
    })
    await frame.locator('#latch-password').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').press('Enter')
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    const address = (await page.getByTestId('demo-address').textContent()) as string

    // Another browser (its own authenticator, without that passkey), with the mailbox.
    const other = await browser.newContext()
    try {
      const second = await other.newPage()
      await addAuthenticator(second)
      await second.goto(demo)
      await emailAndCode(second, email, { newDevice: true })
      const lost = frameOf(second)
      await lost.getByRole('button', { name: 'Use passkey' }).click()
      await expect(
        lost.getByRole('heading', { name: 'This device can’t open your wallet without its passkey' }),
      ).toBeVisible({ timeout: 60_000 })
      await expect(lost.locator('#latch-action-help')).toContainText('You also set a recovery password')
      await expect(lost.getByRole('link', { name: /Where are my passkeys/ })).toHaveAttribute(
        'href',
        'https://fidoalliance.org/passkeys/',
      )
      await expect(lost.getByRole('button', { name: 'Try the passkey again' })).toBeEnabled()
      expect(await walletFrameAxeViolations(second)).toEqual([])
      await expect(status(second)).not.toHaveText('connected')
      // Nothing of the wallet reached this device yet.
      expect(
        await walletFrame(second).evaluate(async (email) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('latch-frame', 1)
            open.onsuccess = () => resolve(open.result)
            open.onerror = () => reject(open.error)
          })
          const read = db.transaction('devices').objectStore('devices').get('latch-demo')
          const record = await new Promise<{
            accounts?: Record<string, { email?: string; deviceShare?: unknown }>
          }>((resolve) => {
            read.onsuccess = () => resolve(read.result)
          })
          // Accounts are kept by user and device id; each notes its login email.
          return Object.values(record.accounts ?? {}).find((a) => a.email === email)?.deviceShare ?? null
        }, email),
      ).toBeNull()
      // The recovery password the visitor also set opens it here.
      await lost.getByRole('button', { name: 'Use a recovery password instead' }).click()
      await expect(lost.getByRole('heading', { name: 'Enter your recovery password' })).toBeVisible()
      await lost.locator('#latch-password').fill(PASSWORD)
      await lost.locator('#latch-password').press('Enter')
      await expect(status(second)).toHaveText('connected', { timeout: 60_000 })
      await expect(second.getByTestId('demo-address')).toHaveText(address)
    } finally {
      await other.close()
    }
  })

  test('when a visitor prefers the recovery password, then a new device asks for the password; the older device keeps its own set and stays signed in', async ({
    page,
    browser,
  }) => {
    await addAuthenticator(page)
    const email = newEmail('passkey')
    await page.goto(demo)
    await emailAndCode(page, email, { newDevice: false })
    const frame = frameOf(page)
    await frame.getByRole('button', { name: 'Use a recovery password instead' }).click()
    await expect(frame.getByRole('heading', { name: 'Set a recovery password' })).toBeVisible()
    await frame.locator('#latch-password').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').press('Enter')
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    const address = (await page.getByTestId('demo-address').textContent()) as string
    const before = await deviceSet(page, email)

    const other = await browser.newContext()
    try {
      const second = await other.newPage()
      await second.goto(demo)
      await emailAndCode(second, email, { newDevice: true })
      const secondFrame = frameOf(second)
      await expect(secondFrame.getByRole('heading', { name: 'Enter your recovery password' })).toBeVisible({
        timeout: 60_000,
      })
      await secondFrame.locator('#latch-password').fill(PASSWORD)
      await secondFrame.locator('#latch-password').press('Enter')
      await expect(status(second)).toHaveText('connected', { timeout: 60_000 })
      await expect(second.getByTestId('demo-address')).toHaveText(address)
      expect(await deviceSet(second, email)).toEqual(before)
    } finally {
      await other.close()
    }
    // The older device: its session and its own share set are untouched by the new device's
    // re-split, so it still opens the same wallet.
    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    expect(await deviceSet(page, email)).toEqual(before)
  })
})
