import { demoProject } from './backends.js'

/** A POST to one of the embedded wallet's routes of the demo project, on the server at `base()`. */
export const embeddedPost = (base: () => string) => (path: string, body: unknown) =>
  fetch(`${base()}/embedded/v1/${path}?projectId=${demoProject.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** A device's public key, as the frame sends it when a login finishes. */
export async function devicePublicKey() {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey)
  return { kty, crv, x, y }
}

/** The account id of an embedded session's token. */
export const subOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string

/**
 * A visitor's window through one of the test kit's plain OAuth 2 stand-ins (Dev GitHub, Dev
 * Socials): the provider's page at `url`, the person picked by id (or Cancel), and the server's
 * callback page it was sent back to.
 */
export async function throughConsent(url: string, choice: string | 'cancel') {
  const html = await (await fetch(url)).text()
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? ''
  const decided = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      request,
      ...(choice === 'cancel' ? { cancel: '1' } : { user: choice }),
    }).toString(),
    redirect: 'manual',
  })
  const callbackUrl = decided.headers.get('location') ?? ''
  const page = await fetch(callbackUrl)
  return { html, callbackUrl, page: await page.text(), status: page.status }
}
