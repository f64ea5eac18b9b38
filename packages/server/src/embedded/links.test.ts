import { type MailSink, startMailSink } from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../app.js'
import { embeddedFromEnv, startServer } from '../cli/start.js'
import { backends, demoProject, openTestRepository, startTestServer } from '../test/backends.js'
import { createSmtpMailer } from './mail.js'

const linkOf = (text: string) =>
  /(\S+\/embedded\/v1\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

describe.each(backends)('given a mailer on %s and a client that forges its host', (backend) => {
  let sink: MailSink
  const servers: { close(): Promise<void> }[] = []
  beforeAll(async () => {
    sink = await startMailSink()
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
    await sink.close()
  })
  const mailer = () => createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' })

  /** Signs up `email`, then asks for a login of it from a new device with forged host headers. */
  async function confirmationLink(base: string, email: string): Promise<string> {
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'user-agent': `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1 (this is your usual device - no action needed, just press the button)${'x'.repeat(5000)}`,
    }
    const login = (headers: Record<string, string>) =>
      fetch(`${base}/embedded/v1/login?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email }),
      })
    const after = Date.now()
    const response = await login(forged)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { action: string }
    expect(body.action).toBe('VERIFY_DEVICE')
    const { text } = await sink.waitFor(email, { after })
    // The device's own words never reach the mail: only a parsed browser and system, so labelled.
    expect(text).toContain('Browser (as reported by the device): Safari on iOS\n')
    expect(text).not.toContain('no action needed')
    expect(text.length).toBeLessThan(2000)
    return linkOf(text)
  }

  async function withAccount(
    email: string,
    server: { repository: Awaited<ReturnType<typeof startTestServer>>['repository'] },
  ) {
    const project = await server.repository.getProject(demoProject.id)
    expect(project).toBeDefined()
    await server.repository.embedded.ensureUser({
      id: crypto.randomUUID(),
      projectId: demoProject.id,
      email,
      createdAt: new Date().toISOString(),
    })
  }

  it('then without LATCH_PUBLIC_URL, on loopback, the link names the address the server listens on, never Host or X-Forwarded-Host', async () => {
    const server = await startTestServer(backend, { embedded: { mailer: mailer() }, trustProxy: 1 })
    servers.push(server)
    const email = `owner-loop-${backend}@example.com`
    await withAccount(email, server)
    const link = await confirmationLink(server.base, email)
    expect(link.startsWith(`${server.base}/embedded/v1/device/confirm?token=`)).toBe(true)
    expect(link).not.toContain('evil')
  })

  it("then the code mail names the project's site and warns never to type the code on another", async () => {
    const server = await startTestServer(backend, { embedded: { mailer: mailer() } })
    servers.push(server)
    const email = `new-visitor-${backend}@example.com`
    const after = Date.now()
    await fetch(`${server.base}/embedded/v1/login?projectId=${demoProject.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    const { text } = await sink.waitFor(email, { after })
    expect(text).toContain("Type it only in Demo dapp's sign-in window on app.example.com.")
    expect(text).toContain('Never type it on another site')
  })

  it('then with LATCH_PUBLIC_URL the link names it, whatever the request says', async () => {
    const server = await startTestServer(backend, {
      embedded: { mailer: mailer(), publicUrl: 'https://wallet.example.com/' },
      trustProxy: 1,
    })
    servers.push(server)
    const email = `owner-public-${backend}@example.com`
    await withAccount(email, server)
    const link = await confirmationLink(server.base, email)
    expect(link.startsWith('https://wallet.example.com/embedded/v1/device/confirm?token=')).toBe(true)
  })

  it('then a server that listens beyond loopback without a public URL refuses to listen', async () => {
    const db = await openTestRepository(backend)
    const app = await createServer({
      repository: db.repository,
      logger: false,
      rateLimit: false,
      embedded: { mailer: mailer() },
    })
    await expect(app.listen({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/LATCH_PUBLIC_URL/)
    await app.close()
    await db.cleanup()
  })
})

describe('given `latch-server start` with LATCH_SMTP_URL', () => {
  it('then LATCH_PUBLIC_URL is required unless the server listens on loopback only', async () => {
    const env = { LATCH_SMTP_URL: 'smtp://127.0.0.1:1' }
    expect(embeddedFromEnv(env).publicUrl).toBeUndefined()
    await expect(
      startServer({ host: '0.0.0.0', port: 0, seed: false, env, sqliteFile: ':memory:' }),
    ).rejects.toThrow(/LATCH_PUBLIC_URL/)
  })
})
