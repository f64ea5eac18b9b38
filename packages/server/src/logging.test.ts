import { type ChildProcess, spawn } from 'node:child_process'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, openTestRepository, startTestServer } from './test/backends.js'

const cliPath = fileURLToPath(new URL('../dist/cli.js', import.meta.url))

describe.each(backends)('given a server on %s writing JSON logs', (backend) => {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer(backend, { logger: { level: 'info', stream } })
  })
  afterAll(() => server.close())

  it('when a search is made, then one line records request id, path, status and parameter names, not their values', async () => {
    const response = await fetch(
      `${server.base}/getWallets?projectId=${demoProject.id}&clientId=secret-client-42&search=private-text`,
      { headers: { 'x-request-id': 'trace-logging-1', authorization: 'Bearer hunter2' } },
    )
    expect(response.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const entry = lines.find((l) => l.reqId === 'trace-logging-1' && l.msg === 'request')
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/getWallets',
      params: ['projectId', 'clientId', 'search'],
      status: 200,
    })
    const all = JSON.stringify(lines)
    expect(all).not.toContain('secret-client-42')
    expect(all).not.toContain('private-text')
    expect(all).not.toContain('hunter2')
  })
})

describe.each(backends)('given the latch-server binary on %s logging at trace level', (backend) => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  let child: ChildProcess | undefined
  let output = ''
  beforeAll(async () => {
    db = await openTestRepository(backend)
    await db.repository.createProject(demoProject)
  })
  afterAll(async () => {
    child?.kill('SIGTERM')
    await db.cleanup()
  })

  it('when requests carry credentials, cookies and private query text, then none of it reaches the log', async () => {
    // A password in the database URL (the test cluster trusts loopback, so any password works).
    const databaseUrl = db.databaseUrl === undefined ? '' : withPassword(db.databaseUrl, 'db-pass-7731')
    const server = spawn(
      process.execPath,
      [
        cliPath,
        'start',
        '--port',
        '0',
        '--no-seed',
        ...(backend === 'sqlite' ? ['--db', db.sqliteFile ?? ''] : []),
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          LATCH_LOG_LEVEL: 'trace',
          LATCH_SECRET_KEY: 'b'.repeat(32),
        },
      },
    )
    child = server
    server.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const base = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (match?.[1]) resolve(match[1])
      })
      server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)))
    })
    const secrets = {
      authorization: 'Bearer token-5521',
      cookie: 'session=cookie-8842',
      'proxy-authorization': 'Basic proxy-9913',
    }
    for (const path of [
      `/getWallets?projectId=${demoProject.id}&clientId=client-4410&search=search-6620`,
      '/nope?clientId=client-4410',
      `/getWallets?projectId=${demoProject.id}&entries=Infinity&search=search-6620`,
    ]) {
      await fetch(`${base}${path}`, { headers: secrets })
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Trace level logs the headers, with the credentials replaced.
    expect(output).toContain('"msg":"request headers"')
    expect(output).toContain('"authorization":"[redacted]"')
    expect(output).toContain('"cookie":"[redacted]"')
    expect(output).toContain('"msg":"request"')
    for (const secret of [
      'token-5521',
      'cookie-8842',
      'proxy-9913',
      'client-4410',
      'search-6620',
      'db-pass-7731',
    ]) {
      expect(output, secret).not.toContain(secret)
    }
  })
})

function withPassword(url: string, password: string): string {
  const parsed = new URL(url)
  parsed.password = password
  return parsed.toString()
}
