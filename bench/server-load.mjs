#!/usr/bin/env node
// Load benchmark for @latch/server's wallet search: starts the built server in its own process
// (SQLite in a temporary directory, or PostgreSQL when DATABASE_URL is set), then drives
// GET /getWallets?search=… at a fixed 500 requests per second for 30 s over loopback with
// autocannon, and prints p50/p99 latency, throughput and errors.
//
//   npm run build && node bench/server-load.mjs [--rate 500] [--duration 30] [--connections 10]
import { execFileSync, spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '10' },
  },
})
const cli = fileURLToPath(new URL('../packages/server/dist/cli.js', import.meta.url))
if (!existsSync(cli)) {
  process.stderr.write('Build the server first: npm run build (or npx tsc -b packages/server)\n')
  process.exit(1)
}

const dir = mkdtempSync(join(tmpdir(), 'latch-bench-'))
const storage = process.env.DATABASE_URL ? [] : ['--db', join(dir, 'bench.db')]
const projectId = `bench${Date.now()}`
execFileSync(process.execPath, [
  cli,
  'project',
  'create',
  '--id',
  projectId,
  '--name',
  'Bench',
  '--origin',
  'https://bench.example',
  ...storage,
])

// Logging and rate limiting stay on, as in production; the limit is set above the offered load.
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const base = `http://127.0.0.1:${port}`
const logFile = join(dir, 'server.log')
const logFd = openSync(logFile, 'w')
const server = spawn(process.execPath, [cli, 'start', '--port', String(port), ...storage], {
  env: {
    ...process.env,
    LATCH_RATE_LIMIT_MAX: '100000000',
    LATCH_LOG_LEVEL: process.env.LATCH_LOG_LEVEL ?? 'info',
  },
  // Logs go to a file, so the server pays for writing them as in production while this process,
  // which runs the load generator, does not spend time reading them.
  stdio: ['ignore', logFd, 'inherit'],
})
const exited = new Promise((resolve) => server.once('exit', resolve))
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  )
  if (ok) break
  if (i > 100 || server.exitCode !== null) throw new Error('the server did not start')
  await new Promise((resolve) => setTimeout(resolve, 100))
}

const terms = ['wallet', 'meta', ' Trust ', 'LEDGER', 'sa', 'x', 'coin', 'phantom', 'zz-none', 'e']
let next = 0
const result = await autocannon({
  url: base,
  connections: Number(values.connections),
  overallRate: Number(values.rate),
  duration: Number(values.duration),
  headers: { origin: 'https://bench.example' },
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => {
        const term = encodeURIComponent(terms[next++ % terms.length])
        return {
          ...request,
          path: `/getWallets?projectId=${projectId}&st=appkit&sv=bench&page=1&entries=100&search=${term}`,
        }
      },
    },
  ],
})

server.kill('SIGTERM')
await exited
closeSync(logFd)

// The server's own handling time per request, from its access log, separates server cost from
// queueing and scheduling on a shared machine.
const serverMs = readFileSync(logFile, 'utf8')
  .split('\n')
  .filter((line) => line.includes('"path":"/getWallets"'))
  .map((line) => Number(/"ms":([\d.]+)/.exec(line)?.[1]))
  .filter((ms) => Number.isFinite(ms))
rmSync(dir, { recursive: true, force: true })

const backend = process.env.DATABASE_URL ? 'postgres' : 'sqlite'
const sorted = serverMs.sort((a, b) => a - b)
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null
const errors = result.errors + result.timeouts + result.non2xx
const figures = {
  backend,
  target: `${values.rate} req/s for ${values.duration} s, ${values.connections} connections`,
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  max_ms: result.latency.max,
  req_per_s: result.requests.average,
  total: result.requests.total,
  errors,
  server_p50_ms: at(0.5),
  server_p99_ms: at(0.99),
}
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`)
process.exitCode = errors === 0 ? 0 : 1
