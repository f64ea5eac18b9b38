import { expect, modal, test } from './fixtures.js'

test.describe('given the demo themed with the midnight preset and RainbowKit-style options (?theme=midnight)', () => {
  test('when the visitor opens the modal over a page element with a high z-index, then the accent, its text, the corners, the font, the blurred overlay and the stacking order are the theme’s', async ({
    page,
  }) => {
    await page.goto('/?theme=midnight')
    const connect = page.getByTestId('latch-connect-button')
    // accentColor '#ff4f8b', accentColorForeground '#1a1a1a', borderRadius 'large' (24px; buttons ¾).
    await expect(connect).toHaveCSS('background-color', 'rgb(255, 79, 139)')
    await expect(connect).toHaveCSS('color', 'rgb(26, 26, 26)')
    await expect(connect).toHaveCSS('border-top-left-radius', '18px')
    await expect(connect).toHaveCSS('font-family', /ui-rounded/)

    await connect.click()
    const dialog = modal(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveCSS('border-top-left-radius', '24px')
    await expect(dialog).toHaveCSS('font-family', /ui-rounded/)
    const overlay = page.locator('.latch-portal')
    // overlayBlur 'small'; the midnight overlay colour; the demo's z-index.
    await expect(overlay).toHaveCSS('backdrop-filter', 'blur(4px)')
    await expect(overlay).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.7)')
    await expect(overlay).toHaveCSS('z-index', '100000')

    // A page element stacked high (a sticky banner, a chat widget) stays beneath the modal.
    await page.evaluate(() => {
      const banner = document.createElement('div')
      banner.dataset.testid = 'page-banner'
      banner.style.cssText = 'position:fixed;inset:0;z-index:99999;background:#0f0'
      document.body.append(banner)
    })
    const box = await dialog.boundingBox()
    if (!box) throw new Error('the dialog has no box')
    const onTop = await page.evaluate(
      ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[role="dialog"]')),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    )
    expect(onTop).toBe(true)
  })
})

test('given the demo without overlayBlur, when the modal opens, then its overlay has no backdrop filter at all (not even blur(0), which redraws the page behind it on every frame)', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByTestId('latch-connect-button').click()
  await expect(modal(page)).toBeVisible()
  await expect(page.locator('.latch-portal')).toHaveCSS('backdrop-filter', 'none')
  await expect(page.locator('.latch-portal')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.45)')
})
