#!/usr/bin/env node
// The embedded wallet's email login on the server, measured (after `npm run build`): a real
// @latch/server (SQLite in memory) mailing through the testkit's real SMTP sink.
//
// - submit → code mail in the sink: `POST /embedded/v1/login` until the mail is parsed by the sink;
// - code → connected: `POST /embedded/v1/otp` (HMAC check, user, device, session, ES256 token).
// Baseline, in the same run: a `GET /healthz` round trip. Reported as medians of N logins (each
// with its own email, so the 30 s resend throttle does not apply) and as ratios to the baseline.
// The frame's script size is in bench/size.mjs. `--runs N` (default 15). Asserts nothing.
import { webcrypto } from 'node:crypto'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`)

const load = (path) => import(pathToFileURL(join(root, path)).href)
const { startMailSink } = await load('packages/testkit/dist/index.js')
const { createServer, createSmtpMailer, openRepository } = await load('packages/server/dist/index.js')
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]

const sink = await startMailSink()
const repository = await openRepository({ sqliteFile: ':memory:' })
await repository.createProject({ id: 'bench', name: 'Bench', allowedOrigins: [], allowLocalhost: true })
const app = await createServer({
  repository,
  logger: false,
  rateLimit: false,
  embedded: {
    mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Bench <bench@localhost>' }),
    limits: { ipLogins: 1e6, ipChecks: 1e6 },
  },
})
const base = await app.listen({ host: '127.0.0.1', port: 0 })
const post = (path, body) =>
  fetch(`${base}/embedded/v1/${path}?projectId=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const baseline = []
const toMail = []
const toSession = []
for (let i = 0; i < runs + 2; i++) {
  let t = performance.now()
  await (await fetch(`${base}/healthz`)).arrayBuffer()
  const health = performance.now() - t
  const email = `bench-${i}-${Date.now()}@example.com`
  t = performance.now()
  const { attemptId } = await (await post('login', { email })).json()
  const mail = await sink.waitFor(email)
  const mailMs = performance.now() - t
  const otp = /\b(\d{6})\b/.exec(mail.text)?.[1]
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
  const { kty, crv, x, y } = await webcrypto.subtle.exportKey('jwk', keys.publicKey)
  t = performance.now()
  const done = await post('otp', { attemptId, otp, devicePublicKey: { kty, crv, x, y } })
  if (done.status !== 200) throw new Error(`otp answered ${done.status}`)
  await done.arrayBuffer()
  const sessionMs = performance.now() - t
  if (i >= 2) {
    // The first two warm up the JIT, the SMTP connection and SQLite.
    baseline.push(health)
    toMail.push(mailMs)
    toSession.push(sessionMs)
  }
}
await app.close()
await repository.close()
await sink.close()

const b = median(baseline)
const row = (name, list) => `| ${name} | ${median(list).toFixed(1)} ms | ${(median(list) / b).toFixed(1)}× |`
console.log(`| step (median of ${runs}) | time | × /healthz |\n|---|---|---|`)
console.log(`| /healthz round trip (baseline) | ${b.toFixed(1)} ms | 1.0× |`)
console.log(row('submit → code mail in the sink', toMail))
console.log(row('code → session token', toSession))
