import type { Browser, Locator, Page } from '@playwright/test'
import { axeViolations, frameAxeViolations } from '../fixtures.js'
import {
  BROWSER_THROTTLE_MS,
  codeFor,
  demo,
  frameOf,
  frameOrigin,
  fromMail,
  MAIL_THROTTLE_MS,
  mails,
  mailTo,
  newEmail,
  press,
  submitEmail,
  walletFrame,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// Server-assisted recovery through the demo as `npm start` seeds it: `?project=latch-demo-custodial`
// (the server keeps the recovery share) and `?project=latch-demo-custodial-hold` (a new device
// waits an hour, and the owner can stop it). Two browser profiles are the owner's two devices.

/** The settings the recovery notice is checked in (as the frame's other screens are). */
const noticeSettings = [
  { id: 'arabic', query: '&locale=ar', dark: false, phone: false },
  { id: 'dark', query: '', dark: true, phone: false },
  { id: 'phone', query: '', dark: false, phone: true },
  { id: 'light', query: '', dark: false, phone: false },
] as const

/** When the last code mail to each address was asked for: the server allows one per MAIL_THROTTLE_MS. */
const lastAsked = new Map<string, number>()
/** When each browser last sent an email: the kit itself allows one per 30 s per browser (spec §5). */
const browserAsked = new WeakMap<Page, number>()

async function waitForThrottle(page: Page, email: string) {
  const until = Math.max(
    (lastAsked.get(email) ?? 0) + MAIL_THROTTLE_MS + 1_000,
    (browserAsked.get(page) ?? 0) + BROWSER_THROTTLE_MS,
  )
  const wait = until - Date.now()
  if (wait > 0) await page.waitForTimeout(wait)
}

function asked(page: Page, email: string) {
  lastAsked.set(email, Date.now())
  browserAsked.set(page, Date.now())
}

/** Like a person: the pointer rests on the button before the click (the frame's guard wants it). */
async function personClicks(button: Locator) {
  await expect(button).toBeVisible()
  await button.hover()
  await button.page().waitForTimeout(700)
  await button.click()
}

/** A new profile on the demo with `project`. */
async function device(browser: Browser, project: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${demo}?project=${project}`)
  return page
}

/** Email → code; a first device of a server-assisted project has no recovery step. */
async function signUpCustodial(page: Page, email: string): Promise<string> {
  await waitForThrottle(page, email)
  const started = Date.now() - 1_000
  await submitEmail(page, email)
  const input = modal(page).getByTestId('latch-otp-input')
  await expect(input).toBeVisible({ timeout: 60_000 })
  asked(page, email)
  await input.fill(await codeFor(email, started, /login code/))
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  // The server keeps the recovery share: no password or passkey screen came up.
  return (await page.getByTestId('demo-address').textContent()) ?? ''
}

/** Email → the device confirmed from the mailed link ("This was me") → the code. */
async function newDeviceLogin(page: Page, email: string): Promise<void> {
  await waitForThrottle(page, email)
  const started = Date.now() - 1_000
  await submitEmail(page, email)
  await expect(modal(page).getByTestId('latch-embedded-device')).toBeVisible({ timeout: 60_000 })
  const link = await fromMail(email, /(http\S+\/embedded\/v1\/device\/confirm\?token=\S+)/, started)
  const mailbox = await page.context().newPage()
  await mailbox.goto(link)
  const confirmed = Date.now() - 1_000
  await mailbox.getByRole('button', { name: 'This was me' }).click()
  await expect(mailbox.getByRole('heading', { name: 'Device confirmed.' })).toBeVisible()
  await mailbox.close()
  const input = modal(page).getByTestId('latch-otp-input')
  await expect(input).toBeVisible({ timeout: 60_000 })
  asked(page, email)
  await input.fill(await codeFor(email, confirmed, /login code/))
}

/** A frame request posted from the page, as the visitor's own devtools can; resolves to its answer. */
const askFrame = (page: Page, type: string, payload: unknown) =>
  page.evaluate(
    ({ type, payload, origin }) =>
      new Promise<{ type: string; payload: { code?: string; message?: string } }>((resolve) => {
        const id = crypto.randomUUID()
        const listener = (event: MessageEvent) => {
          if (event.origin !== origin || event.data?.latch !== 'frame/1' || event.data.id !== id) return
          window.removeEventListener('message', listener)
          resolve({ type: event.data.type, payload: event.data.payload })
        }
        window.addEventListener('message', listener)
        const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')
        frame?.contentWindow?.postMessage({ latch: 'frame/1', id, type, payload }, origin)
      }),
    { type, payload, origin: frameOrigin },
  )

test.describe('given the demo with server-assisted recovery', () => {
  test.describe.configure({ timeout: 360_000 })

  test('when the owner logs in on a second device, then the email alone opens the same address there, the owner is mailed, and the first device shows a notice over the app, with no axe violations in Arabic, dark, on a phone and in light', async ({
    browser,
  }) => {
    const email = newEmail('demo-custodial')
    const first = await device(browser, 'latch-demo-custodial')
    const address = await signUpCustodial(first, email)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const second = await device(browser, 'latch-demo-custodial')
    const before = Date.now() - 1_000
    await newDeviceLogin(second, email)
    await expect(status(second)).toHaveText('connected', { timeout: 60_000 })
    await expect(second.getByTestId('demo-address')).toHaveText(address)
    const mail = await mailTo(email, /opened on a new device/, before)
    expect(mail.text).toContain('IP address')

    // The first device hears of it the next time its frame talks to the server: after a reload.
    // The notice stays until dismissed, so it is read (and checked with axe) in each setting the
    // kit draws: light, dark, on a phone (390×844) and in Arabic (right to left).
    const frame = frameOf(first)
    const heading = frame.getByRole('heading', { name: 'Your wallet was opened on a new device' })
    for (const setting of noticeSettings) {
      await first.setViewportSize(setting.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 })
      await first.goto(`${demo}?project=latch-demo-custodial${setting.query}`)
      await expect(status(first)).toHaveText('connected', { timeout: 60_000 })
      const darkMode = first.getByRole('button', { name: 'Dark mode' })
      if (setting.dark && (await darkMode.isVisible())) await darkMode.click()
      await expect(frame.locator('#latch-notice-dismiss')).toBeVisible({ timeout: 60_000 })
      await expect(frame.locator('html')).toHaveAttribute('data-theme', setting.dark ? 'dark' : 'light')
      if (setting.id === 'arabic') await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl')
      else await expect(heading).toBeVisible()
      await expect(first.locator('iframe[data-latch-frame]')).toHaveCSS('z-index', '999999')
      expect(await frameAxeViolations(walletFrame(first)), `the notice (${setting.id})`).toEqual([])
    }
    await expect(heading).toBeVisible()
    // What the owner needs to tell the device: where from and in which browser.
    await expect(frame.getByText('127.0.0.1')).toBeVisible()
    await expect(frame.getByText(/Chrome/)).toBeVisible()
    await personClicks(frame.getByRole('button', { name: 'Dismiss' }))
    await expect(heading).toHaveCount(0)
    await expect(first.locator('iframe[data-latch-frame]')).toHaveCSS('visibility', 'hidden')
    await expect(status(first)).toHaveText('connected')
    // Dismissed on the server: after a reload the account the frame reads has no notice left.
    const account = first.waitForResponse(
      (response) => response.url().startsWith(`${frameOrigin}/embedded/v1/me`) && response.ok(),
    )
    await first.reload()
    expect(((await (await account).json()) as { notices?: unknown[] }).notices ?? []).toEqual([])
    await expect(status(first)).toHaveText('connected', { timeout: 60_000 })
    await expect(heading).toHaveCount(0)
    await first.context().close()
    await second.context().close()
  })

  test('when the project holds recoveries, then the new device is told when it may open, the first device sees it, the owner’s mail “This wasn’t me” stops it, and the new device is told so', async ({
    browser,
  }) => {
    const project = 'latch-demo-custodial-hold'
    const email = newEmail('demo-held')
    const first = await device(browser, project)
    const address = await signUpCustodial(first, email)

    const second = await device(browser, project)
    const askedAt = Date.now() - 1_000
    await newDeviceLogin(second, email)
    // Held: the modal says until when (the frame's words), the frame's screen says it too.
    const waitScreen = frameOf(second).getByRole('heading', { name: 'Your wallet opens here later' })
    await expect(waitScreen).toBeVisible({ timeout: 60_000 })
    await expect(modal(second).getByTestId('latch-embedded-error')).toContainText(
      'can open your wallet after',
    )
    await expect(status(second)).toHaveText('disconnected')
    await frameOf(second).getByRole('button', { name: 'Close' }).press('Enter')
    await expect(waitScreen).toHaveCount(0)
    expect(await axeViolations(second)).toEqual([])

    // The first device: the held recovery over the app, with its own "This wasn't me" (the
    // attacker test below presses it).
    await first.reload()
    await expect(status(first)).toHaveText('connected', { timeout: 60_000 })
    const frame = frameOf(first)
    await expect(frame.getByRole('heading', { name: 'A new device asked to open your wallet' })).toBeVisible({
      timeout: 60_000,
    })
    await expect(frame.getByRole('button', { name: 'This wasn’t me' })).toBeVisible()
    // The owner uses the mail instead: its link opens a page that says what asked, and only its
    // button (a POST) stops the recovery (the server's tests check that a GET stops nothing).
    const heldMail = await mailTo(email, /asked to open your/, askedAt)
    const link = /(http\S+recovery\/cancel\?token=\S+)/.exec(heldMail.text)?.[1] ?? ''
    const mailbox = await first.context().newPage()
    await mailbox.goto(link)
    await expect(
      mailbox.getByRole('heading', { name: 'A new device asked to open your wallet' }),
    ).toBeVisible()
    await expect(mailbox.getByText('127.0.0.1')).toBeVisible()
    // The server's page has no click guard: a plain click.
    await mailbox.getByRole('button', { name: "This wasn't me" }).click()
    await expect(mailbox.getByRole('heading', { name: 'Recovery stopped.' })).toBeVisible()
    await mailbox.close()
    await expect(status(first)).toHaveText('connected')
    await expect(first.getByTestId('demo-address')).toHaveText(address)

    // The new device tries again (its frame still holds the login, so no code is mailed):
    // stopped, said in the modal and on the frame's screen.
    await modal(second).getByTestId('latch-embedded-retry').click()
    await waitForThrottle(second, email)
    const mailed = (await mails(email)).length
    await modal(second).getByTestId('latch-email-input').fill(email)
    await modal(second).getByTestId('latch-email-submit').click()
    await expect(frameOf(second).getByRole('heading', { name: 'This device was stopped' })).toBeVisible({
      timeout: 60_000,
    })
    expect(await mails(email)).toHaveLength(mailed)
    await expect(modal(second).getByTestId('latch-embedded-error')).toContainText('This wasn’t me')
    await expect(status(second)).toHaveText('disconnected')
    await first.context().close()
    await second.context().close()
  })
  test('when a mailbox attacker’s held device tries to take over the wallet, then its email change and “This wasn’t me” are refused, the owner’s device keeps the wallet and stops it, and the attacker’s device is out', async ({
    browser,
  }) => {
    const project = 'latch-demo-custodial-hold'
    const email = newEmail('demo-hijack')
    const attackerEmail = newEmail('demo-attacker')
    const owner = await device(browser, project)
    const address = await signUpCustodial(owner, email)

    // The attacker reads the owner's mailbox: it confirms its own device and asks to open the wallet.
    const attacker = await device(browser, project)
    await newDeviceLogin(attacker, email)
    await expect(
      frameOf(attacker).getByRole('heading', { name: 'Your wallet opens here later' }),
    ).toBeVisible({
      timeout: 60_000,
    })
    await expect(status(attacker)).toHaveText('disconnected')

    // Held, it tries to move the login to its own address: refused, no code is mailed anywhere.
    const mailed = (await mails(email)).length
    const change = await askFrame(attacker, 'UPDATE_EMAIL', { email: attackerEmail })
    expect(change.type).toBe('ERROR')
    expect(change.payload.code).toBe('device_unfinished')
    expect(await mails(email)).toHaveLength(mailed)
    expect(await mails(attackerEmail)).toEqual([])

    // Meanwhile the owner cannot change the email either while a recovery is held, and is told why.
    await owner.getByTestId('latch-account-button').click()
    await modal(owner).getByTestId('latch-account-update-email').click()
    await modal(owner).getByTestId('latch-update-email-input').fill(newEmail('demo-owner'))
    await waitForThrottle(owner, email)
    await modal(owner).getByTestId('latch-update-email-submit').click()
    await expect(modal(owner).getByTestId('latch-update-email-error')).toHaveText(
      'A new device is waiting to open your wallet: this can wait until then, or stop it with “This wasn’t me”',
      { timeout: 60_000 },
    )
    await owner.keyboard.press('Escape')
    await expect(modal(owner)).toBeHidden()

    // It is offered no “This wasn't me” of its own: a reload shows it no recovery notice, and it
    // is still not connected.
    await attacker.reload()
    await expect(
      frameOf(attacker).getByRole('heading', { name: 'A new device asked to open your wallet' }),
    ).toHaveCount(0)
    await expect(status(attacker)).toHaveText('disconnected')

    // The owner returns: still connected to the same address, no recovery of its own; it stops the attacker.
    await owner.reload()
    await expect(status(owner)).toHaveText('connected', { timeout: 60_000 })
    await expect(owner.getByTestId('demo-address')).toHaveText(address)
    const notice = frameOf(owner).getByRole('heading', { name: 'A new device asked to open your wallet' })
    await expect(notice).toBeVisible({ timeout: 60_000 })
    await expect(frameOf(owner).getByRole('heading', { name: 'Your wallet opens here later' })).toHaveCount(0)
    await personClicks(frameOf(owner).getByRole('button', { name: 'This wasn’t me' }))
    await expect(notice).toHaveCount(0)

    // The attacker's device is out: after a reload it is signed out, and a new try is refused.
    await attacker.reload()
    await expect(status(attacker)).toHaveText('disconnected')
    await waitForThrottle(attacker, email)
    await submitEmail(attacker, email)
    await expect(frameOf(attacker).getByRole('heading', { name: 'This device was stopped' })).toBeVisible({
      timeout: 60_000,
    })
    await expect(status(attacker)).toHaveText('disconnected')
    expect(await mails(attackerEmail)).toEqual([])

    // The owner's wallet is safe: same address, and it still signs.
    await expect(owner.getByTestId('demo-address')).toHaveText(address)
    await owner.getByRole('button', { name: 'Sign message' }).click()
    await press(owner, 'approve')
    await expect(owner.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    await owner.context().close()
    await attacker.context().close()
  })
})
