#!/usr/bin/env node
// Saves a screenshot of every modal view of the demo's gallery (/gallery/) in light, dark, at a
// phone's width and in Arabic, for review (nothing is compared). Run it against a running demo:
// `npm start`, then `npm run gallery:screenshots` (DEMO_PORT, or GALLERY_URL, pick the demo;
// CHROMIUM_PATH the browser). Images go to .tmp/gallery/.
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const url = process.env.GALLERY_URL ?? `http://127.0.0.1:${process.env.DEMO_PORT ?? 5173}/gallery/`
const out = join(root, '.tmp/gallery')
mkdirSync(out, { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1800, height: 900 }, reducedMotion: 'reduce' })
  await page.goto(url)
  const frames = page.locator('iframe[data-gallery]')
  await frames.first().waitFor()
  const count = await frames.count()
  for (let i = 0; i < count; i++) {
    const frame = frames.nth(i)
    const name = await frame.getAttribute('data-gallery')
    await frame.scrollIntoViewIfNeeded()
    await frame.contentFrame().getByRole('dialog').waitFor()
    await frame.screenshot({ path: join(out, `${name}.png`) })
    console.log(`${name}.png`)
  }
  console.log(`${count} screenshots in ${out}`)
} finally {
  await browser.close()
}
