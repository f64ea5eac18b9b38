import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from './test/backends.js'

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
