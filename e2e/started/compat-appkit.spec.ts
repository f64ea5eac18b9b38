import { connectDevWallet, expect, test } from './fixtures.js'

test.describe("given the demo's instance created with AppKit's option names (?kit=appkit), through @latch/react/compat/appkit", () => {
  test('when the visitor looks at the button and connects the Dev Wallet, then the Connect button wears the AppKit accent and the account connects, with no warning for options Latch has', async ({
    page,
  }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('createAppKit'))
        warnings.push(message.text())
    })
    await page.goto('/?kit=appkit')
    // '--w3m-accent': '#7c3aed' became the kit's accent.
    await expect(page.getByTestId('latch-connect-button')).toHaveCSS('background-color', 'rgb(124, 58, 237)')
    await connectDevWallet(page)
    await expect(page.getByTestId('latch-account-button')).toBeVisible()
    expect(warnings).toEqual([])
  })
})
