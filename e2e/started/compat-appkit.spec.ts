import { connectDevWallet, expect, modal, test } from './fixtures.js'

test.describe("given the demo's instance created with AppKit's option names (?kit=appkit), through @latch/react/compat/appkit", () => {
  test('when the visitor looks at the button and connects the Dev Wallet, then the Connect button wears the AppKit accent, the wallets featured by WalletConnect registry id lead the list, and the account connects, with no warning for options Latch has', async ({
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
    // featuredWalletIds: Zerion's and Rabby's WalletConnect registry ids, as an AppKit app lists them.
    await page.getByTestId('latch-connect-button').click()
    await expect
      .poll(() =>
        modal(page)
          .locator('[data-wallet-id]')
          .evaluateAll((rows) => rows.slice(0, 2).map((row) => row.getAttribute('data-wallet-id'))),
      )
      .toEqual(['zerion', 'rabby'])
    await expect(modal(page).locator('[data-wallet-id="zerion"]')).toContainText('Zerion')
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await connectDevWallet(page)
    await expect(page.getByTestId('latch-account-button')).toBeVisible()
    expect(warnings).toEqual([])
  })
})
