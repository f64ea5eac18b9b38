import type { Frame, FrameLocator, Page } from '@playwright/test'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { combine } from 'shamir-secret-sharing'
import { frameAxeViolations } from '../fixtures.js'
import { MAIL_RESEND_SECONDS, ports } from '../playwright.config.js'
import { expect, modal, status } from './fixtures.js'

// What the embedded-wallet specs share: the demo and frame origins (localhost: a secure context),
// the mail sink's inbox, and the frame in the page.

export const demo = `http://localhost:${ports.demoAsStarted}/`
export const frameOrigin = `http://localhost:${ports.api}`
const inbox = `http://127.0.0.1:${ports.mailInbox}`
export const PASSWORD = 'correct horse battery staple'
/** The stack's server allows one code mail per address this often (see MAIL_RESEND_SECONDS). */
export const MAIL_THROTTLE_MS = MAIL_RESEND_SECONDS * 1_000
/** The kit's own wait between two emails sent from one browser (spec §5: 30 s), and a second. */
export const BROWSER_THROTTLE_MS = 31_000

export interface Mail {
  id: string
  subject: string
  text: string
  date: string
}

/** Every mail the sink holds for `to`, newest first. */
export const mails = async (to: string): Promise<Mail[]> =>
  (await (await fetch(`${inbox}/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[]

/** The newest mail to `to` sent since `after` whose subject matches and whose text has `contains`. */
export async function mailTo(to: string, subject: RegExp, after = 0, contains?: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        found = (await mails(to)).find(
          (m) => Date.parse(m.date) >= after && subject.test(m.subject) && (contains?.test(m.text) ?? true),
        )
        return found !== undefined
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 60_000 },
    )
    .toBe(true)
  return found as Mail
}

/** The first group of `pattern` in the newest mail to `to` since `after` that it matches. */
export async function fromMail(to: string, pattern: RegExp, after = 0): Promise<string> {
  return pattern.exec((await mailTo(to, /./, after, pattern)).text)?.[1] as string
}

/** The 6-digit code in a mail. */
export const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? ''

/** The code of the newest code mail to `to` since `after` (whose subject matches, if given). */
export const codeFor = async (to: string, after = 0, subject = /./): Promise<string> =>
  codeIn(await mailTo(to, subject, after, /\b\d{6}\b/))

/** A fresh address for a new visitor. */
export const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

export const frameOf = (page: Page): FrameLocator => page.frameLocator('iframe[data-latch-frame]')

/** The embedded wallet's frame in the page. */
export function walletFrame(page: Page): Frame {
  const frame = page
    .frames()
    .find((f) => f.url().startsWith(`${frameOrigin}/frame/`) && !f.url().includes('version=forger'))
  if (!frame) throw new Error('The embedded wallet frame is not in the page.')
  return frame
}

/** Opens Connect, types the email and submits it. */
export async function submitEmail(page: Page, email: string): Promise<void> {
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByTestId('latch-email-input').fill(email)
  await modal(page).getByTestId('latch-email-submit').click()
}

/**
 * A new visitor signs up through the demo: email → the login code from the mail sink → a
 * recovery password in the frame → connected. Returns the address the demo shows.
 */
export async function signUp(page: Page, email: string): Promise<`0x${string}`> {
  const started = Date.now() - 1_000
  await submitEmail(page, email)
  const input = modal(page).getByTestId('latch-otp-input')
  await expect(input).toBeVisible({ timeout: 60_000 })
  await input.fill(await codeFor(email, started, /login code/))
  await frameOf(page).locator('#latch-password').fill(PASSWORD)
  await frameOf(page).locator('#latch-password-confirm').fill(PASSWORD)
  await frameOf(page).locator('#latch-password-confirm').press('Enter')
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  return (await page.getByTestId('demo-address').textContent()) as `0x${string}`
}

/**
 * A visitor asks for a login code where the frame has no storage: the modal says so and offers a
 * retry; no code is mailed, nothing connects and no login is kept. Leaves the modal on that error.
 */
export async function expectNoStorageExplained(page: Page, email: string): Promise<void> {
  await submitEmail(page, email)
  await expect(modal(page).getByTestId('latch-embedded-error')).toHaveText(
    /no storage here \(third-party storage is blocked\)/,
    { timeout: 60_000 },
  )
  await expect(modal(page).getByTestId('latch-embedded-retry')).toBeVisible()
  expect(await mails(email)).toEqual([])
  await expect(status(page)).toHaveText('disconnected')
  expect(await page.evaluate(() => localStorage.getItem('@latch/email-login-used'))).toBeNull()
}

/** The frame's approval screen. */
export const approval = (page: Page) => frameOf(page).locator('.approval')

/**
 * Like a person: the pointer rests on the approval's button before the click, and a click the
 * frame's guard refused (it marks the button `data-latch-guard="refused"`, as when it has not yet
 * seen the frame visible long enough on a loaded machine) is made again, as a person would.
 */
export async function press(page: Page, action: 'approve' | 'reject'): Promise<void> {
  const button = approval(page).locator(`button[data-action="${action}"]`)
  const refused = approval(page).locator(`button[data-action="${action}"][data-latch-guard="refused"]`)
  await expect(button).toBeVisible()
  for (let attempt = 1; ; attempt++) {
    await button.hover()
    await page.waitForTimeout(700)
    await button.click()
    // The guard decides within the click's own handler: the mark is there once the click returns.
    if ((await refused.count()) === 0 || attempt === 5) return
  }
}

/** axe-core inside the frame's own document. */
/**
 * The frame's screen is a part of the modal: the iframe lies inside the dialog (the sheet on a
 * phone), below its title, and nothing of the modal's view (its spinner, its Cancel) is left
 * beneath it.
 */
export async function expectFrameInModal(page: Page): Promise<void> {
  const dialog = modal(page)
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeHidden()
  await expect(dialog.getByRole('progressbar')).toBeHidden()
  // The modal may still be animating in: the frame follows it until it rests.
  await expect(async () => {
    const frame = await page.locator('iframe[data-latch-frame]').boundingBox()
    const box = await dialog.boundingBox()
    const title = await dialog.locator('.latch-title').boundingBox()
    if (!frame || !box || !title) throw new Error('no box')
    expect(frame.width).toBeGreaterThan(250)
    expect(frame.height).toBeGreaterThan(250)
    expect(frame.x).toBeGreaterThanOrEqual(box.x)
    expect(frame.x + frame.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
    expect(frame.y).toBeGreaterThanOrEqual(title.y + title.height)
    expect(frame.y + frame.height).toBeLessThanOrEqual(box.y + box.height + 0.5)
  }).toPass({ timeout: 5_000 })
}

export const walletFrameAxeViolations = (page: Page) => frameAxeViolations(walletFrame(page))

/** What this device holds of a wallet, read inside the frame (see {@link walletPhraseInFrame}). */
export interface DeviceSecrets {
  /** The session token the frame keeps. */
  token: string
  /** The device share, decrypted with the frame's own non-extractable key, and as stored. */
  device: Uint8Array
  deviceSealed: Uint8Array
  /** The auth share the server releases to the device's signed proof (base64url). */
  authShare: string
  /** The wallet's entropy: the two shares combined. */
  entropy: Uint8Array
}

/**
 * This device's secrets of `email`'s wallet, read from inside the frame the way the frame reads
 * them: this device's share (decrypted with the frame's own non-extractable key) and the auth
 * share its server releases to the device's signed proof. Only a test can do this (it runs script
 * in the frame); the page cannot.
 */
export async function deviceSecretsInFrame(
  page: Page,
  email: string,
  projectId = 'latch-demo',
): Promise<DeviceSecrets> {
  const inside = await walletFrame(page).evaluate(
    async ({ projectId, email }) => {
      const request = <T>(req: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          req.onsuccess = () => resolve(req.result)
          req.onerror = () => reject(req.error)
        })
      const db = await request(indexedDB.open('latch-frame', 1))
      const record = (await request(db.transaction('devices').objectStore('devices').get(projectId))) as {
        token: string
        deviceKey: CryptoKeyPair
        wrapKey: CryptoKey
        accounts: Record<string, { email?: string; deviceShare?: { iv: Uint8Array; data: Uint8Array } }>
      }
      // Accounts are kept by user and device id; each notes its login email.
      const deviceShare = Object.values(record.accounts).find((a) => a.email === email)?.deviceShare
      if (deviceShare === undefined) throw new Error(`No device share stored for ${email}`)
      const text = new TextEncoder()
      const device = new Uint8Array(
        await crypto.subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: deviceShare.iv as BufferSource,
            additionalData: text.encode(`latch-share|${projectId}|${email}`),
          },
          record.wrapKey,
          deviceShare.data as BufferSource,
        ),
      )
      const b64url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '')
      const jti = JSON.parse(
        atob((record.token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')),
      ).jti
      const query = `?projectId=${encodeURIComponent(projectId)}`
      const authorization = `Bearer ${record.token}`
      const { nonce } = await (
        await fetch(`/embedded/v1/nonce${query}`, { method: 'POST', headers: { authorization } })
      ).json()
      const signature = new Uint8Array(
        await crypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          record.deviceKey.privateKey,
          text.encode(`latch-embedded/1|share|${projectId}|${jti}|${nonce}`),
        ),
      )
      const { authShare } = await (
        await fetch(`/embedded/v1/share${query}`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ nonce, signature: b64url(signature) }),
        })
      ).json()
      return {
        token: record.token,
        device: Array.from(device),
        deviceSealed: Array.from(deviceShare.data),
        authShare: authShare as string,
      }
    },
    { projectId, email },
  )
  const device = Uint8Array.from(inside.device)
  return {
    token: inside.token,
    device,
    deviceSealed: Uint8Array.from(inside.deviceSealed),
    authShare: inside.authShare,
    entropy: await combine([device, Uint8Array.from(Buffer.from(inside.authShare, 'base64url'))]),
  }
}

/** The wallet's recovery phrase, rebuilt from this device's secrets read inside the frame. */
export async function walletPhraseInFrame(
  page: Page,
  email: string,
  projectId = 'latch-demo',
): Promise<string> {
  return entropyToMnemonic((await deviceSecretsInFrame(page, email, projectId)).entropy, wordlist)
}
