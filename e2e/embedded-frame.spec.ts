import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ports } from './playwright.config.js'

// The embedded-wallet frame on its own, as @latch/server serves it, framed by a minimal host page
// that speaks the frame protocol directly (the kit's own client is tested with the demo).
const frameOrigin = `http://localhost:${ports.api}`
const inbox = `http://127.0.0.1:${ports.mailInbox}`
const hostUrl = (origin: string) => `${origin}/host.html`

/** The host page: frames the frame, records every message it receives, sends requests. */
const hostHtml = `<!doctype html><html><head><title>host</title></head><body>
<script>
  const projectId = new URLSearchParams(location.search).get('projectId') || 'latch-demo'
  const frame = document.createElement('iframe')
  frame.id = 'frame'
  frame.title = 'login'
  frame.style.cssText = 'width:480px;height:560px;border:0'
  frame.src = '${frameOrigin}/frame/?projectId=' + encodeURIComponent(projectId) + '&chainId=eip155:1&version=test&enableLogger=0'
  window.received = []
  window.addEventListener('message', (event) => {
    if (event.origin !== '${frameOrigin}' || event.source !== frame.contentWindow) return
    window.received.push(event.data)
  })
  window.send = (type, payload, id = crypto.randomUUID()) => {
    frame.contentWindow.postMessage({ latch: 'frame/1', id, type, payload }, '${frameOrigin}')
    return id
  }
  window.answer = (id) => window.received.find((m) => m.id === id)
  document.body.append(frame)
</script></body></html>`

// Served from loopback for real (a routed response would count as a public page, and Chromium's
// private network access rules would then block the frame on localhost).
let host: Server
let hostPort = 0
test.beforeAll(async () => {
  host = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8')
    response.end(hostHtml)
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostPort = (host.address() as AddressInfo).port
})
test.afterAll(async () => {
  host.closeAllConnections()
  await new Promise((resolve) => host.close(resolve))
})

/** Opens the host page on `hostname` (localhost is one of the demo project's allowed origins). */
async function openHost(context: BrowserContext, hostname = 'localhost', projectId = 'latch-demo') {
  const page = await context.newPage()
  await page.goto(`${hostUrl(`http://${hostname}:${hostPort}`)}?projectId=${projectId}`)
  return page
}

async function ready(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { received: { type: string }[] }).received.some((m) => m.type === 'READY'),
      ),
    )
    .toBe(true)
}

/** Sends a request and waits for its answer. */
async function call(page: Page, type: string, payload: unknown = {}, timeout = 30_000) {
  const id = await page.evaluate(
    ([t, p]) => (window as unknown as { send: (t: unknown, p: unknown) => string }).send(t, p),
    [type, payload] as const,
  )
  let answer: { type: string; payload: Record<string, unknown> } | undefined
  await expect
    .poll(
      async () => {
        answer = await page.evaluate(
          (i) => (window as unknown as { answer: (i: string) => never }).answer(i),
          id,
        )
        return answer !== undefined
      },
      { timeout },
    )
    .toBe(true)
  return answer!
}

/**
 * CONNECT_EMAIL for `email`, once more after the server's resend throttle when it says to wait;
 * resolves the answer and the time the mail it sent may be read from: taken before the call that
 * sent it, since the call answers after the mail reached the sink (on a loaded machine that can be
 * more than the second of slack).
 */
async function connectEmail(page: Page, email: string) {
  let sentAfter = Date.now() - 1000
  let answer = await call(page, 'CONNECT_EMAIL', { email })
  if (answer.type === 'ERROR') {
    expect(answer.payload).toMatchObject({ code: 'THROTTLED' })
    await page.waitForTimeout(Number(answer.payload.retryAfter) * 1000 + 200)
    sentAfter = Date.now() - 1000
    answer = await call(page, 'CONNECT_EMAIL', { email })
  }
  return { answer, sentAfter }
}

async function latestMail(email: string, subject: RegExp, after: number) {
  let found: { subject: string; text: string } | undefined
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${inbox}/messages?to=${encodeURIComponent(email)}`)).json()) as {
          subject: string
          text: string
          date: string
        }[]
        found = list.find((m) => subject.test(m.subject) && Date.parse(m.date) >= after)
        return found !== undefined
      },
      { timeout: 45_000 },
    )
    .toBe(true)
  return found!
}

const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''
const password = 'correct horse battery staple'

test.describe('given the frame served by the server, framed by an allowed page', () => {
  test('when a new visitor signs in with email and code, then the frame makes a wallet, keeps it across a reload, and a new device recovers the same address', async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const email = `frame-${Date.now()}@example.com`
    const first = await browser.newContext()
    // Every share the frame sends to or gets from its server, to check the page never sees one.
    const secrets: string[] = [password]
    const collect = (context: BrowserContext) =>
      context.on('request', (request) => {
        if (!/\/embedded\/v1\/(wallet|reshare)\?/.test(request.url())) return
        const body = request.postDataJSON() as { authShare: string; recovery: { share: string } }
        secrets.push(body.authShare, body.recovery.share, JSON.parse(body.recovery.share).data)
      })
    collect(first)
    first.on('response', async (response) => {
      if (!/\/embedded\/v1\/recovery\?/.test(response.url())) return
      const body = (await response.json()) as { authShare: string; share: string }
      secrets.push(body.authShare, JSON.parse(body.share).data)
    })
    const page = await openHost(first)
    await ready(page)

    const start = Date.now()
    expect(await call(page, 'CONNECT_EMAIL', { email })).toMatchObject({
      type: 'SUCCESS',
      payload: { action: 'VERIFY_OTP' },
    })
    const code = codeOf((await latestMail(email, /login code/, start)).text)
    expect(await call(page, 'CONNECT_OTP', { otp: code })).toMatchObject({ type: 'SUCCESS' })

    // New user: GET_USER waits while the frame's own screen takes the recovery password.
    const userId = await page.evaluate(() =>
      (window as unknown as { send: (t: string, p: unknown) => string }).send('GET_USER', {
        chainId: 'eip155:1',
      }),
    )
    const frame = page.frameLocator('#frame')
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Repeat the password').fill(password)
    await frame.getByRole('button', { name: 'Create wallet' }).click()
    await expect
      .poll(
        () =>
          page.evaluate((i) => (window as unknown as { answer: (i: string) => unknown }).answer(i), userId),
        {
          timeout: 60_000,
        },
      )
      .toMatchObject({ type: 'SUCCESS', payload: { email } })
    const user = (await page.evaluate(
      (i) => (window as unknown as { answer: (i: string) => never }).answer(i),
      userId,
    )) as {
      payload: { address: string; accounts: { address: string; type: string }[] }
    }
    const address = user.payload.address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The EOA answers (the default account type); the project runs smart accounts on this chain,
    // so the visitor's smart account is listed beside it.
    expect(user.payload.accounts).toEqual([
      { address, type: 'eoa' },
      { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), type: 'smartAccount' },
    ])
    expect(user.payload.accounts[1]?.address).not.toBe(address)
    const visibility = await page.evaluate(() =>
      (window as unknown as { received: { type: string; payload: { visible: boolean } }[] }).received
        .filter((m) => m.type === 'VISIBILITY')
        .map((m) => m.payload.visible),
    )
    expect(visibility).toEqual([true, false])

    // Reload: still connected, same address.
    await page.reload()
    await ready(page)
    expect(await call(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } })
    expect(await call(page, 'GET_USER', { chainId: 'eip155:1' })).toMatchObject({
      payload: { address, email },
    })
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_accounts', params: [] })).toMatchObject({
      payload: { result: [address] },
    })
    expect(
      await call(page, 'RPC_REQUEST', { method: 'eth_sign', params: [address, `0x${'11'.repeat(32)}`] }),
    ).toMatchObject({
      type: 'ERROR',
      payload: { code: 'NOT_ALLOWED', message: 'Requested RPC call is not allowed' },
    })

    // A second device (a new browser context): device confirmation, then code, then recovery.
    const second = await browser.newContext()
    collect(second)
    second.on('response', async (response) => {
      if (!/\/embedded\/v1\/recovery\?/.test(response.url())) return
      const body = (await response.json()) as { authShare: string; share: string }
      secrets.push(body.authShare, JSON.parse(body.share).data)
    })
    const other = await openHost(second)
    await ready(other)
    // The resend throttle of the first code is enforced by the server (the wait it says).
    const { answer: connect, sentAfter: deviceMailAt } = await connectEmail(other, email)
    expect(connect).toMatchObject({ type: 'SUCCESS', payload: { action: 'VERIFY_DEVICE' } })
    const deviceMail = await latestMail(email, /Confirm a new device/, deviceMailAt)
    const link = /(http\S+device\/confirm\?token=\S+)/.exec(deviceMail.text)?.[1] ?? ''
    // The code alone does not finish a login on the new device.
    expect(await call(other, 'CONNECT_OTP', { otp: code })).toMatchObject({
      type: 'ERROR',
      payload: { code: 'INVALID_OTP' },
    })
    const mailbox = await second.newPage()
    await mailbox.goto(link)
    await expect(mailbox.getByText('IP address')).toBeVisible()
    const confirmedAt = Date.now() - 1000
    await mailbox.getByRole('button', { name: 'This was me' }).click()
    await expect(mailbox.getByRole('heading', { name: 'Device confirmed.' })).toBeVisible()
    expect(await call(other, 'CONNECT_DEVICE')).toMatchObject({ type: 'SUCCESS' })
    const secondCode = codeOf((await latestMail(email, /login code/, confirmedAt)).text)
    expect(await call(other, 'CONNECT_OTP', { otp: secondCode })).toMatchObject({ type: 'SUCCESS' })
    const recoverId = await other.evaluate(() =>
      (window as unknown as { send: (t: string, p: unknown) => string }).send('GET_USER', {
        chainId: 'eip155:1',
      }),
    )
    const otherFrame = other.frameLocator('#frame')
    await otherFrame.getByLabel('Recovery password', { exact: true }).fill('not the password')
    await otherFrame.getByRole('button', { name: 'Recover wallet' }).click()
    await expect(otherFrame.getByRole('alert')).toHaveText('The recovery password is not correct')
    await otherFrame.getByLabel('Recovery password', { exact: true }).fill(password)
    await otherFrame.getByRole('button', { name: 'Recover wallet' }).click()
    await expect
      .poll(
        () =>
          other.evaluate(
            (i) => (window as unknown as { answer: (i: string) => unknown }).answer(i),
            recoverId,
          ),
        {
          timeout: 60_000,
        },
      )
      .toMatchObject({ type: 'SUCCESS', payload: { address, email } })

    // The first device keeps its own share set after the new device re-split.
    await page.reload()
    await ready(page)
    expect(await call(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } })
    expect(await call(page, 'GET_USER', {})).toMatchObject({ payload: { address } })

    // Nothing the pages received carries the password or a share.
    expect(secrets.length).toBeGreaterThanOrEqual(8)
    for (const host of [page, other]) {
      const seen = JSON.stringify(
        await host.evaluate(() => (window as unknown as { received: unknown[] }).received),
      )
      for (const secret of secrets) expect(seen).not.toContain(secret)
    }

    // Sign out: the session is revoked and the frame reports not connected.
    expect(await call(other, 'SIGN_OUT')).toMatchObject({ type: 'SUCCESS' })
    expect(await call(other, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } })

    // Another account on the first device, then back: the first account's share set is still there
    // (a known device: a code, no device confirmation, no recovery).
    expect(await call(page, 'SIGN_OUT')).toMatchObject({ type: 'SUCCESS' })
    const otherEmail = `frame-other-${Date.now()}@example.com`
    const otherStart = Date.now()
    expect(await call(page, 'CONNECT_EMAIL', { email: otherEmail })).toMatchObject({
      payload: { action: 'VERIFY_OTP' },
    })
    const otherCode = codeOf((await latestMail(otherEmail, /login code/, otherStart)).text)
    expect(await call(page, 'CONNECT_OTP', { otp: otherCode })).toMatchObject({ type: 'SUCCESS' })
    const otherUserId = await page.evaluate(() =>
      (window as unknown as { send: (t: string, p: unknown) => string }).send('GET_USER', {}),
    )
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Repeat the password').fill(password)
    await frame.getByRole('button', { name: 'Create wallet' }).click()
    await expect
      .poll(
        () =>
          page.evaluate(
            (i) => (window as unknown as { answer: (i: string) => unknown }).answer(i),
            otherUserId,
          ),
        {
          timeout: 60_000,
        },
      )
      .toMatchObject({ type: 'SUCCESS', payload: { email: otherEmail } })
    expect(await call(page, 'SIGN_OUT')).toMatchObject({ type: 'SUCCESS' })
    const { answer: back, sentAfter: backAt } = await connectEmail(page, email)
    expect(back).toMatchObject({ type: 'SUCCESS', payload: { action: 'VERIFY_OTP' } })
    const backCode = codeOf((await latestMail(email, /login code/, backAt)).text)
    expect(await call(page, 'CONNECT_OTP', { otp: backCode })).toMatchObject({ type: 'SUCCESS' })
    expect(await call(page, 'GET_USER', {})).toMatchObject({ payload: { address, email } })
    await first.close()
    await second.close()
  })

  test('when messages come with a reused id, another type or a wrong payload, then the frame ignores or refuses them', async ({
    browser,
  }) => {
    const context = await browser.newContext()
    const page = await openHost(context)
    await ready(page)
    const answered = await call(page, 'GET_CHAIN_ID')
    expect(answered).toMatchObject({ type: 'SUCCESS', payload: { chainId: 'eip155:1' } })
    const replayed = await page.evaluate(() => {
      const w = window as unknown as {
        send: (t: string, p: unknown, id?: string) => string
        received: unknown[]
      }
      const id = w.send('SWITCH_NETWORK', { chainId: 'eip155:8453' })
      w.send('SWITCH_NETWORK', { chainId: 'eip155:10' }, id)
      w.send('NOT_A_TYPE', {})
      return id
    })
    expect(await call(page, 'GET_CHAIN_ID')).toMatchObject({ payload: { chainId: 'eip155:8453' } })
    const answers = await page.evaluate(
      (id) =>
        (window as unknown as { received: { id?: string }[] }).received.filter((m) => m.id === id).length,
      replayed,
    )
    expect(answers).toBe(1)
    expect(await call(page, 'CONNECT_EMAIL', { email: 'not an email' })).toMatchObject({
      type: 'ERROR',
      payload: { code: 'INVALID_PAYLOAD', message: 'Invalid email' },
    })
    await context.close()
  })
})

test.describe('given a page outside the project allowed origins', () => {
  // latch-demo.test resolves to loopback (see the resolver rules) and is not in the project's list.
  // (The §5 default ancestors sit on HSTS-preloaded TLDs, so they get their own https test below.)
  for (const hostname of ['latch-demo.test']) {
    test(`when ${hostname} frames the frame, then the browser refuses to render it and nothing answers`, async ({
      browser,
    }) => {
      const context = await browser.newContext()
      const page = await openHost(context, hostname)
      const frame = page.frameLocator('#frame')
      await page.waitForTimeout(3000)
      expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([])
      await expect(frame.getByText('Latch login')).toHaveCount(0)
      await context.close()
    })
  }
})

test.describe('given a *.vercel.app page on loopback (a default ancestor the project does not list)', () => {
  // `.app` is HSTS-preloaded, so the page is https: a throwaway self-signed certificate made with
  // openssl for this run, and a context that accepts it. https://localhost serves the same page as
  // the control: frame-ancestors lets it through (http://localhost:* covers https), so the frame
  // loads over the same TLS page, and its own origin check (exact scheme) refuses it.
  let tls: ReturnType<typeof createTlsServer>
  let tlsPort = 0
  test.beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-e2e-tls-'))
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-subj',
          '/CN=latch-demo.vercel.app',
          '-addext',
          'subjectAltName=DNS:latch-demo.vercel.app,DNS:localhost',
        ],
        { stdio: 'ignore' },
      )
      tls = createTlsServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (_request, response) => {
          response.setHeader('content-type', 'text/html; charset=utf-8')
          response.end(hostHtml)
        },
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    return new Promise<void>((resolve) =>
      tls.listen(0, '127.0.0.1', () => {
        tlsPort = (tls.address() as AddressInfo).port
        resolve()
      }),
    )
  })
  test.afterAll(async () => {
    tls.closeAllConnections()
    await new Promise((resolve) => tls.close(resolve))
  })

  test('when latch-demo.vercel.app frames the frame, then the browser refuses to render it and nothing answers; where the browser lets a page through, the frame refuses it itself', async ({
    browser,
  }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    const control = await context.newPage()
    await control.goto(`https://localhost:${tlsPort}/host.html?projectId=latch-demo`)
    await expect(
      control.frameLocator('#frame').getByText('This app is not allowed to use this login.'),
    ).toBeVisible()
    expect(await control.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([])

    const page = await context.newPage()
    const refused: string[] = []
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refused.push(message.text())
    })
    await page.goto(`https://latch-demo.vercel.app:${tlsPort}/host.html?projectId=latch-demo`)
    expect(new URL(page.url()).hostname).toBe('latch-demo.vercel.app')
    await expect.poll(() => refused.length).toBeGreaterThan(0)
    await page.waitForTimeout(1500)
    expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([])
    await expect(page.frameLocator('#frame').getByText('Latch login')).toHaveCount(0)
    await context.close()
  })
})
