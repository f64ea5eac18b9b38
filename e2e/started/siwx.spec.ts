import { TEST_CONTRACT_ACCOUNTS } from '@latch/testkit/wallet'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { axeViolations } from '../fixtures.js'
import {
  api,
  connectAndSignIn,
  connectToSignIn,
  introspect,
  revokeOnServer,
  sign,
  signAndExpectSignedIn,
  storedToken,
} from '../siwx-helpers.js'
import { devWallet, expect, modal, status, test } from './fixtures.js'

// Sign-in with the wallet through the demo as `npm start` serves it: its own Dev Wallet in the
// page, sessions from the @latch/server it starts.

test.describe('given the demo as npm start serves it, with sign-in required', () => {
  test('when the Dev Wallet connects, then the sign-in view cannot be closed until it signs; the session survives a reload and a revocation asks again', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connectToSignIn(page)
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
    const address = (await page.getByTestId('demo-address').textContent()) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)

    // Reloaded: the session is found again, no prompt and no new signature.
    const signatures = (await devWallet.requests(page)).filter((m) => m === 'personal_sign').length
    expect(signatures).toBe(1)
    await page.reload()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
    await expect(modal(page)).toBeHidden()
    expect(await devWallet.requests(page)).not.toContain('personal_sign')

    // Revoked on the server: the next load asks again.
    await revokeOnServer(page)
    await page.reload()
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
    await signAndExpectSignedIn(page)
  })

  test('when the app calls connect() itself, then it resolves connected while the modal asks for the signature', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await expect(modal(page)).toBeHidden()
    // The Dev Wallet announces itself once its module has loaded.
    await page.waitForFunction(() => window.__latchDemoWallet !== undefined)
    await page.getByTestId('demo-headless-connect').click()
    // connect() has resolved with the account although nobody has signed yet.
    await expect(page.getByTestId('demo-headless-outcome')).toHaveText(
      /^resolved: connected as 0x[0-9a-fA-F]{40}$/,
    )
    await expect(status(page)).toHaveText('connected')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
    expect(await devWallet.requests(page)).not.toContain('personal_sign')
    await sign(page)
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as 0x/)
  })

  test('when the visitor declines in the Dev Wallet, then "Signature declined" shows and a retry signs in', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connectToSignIn(page)
    await devWallet.setApproval(page, 'reject')
    await sign(page)
    await expect(modal(page).getByRole('alert')).toHaveText('Signature declined')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await expect(page.getByTestId('demo-signin')).not.toHaveText(/^Signed in/)
    await devWallet.setApproval(page, 'approve')
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as 0x[0-9a-fA-F]{40}$/)
  })

  test('when the visitor cancels, then the Dev Wallet is disconnected', async ({ page }) => {
    await page.goto('/?siwx=required')
    await connectToSignIn(page)
    await modal(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(modal(page)).toBeHidden()
    await expect(status(page)).toHaveText('disconnected')
    await expect(page.getByTestId('demo-signin')).toHaveText('Not signed in')
    await expect(page.getByTestId('latch-connect-button')).toHaveText('Connect Wallet')
  })

  test('when the Dev Wallet switches to an account without a session, then it is asked to sign in again', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    const first = await connectAndSignIn(page)
    await page.getByRole('button', { name: 'Wallet: use account 2' }).click()
    await expect(page.getByTestId('demo-address')).not.toHaveText(first)
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    const second = await signAndExpectSignedIn(page)
    expect(second).not.toBe(first)
  })

  test('when the Dev Wallet is in contract-account mode, then the contract account signs in, verified on chain by the server (eip1271)', async ({
    page,
  }) => {
    const contract = TEST_CONTRACT_ACCOUNTS[0]!.address
    await page.goto('/?siwx=required')
    await page.getByRole('checkbox', { name: /Contract account \(ERC-1271/ }).check()
    await connectToSignIn(page)
    await expect(page.getByTestId('demo-address')).toHaveText(contract)
    expect(await signAndExpectSignedIn(page)).toBe(contract)
    expect(await introspect(await storedToken(page))).toMatchObject({
      active: true,
      sub: `eip155:1:${contract}`,
      session: { address: contract, signatureType: 'eip1271' },
    })
    // Back to the key's own account: a new account, asked again.
    await page.getByRole('checkbox', { name: /Contract account \(ERC-1271/ }).uncheck()
    await expect(page.getByTestId('demo-address')).not.toHaveText(contract)
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
  })

  test("when the app's own backend verifies the session token as the README shows (jose and the JWKS), then it names the signed-in account", async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    const address = await connectAndSignIn(page)
    const token = await storedToken(page)
    const jwks = createRemoteJWKSet(new URL(`${api}/siwx/v1/jwks`))
    const { payload } = await jwtVerify(token as string, jwks, {
      audience: 'latch-demo',
      typ: 'latch-siwx+jwt',
      algorithms: ['ES256'],
    })
    expect(payload.sub).toBe(`eip155:1:${address}`)
    // Another project's audience, or a tampered token: refused.
    await expect(
      jwtVerify(token as string, jwks, { audience: 'another-project', algorithms: ['ES256'] }),
    ).rejects.toThrow(/aud/)
    const [header, body, signature] = (token as string).split('.')
    const tampered = `${header}.${body}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`
    await expect(jwtVerify(tampered, jwks, { audience: 'latch-demo' })).rejects.toThrow(/signature/)
  })
})

test.describe('given the demo as npm start serves it, with sign-in optional', () => {
  test('when the visitor closes the sign-in view, then the Dev Wallet stays connected and not signed in', async ({
    page,
  }) => {
    await page.goto('/?siwx=optional')
    await connectToSignIn(page)
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-signin')).toHaveText('Not signed in')
  })
})
