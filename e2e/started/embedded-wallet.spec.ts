import type { Page, Request } from '@playwright/test'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { axeViolations, modalSettled } from '../fixtures.js'
import {
  codeFor,
  demo,
  deviceSecretsInFrame,
  frameOrigin,
  MAIL_THROTTLE_MS,
  mails,
  newEmail,
  PASSWORD,
  submitEmail,
  walletFrame,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// The demo as `npm start` serves it, on `localhost` (passkeys need a domain, not an IP address),
// with the embedded wallet's frame from the local @latch/server, on another localhost port: same
// site, cross-origin. Login codes are read from the SMTP sink's HTTP inbox.

/** Email → code from the sink → (a new wallet: the frame's recovery password) → connected. */
async function login(page: Page, email: string, { newUser = true } = {}) {
  const started = Date.now() - 1_000
  await submitEmail(page, email)
  const input = modal(page).getByTestId('latch-otp-input')
  await expect(input).toBeVisible({ timeout: 60_000 })
  await input.fill(await codeFor(email, started))
  if (newUser) {
    const frame = page.frameLocator('iframe[data-latch-frame]')
    await frame.locator('#latch-password').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').press('Enter')
  }
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  const address = await page.getByTestId('demo-address').textContent()
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return address as string
}

/** The kit's login cache in the page's storage (spec §3). */
const loginCache = (page: Page) =>
  page.evaluate(() =>
    ['@latch/email-login-used', '@latch/connected-email', '@latch/last-email-login-time']
      .map((key) => localStorage.getItem(key))
      .filter((value) => value !== null),
  )

test.describe('given the demo with email login (the embedded wallet on the local server)', () => {
  // Each test signs a new visitor up: scrypt in the frame and mail through SMTP on a shared machine.
  test.describe.configure({ timeout: 240_000 })

  test('when a visitor logs in with email and the code from the inbox, then Account shows the email; a reload keeps it; Sign out clears it', async ({
    page,
  }) => {
    const email = newEmail('visitor')
    await page.goto(demo)
    const address = await login(page, email)
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-email')).toHaveText(email)
    await page.keyboard.press('Escape')

    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await expect(page.getByTestId('demo-address')).toHaveText(address)

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(status(page)).toHaveText('disconnected')
    expect(await loginCache(page)).toEqual([])
    // Nothing comes back after a reload: the frame's session was ended too.
    await page.reload()
    await expect(status(page)).toHaveText('disconnected')
    await page.waitForTimeout(1_000)
    await expect(status(page)).toHaveText('disconnected')
  })

  test('when a second code is asked within 30 s, then the throttle message shows and no mail is sent', async ({
    page,
  }) => {
    const email = newEmail('visitor')
    await page.goto(demo)
    await submitEmail(page, email)
    await expect(modal(page).getByTestId('latch-otp-input')).toBeVisible({ timeout: 60_000 })
    await codeFor(email)
    const before = (await mails(email)).length
    // Resend from the code view: the button says how long to wait.
    await expect(modal(page).getByTestId('latch-otp-resend')).toHaveText(
      /^Please try again after \d+ seconds$/,
    )
    await expect(modal(page).getByTestId('latch-otp-resend')).toBeDisabled()
    // Back to Connect and submit again: refused there too, before anything is sent.
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await modal(page).getByTestId('latch-email-input').fill(email)
    await modal(page).getByTestId('latch-email-submit').click()
    await expect(modal(page).getByTestId('latch-email-error')).toHaveText(
      /^Please try again after \d+ seconds$/,
    )
    await page.waitForTimeout(1_500)
    expect(await mails(email)).toHaveLength(before)
  })

  test('the email field, the code view and the sign-out path work from the keyboard and pass axe', async ({
    page,
  }) => {
    const email = newEmail('visitor')
    await page.goto(demo)
    await page.getByTestId('latch-connect-button').focus()
    await page.keyboard.press('Enter')
    // Email comes first in Connect (spec §2): the first field the keyboard reaches after the header.
    const field = modal(page).getByTestId('latch-email-input')
    await expect(field).toBeVisible()
    await modalSettled(page)
    expect(await axeViolations(page)).toEqual([])
    for (let i = 0; i < 5 && !(await field.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab')
    await expect(field).toBeFocused()
    await page.keyboard.type('not-an-email')
    await page.keyboard.press('Enter')
    await expect(modal(page).getByTestId('latch-email-error')).toHaveText('Invalid email')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations(page)).toEqual([])
    await field.fill(email)
    const started = Date.now() - 1_000
    await page.keyboard.press('Enter')
    const code = modal(page).getByTestId('latch-otp-input')
    await expect(code).toBeFocused({ timeout: 60_000 })
    await modalSettled(page)
    expect(await axeViolations(page)).toEqual([])
    // A wrong code: the message is announced and the field is ready for another try.
    const right = await codeFor(email, started)
    const wrong = right === '000000' ? '111111' : '000000'
    await page.keyboard.type(wrong)
    await expect(modal(page).getByTestId('latch-otp-error')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    // Pasted with a space, as codes are often copied.
    await code.fill(`${right.slice(0, 3)} ${right.slice(3)}`)
    const frame = page.frameLocator('iframe[data-latch-frame]')
    await frame.locator('#latch-password').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').press('Enter')
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await page.getByTestId('latch-account-button').focus()
    await page.keyboard.press('Enter')
    await expect(modal(page).getByTestId('latch-account-email')).toHaveText(email)
    await modalSettled(page)
    expect(await axeViolations(page)).toEqual([])
    await modal(page).getByRole('button', { name: 'Sign out' }).focus()
    await page.keyboard.press('Enter')
    await expect(status(page)).toHaveText('disconnected')
  })

  test('when the email is not valid, then Connect says so and no frame is created', async ({ page }) => {
    await page.goto(demo)
    await submitEmail(page, 'someone@')
    await expect(modal(page).getByTestId('latch-email-error')).toHaveText('Invalid email')
    expect(page.frames().some((f) => f.url().startsWith(frameOrigin))).toBe(false)
  })

  test('when a page script forges frame messages (wrong origin, wrong window, replayed ids), then nothing changes; the real frame is heard', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: unknown[] = []
      ;(window as unknown as { __seen: unknown[] }).__seen = seen
      window.addEventListener('message', (event) => {
        if (typeof event.data === 'object' && event.data?.latch === 'frame/1') seen.push(event.data)
      })
    })
    const email = newEmail('visitor')
    await page.goto(demo)
    const address = await login(page, email)
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: Record<string, unknown>[] }).__seen,
    )
    const answers = seen.filter((m) => m.type === 'SUCCESS' && typeof m.id === 'string')
    expect(answers.length).toBeGreaterThan(0)

    // 1. The page itself (wrong origin and wrong window).
    await page.evaluate(() => {
      const forge = (data: unknown) => window.postMessage(data, '*')
      forge({ latch: 'frame/1', type: 'SESSION_ENDED', payload: {} })
      forge({ latch: 'frame/1', type: 'VISIBILITY', payload: { visible: true } })
    })
    // 2. Another window on the frame's origin (right origin, wrong window): a second frame.
    await page.evaluate((src) => {
      const other = document.createElement('iframe')
      other.src = src
      other.id = 'forger'
      document.body.appendChild(other)
      return new Promise((resolve) => other.addEventListener('load', resolve))
    }, `${frameOrigin}/frame/?projectId=latch-demo&chainId=eip155%3A1&version=forger&enableLogger=0`)
    const forger = page.frames().find((f) => f.url().includes('version=forger'))
    expect(forger).toBeDefined()
    await forger?.evaluate(() => {
      window.parent.postMessage({ latch: 'frame/1', type: 'SESSION_ENDED', payload: {} }, '*')
      window.parent.postMessage({ latch: 'frame/1', type: 'VISIBILITY', payload: { visible: true } }, '*')
    })
    // 3. The real frame replays answers already given (right origin and window, used ids).
    const frame = walletFrame(page)
    await frame.evaluate(
      ({ replays, target }) => {
        for (const message of replays) window.parent.postMessage(message, target)
        for (const message of replays)
          window.parent.postMessage({ ...message, payload: { isConnected: false, address: '0x0' } }, target)
      },
      { replays: answers, target: new URL(demo).origin },
    )
    await page.waitForTimeout(1_000)
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    await expect(page.locator('iframe[data-latch-frame]')).toHaveAttribute('aria-hidden', 'true')

    // The same SESSION_ENDED from the real frame is heard: the checks, not luck, kept the rest out.
    await frame.evaluate(
      (target) => window.parent.postMessage({ latch: 'frame/1', type: 'SESSION_ENDED', payload: {} }, target),
      new URL(demo).origin,
    )
    await expect(status(page)).toHaveText('disconnected')
  })

  test('when a visitor signs up, logs in again and reloads, then nothing the page saw holds the mnemonic, a share, the key, the token or the recovery password', async ({
    page,
  }) => {
    // Sign-up (scrypt in the frame), the server's wait between two mails, a second login and a reload.
    test.setTimeout(150_000)
    // Everything the page (not the frame) receives, requests and stores.
    await page.addInitScript(() => {
      if (window.top !== window) return
      const seen: string[] = []
      ;(window as unknown as { __pageSaw: string[] }).__pageSaw = seen
      window.addEventListener('message', (event) => {
        try {
          seen.push(JSON.stringify(event.data))
        } catch {
          seen.push(String(event.data))
        }
      })
    })
    const network: string[] = []
    const onRequest = async (request: Request) => {
      if (request.frame() !== page.mainFrame()) return
      network.push(request.url(), request.postData() ?? '', JSON.stringify(await request.allHeaders()))
      const response = await request.response().catch(() => null)
      if (response) network.push(await response.text().catch(() => ''))
    }
    page.on('request', (request) => void onRequest(request))
    const pageSaw: string[] = []
    const collect = async () => {
      pageSaw.push(...(await page.evaluate(() => (window as unknown as { __pageSaw: string[] }).__pageSaw)))
      pageSaw.push(
        await page.evaluate(async () => {
          const dump: unknown[] = [{ ...localStorage }, { ...sessionStorage }, document.cookie]
          for (const info of await indexedDB.databases()) {
            if (!info.name) continue
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open(info.name as string)
              open.onsuccess = () => resolve(open.result)
              open.onerror = () => reject(open.error)
            })
            for (const store of Array.from(db.objectStoreNames)) {
              const all = await new Promise<unknown[]>((resolve) => {
                const read = db.transaction(store).objectStore(store).getAll()
                read.onsuccess = () => resolve(read.result)
                read.onerror = () => resolve([])
              })
              dump.push(all)
            }
            db.close()
          }
          return JSON.stringify(dump)
        }),
      )
    }

    const email = newEmail('visitor')
    await page.goto(demo)
    const address = await login(page, email) // sign-up: a new wallet, the recovery password set
    await collect()
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(status(page)).toHaveText('disconnected')
    // Signing out ended this browser's own 30 s throttle (it is part of the login cache, spec §4);
    // the server's wait between two mails to one address still holds: wait that out.
    await page.waitForTimeout(MAIL_THROTTLE_MS + 1_000)
    await login(page, email, { newUser: false })
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    await collect()
    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await collect()

    // The real secrets, read inside the frame: the device share (decrypted with the frame's
    // non-extractable key), the auth share its server releases to the device's signed proof,
    // the session token; the mnemonic and key are rebuilt here from the two shares.
    const inside = await deviceSecretsInFrame(page, email)
    const { device, entropy } = inside
    const auth = Uint8Array.from(Buffer.from(inside.authShare, 'base64url'))
    const mnemonic = entropyToMnemonic(entropy, wordlist)
    const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'/0/0").privateKey
    if (!key) throw new Error('no key derived')
    // They are the real ones: the key is the connected address's.
    expect(privateKeyToAddress(bytesToHex(key)).toLowerCase()).toBe(address.toLowerCase())

    const forms = (bytes: Uint8Array) => {
      const buffer = Buffer.from(bytes)
      return [buffer.toString('hex'), buffer.toString('base64'), buffer.toString('base64url')]
    }
    const secrets: Record<string, string[]> = {
      mnemonic: [mnemonic, mnemonic.split(' ').slice(0, 4).join(' '), mnemonic.split(' ').join(',')],
      entropy: forms(entropy),
      privateKey: forms(key),
      deviceShare: forms(device),
      deviceShareSealed: forms(inside.deviceSealed),
      authShare: [...forms(auth), inside.authShare],
      sessionToken: [inside.token, inside.token.split('.')[2] ?? inside.token],
      recoveryPassword: [PASSWORD],
    }
    const haystack = [...pageSaw, ...network].join('\n')
    // What the page did see, so the search is over real material.
    expect(haystack.toLowerCase()).toContain(address.toLowerCase())
    expect(haystack).toContain(email)
    const found = Object.entries(secrets).flatMap(([name, values]) =>
      values.filter((value) => value.length >= 8 && haystack.includes(value)).map(() => name),
    )
    expect(found).toEqual([])
  })
})
