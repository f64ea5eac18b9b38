import { defaultTestWalletOptions } from '@latch/testkit/playwright'
import { TEST_CONTRACT_ACCOUNTS } from '@latch/testkit/wallet'
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

/** The page's stored server session token, and whether the server still says it is active. */
async function storedToken(page: Page): Promise<string | undefined> {
  const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
  return (JSON.parse(stored ?? '[]') as { token: string }[])[0]?.token
}
async function isActive(token: string): Promise<boolean> {
  const client = await request.newContext()
  const response = await client.post(`${api}/siwx/v1/introspect?projectId=latch-demo`, { data: { token } })
  const { active } = (await response.json()) as { active: boolean }
  await client.dispose()
  return active
}

test.describe('given an account signed in with sign-in required', () => {
  test('when the dapp disconnects, then the server session is revoked and connecting again asks to sign in', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await sign(page)
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as/)
    const token = await storedToken(page)
    expect(token).toBeTruthy()
    expect(await isActive(token!)).toBe(true)
    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect.poll(() => isActive(token!)).toBe(false)
    expect(await storedToken(page)).toBeUndefined()
    await page.reload()
    await connect(page)
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
  })

  test('when the wallet ends the session on its side, then the server session is revoked and the next connection asks again', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await sign(page)
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as/)
    const token = await storedToken(page)
    await testWallet.disconnect()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect.poll(() => isActive(token!)).toBe(false)
    await page.reload()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await connect(page)
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
  })

  test('when sessions are kept in the page and the dapp disconnects, then the session is cleared and a reload asks again', async ({
    page,
  }) => {
    await page.goto('/?api=none&siwx=required')
    await connect(page)
    await sign(page)
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as/)
    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    expect(await page.evaluate(() => localStorage.getItem('latch.siwx.sessions'))).toBe('[]')
    await page.reload()
    await connect(page)
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
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

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
/** The test wallet in contract-account mode: its account is an ERC-1271 contract, key 0 signs. */
const contractWallet = (contractAccount: `0x${string}`) => ({
  ...defaultTestWalletOptions,
  chains: [
    { id: 1, name: 'Ethereum', rpcUrl: `http://127.0.0.1:${ports.mainnet}`, nativeCurrency: ETH },
    { id: 8453, name: 'Base', rpcUrl: `http://127.0.0.1:${ports.base}`, nativeCurrency: ETH },
  ],
  initialChainId: 1,
  contractAccount,
})
const [ownContract, foreignContract] = TEST_CONTRACT_ACCOUNTS as [
  (typeof TEST_CONTRACT_ACCOUNTS)[0],
  (typeof TEST_CONTRACT_ACCOUNTS)[0],
]

test.describe('given a contract account (ERC-1271) owned by the wallet key', () => {
  test.use({ testWalletOptions: contractWallet(ownContract.address) })

  test('when it signs in with sign-in required, then the server verifies it on chain (eip1271) and it is signed in as the contract', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await expect(page.getByTestId('demo-address')).toHaveText(ownContract.address)
    await sign(page)
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${ownContract.address}`)
    const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
    const [first] = JSON.parse(stored ?? '[]') as { token: string }[]
    const client = await request.newContext()
    const introspect = await client.post(`${api}/siwx/v1/introspect?projectId=latch-demo`, {
      data: { token: first?.token },
    })
    expect(await introspect.json()).toMatchObject({
      active: true,
      sub: `eip155:1:${ownContract.address}`,
      session: { address: ownContract.address, signatureType: 'eip1271' },
    })
    await client.dispose()
  })

  test('when sessions are kept in the page, then the page asks the contract and signs it in', async ({
    page,
  }) => {
    await page.goto('/?api=none&siwx=required')
    await connect(page)
    await sign(page)
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${ownContract.address}`)
  })
})

test.describe('given a contract account the wallet key does not own', () => {
  test.use({ testWalletOptions: contractWallet(foreignContract.address) })

  test('when it signs, then the contract refuses the signature, the view says so and stays', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await sign(page)
    // The view shows the kit's translated hint; the app reads the server's reason from the hook.
    await expect(modal(page).getByRole('alert')).toHaveText('Something went wrong. Try again.')
    await expect(page.getByTestId('demo-signin-error')).toHaveText(
      `Sign-in failed: The contract account ${foreignContract.address} did not accept the signature (isValidSignature returned 0xffffffff, not 0x1626ba7e)`,
    )
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await expect(page.getByTestId('demo-signin')).not.toHaveText(/^Signed in/)
  })
})
