import { type Page, request } from '@playwright/test'
import { axeViolations, expect, modal, test } from './fixtures.js'
import { ports } from './playwright.config.js'

const api = `http://127.0.0.1:${ports.api}`

/** Connects the Dev Wallet; with sign-in on, the sign-in view follows. */
async function connect(page: Page) {
  await page.getByTestId('latch-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(page.getByTestId('demo-status')).toHaveText('connected')
  await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
}

async function sign(page: Page) {
  await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
}

/** Revokes the page's server sessions with the session token it keeps, as a signed-in app would. */
async function revokeOnServer(page: Page) {
  const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
  const [first] = JSON.parse(stored ?? '[]') as { token: string }[]
  const token = first?.token
  expect(token).toBeTruthy()
  const client = await request.newContext()
  const active = await client.post(`${api}/siwx/v1/introspect?projectId=latch-demo`, { data: { token } })
  const { session } = (await active.json()) as { session: { id: string } }
  const revoked = await client.delete(`${api}/siwx/v1/sessions/${session.id}?projectId=latch-demo`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(revoked.status()).toBe(204)
  const introspect = await client.post(`${api}/siwx/v1/introspect?projectId=latch-demo`, { data: { token } })
  expect(await introspect.json()).toEqual({ active: false })
  await client.dispose()
}

test.describe('given sign-in is required', () => {
  test('when the wallet connects, then the sign-in view cannot be closed until they sign; the session survives a reload and a revocation asks again', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    const address = (await page.getByTestId('demo-address').textContent()) ?? ''
    await expect(modal(page).getByTestId('latch-siwx-summary')).toContainText(
      'Latch demo asks you to sign in',
    )
    const signButton = modal(page).getByRole('button', { name: 'Sign', exact: true })
    await expect(signButton).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    // Escape, a click outside and the close button all leave it open.
    await page.keyboard.press('Escape')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await page.mouse.click(5, 5)
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    // Keyboard only: Tab stays in the dialog and reaches Sign.
    for (let i = 0; i < 5 && !(await signButton.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab')
    await expect(signButton).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)

    await page.reload()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
    await expect(modal(page)).toBeHidden()

    await revokeOnServer(page)
    await page.reload()
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
    await sign(page)
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
  })

  test('when they decline the signature, then "Signature declined" shows and a retry signs in', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await testWallet.setApproval('reject')
    await sign(page)
    await expect(modal(page).getByRole('alert')).toHaveText('Signature declined')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await testWallet.setApproval('approve')
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as 0x[0-9a-fA-F]{40}$/)
  })

  test('when they cancel, then the wallet is disconnected', async ({ page }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await modal(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-signin')).toHaveText('Not signed in')
    await expect(page.getByTestId('latch-connect-button')).toHaveText('Connect Wallet')
  })

  test('when the wallet switches to an account without a session, then it is asked to sign in again', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await sign(page)
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as/)
    const first = await page.getByTestId('demo-address').textContent()
    await testWallet.setAccount(1)
    await expect(page.getByTestId('demo-address')).not.toHaveText(first!)
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await sign(page)
    const second = await page.getByTestId('demo-address').textContent()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${second}`)
  })
})

test.describe('given sign-in is optional', () => {
  test('when they close the sign-in view, then the wallet stays connected and not signed in', async ({
    page,
  }) => {
    await page.goto('/?siwx=optional')
    await connect(page)
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-signin')).toHaveText('Not signed in')
  })
})

test.describe('given sign-in without a server (sessions kept in the page)', () => {
  test('when they sign, then the session is verified in the page and survives a reload', async ({ page }) => {
    await page.goto('/?api=none&siwx=required')
    await connect(page)
    await sign(page)
    const address = await page.getByTestId('demo-address').textContent()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
    await page.reload()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
    await expect(modal(page)).toBeHidden()
  })
})
