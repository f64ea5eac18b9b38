// Sign-in with the wallet, as the e2e specs drive it through the demo: connect, the sign-in view,
// sign, and what the demo's @latch/server says of the session token the page keeps.
import { expect, type Page, request } from '@playwright/test'
import { ports } from './playwright.config.js'

export const api = `http://127.0.0.1:${ports.api}`
const modal = (page: Page) => page.getByRole('dialog')

/** Connects the wallet named Latch Dev Wallet; with sign-in on, the sign-in view follows. */
export async function connectToSignIn(page: Page): Promise<void> {
  await page.getByTestId('latch-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(page.getByTestId('demo-status')).toHaveText('connected')
  await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
}

/** Presses Sign in the sign-in view. */
export async function sign(page: Page): Promise<void> {
  await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
}

/** Signs in the sign-in view; resolves the account once the demo says it is signed in as it. */
export async function signAndExpectSignedIn(page: Page): Promise<string> {
  await sign(page)
  await expect(modal(page)).toBeHidden()
  const address = (await page.getByTestId('demo-address').textContent()) ?? ''
  await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
  return address
}

/** Connects the Dev Wallet and signs in; resolves the account signed in. */
export async function connectAndSignIn(page: Page): Promise<string> {
  await connectToSignIn(page)
  return signAndExpectSignedIn(page)
}

/** The session token the page keeps from the demo's server (its first session). */
export async function storedToken(page: Page): Promise<string | undefined> {
  const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
  return (JSON.parse(stored ?? '[]') as { token: string }[])[0]?.token
}

/** What the server's introspection endpoint says of a token. */
export async function introspect(token: string | undefined): Promise<Record<string, unknown>> {
  const client = await request.newContext()
  try {
    const response = await client.post(`${api}/siwx/v1/introspect?projectId=latch-demo`, { data: { token } })
    return (await response.json()) as Record<string, unknown>
  } finally {
    await client.dispose()
  }
}

/** Revokes the page's server session with the token it keeps, as a signed-in app would. */
export async function revokeOnServer(page: Page): Promise<void> {
  const token = await storedToken(page)
  expect(token).toBeTruthy()
  const { session } = (await introspect(token)) as { session: { id: string } }
  const client = await request.newContext()
  const revoked = await client.delete(`${api}/siwx/v1/sessions/${session.id}?projectId=latch-demo`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(revoked.status()).toBe(204)
  await client.dispose()
  expect(await introspect(token)).toEqual({ active: false })
}
