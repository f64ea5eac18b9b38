import type { Page } from '@playwright/test'
import { expect, modal, test } from './fixtures.js'

// A host stylesheet as careless as real ones: element and universal selectors, attribute
// selectors at class weight, and `!important` on the page's own root elements.
const HOSTILE = `
* { margin: 7px; padding: 3px; line-height: 3; letter-spacing: 1px; box-sizing: content-box;
    font-family: "Courier New", monospace; text-transform: uppercase; border: 1px dotted red }
div { display: block; padding: 11px; border: 2px dashed red }
body div { margin: 9px }
button { margin: 15px; padding: 20px; font-size: 22px; background: purple; color: lime;
         border-radius: 0; width: auto; min-height: 0 }
[type="button"], button:not(:disabled) { outline: 4px solid orange; text-align: right }
img { width: 80px; height: 10px; border-radius: 0; display: block; object-fit: fill }
ul, li { list-style: disc; display: block }
h1, h2, p, span { font-size: 31px; font-weight: 900; margin: 20px }
svg { width: 100px; height: 5px }
html, body { font-size: 24px !important; line-height: 2 !important; color: red !important;
             letter-spacing: 2px !important; text-align: center !important; font-style: italic !important }
`

async function shotOfModal(page: Page): Promise<Buffer> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
  return modal(page).screenshot({ animations: 'disabled', caret: 'hide' })
}

test.describe('given a host page with hostile global CSS', () => {
  test.use({ viewport: { width: 900, height: 800 } })

  test('when the modal opens, then it renders exactly as on a page without that CSS', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    await expect(
      modal(page)
        .getByRole('button', { name: /Latch Dev Wallet/ })
        .first(),
    ).toBeVisible()
    await page.mouse.move(0, 0)
    // The page behind shows through the dialog's rounded corners: hide it in both pictures.
    await page.addStyleTag({ content: '#root { visibility: hidden }' })
    const clean = await shotOfModal(page)
    const box = await modal(page).boundingBox()
    await page.addStyleTag({ content: HOSTILE })
    const hostile = await shotOfModal(page)
    if (!hostile.equals(clean)) {
      await test.info().attach('clean', { body: clean, contentType: 'image/png' })
      await test.info().attach('hostile', { body: hostile, contentType: 'image/png' })
    }
    expect(await modal(page).boundingBox()).toEqual(box)
    expect(hostile.equals(clean), 'the modal looks the same with and without the host CSS').toBe(true)
  })
})
