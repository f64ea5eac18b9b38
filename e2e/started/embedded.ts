import type { Frame, FrameLocator, Page } from '@playwright/test'
import { frameAxeViolations } from '../fixtures.js'
import { ports } from '../playwright.config.js'
import { expect } from './fixtures.js'

// What the embedded-wallet specs share: the demo and frame origins (localhost: a secure context),
// the mail sink's inbox, and the frame in the page.

export const demo = `http://localhost:${ports.demoAsStarted}/`
export const frameOrigin = `http://localhost:${ports.api}`
const inbox = `http://127.0.0.1:${ports.mailInbox}`
export const PASSWORD = 'correct horse battery staple'

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
      { message: `a mail "${subject}" to ${to}`, timeout: 30_000 },
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

/** axe-core inside the frame's own document. */
export const walletFrameAxeViolations = (page: Page) => frameAxeViolations(walletFrame(page))
