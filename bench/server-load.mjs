#!/usr/bin/env node
// Load benchmarks for @latch/server. The server is started by its CLI as a user would (default
// logging at info, to a file), on SQLite in a temporary directory or on PostgreSQL when
// DATABASE_URL is set, and driven over loopback with autocannon.
//
//   npm run build && node bench/server-load.mjs [--scenario mixed|memory|abuse|rpc] [--rate 500] [--duration 60]
//
// mixed   500 req/s for 60 s over every kit route (registry pages, searches, featured and excluded
//         lists, chains, config, origins, analytics, images), with /healthz probed at 20 req/s in
//         the same run: p99 of the mix beside p99 of /healthz.
// memory  10,000 requests, each with a distinct include/exclude combination: server RSS before
//         and after.
// abuse   100 clients send the normal mix at 200 req/s alone, then again while five clients at
//         the rate limit (600/min each) send 8,000-character include lists: p99 of the
//         others in both phases.
// rpc     500 req/s for 60 s of JSON-RPC reads the RPC endpoint answers from its cache (chain id,
//         final blocks, code at a final block) in front of a local anvil, with /healthz probed at
//         20 req/s in the same run: p99 of the reads beside p99 of /healthz, and their ratio.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startAnvil } from '@latch/testkit'
import autocannon from 'autocannon'

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'mixed' },
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '10' },
  },
})
const cli = fileURLToPath(new URL('../packages/server/dist/cli.js', import.meta.url))
if (!existsSync(cli)) {
  process.stderr.write('Build the server first: npm run build (or npx tsc -b packages/server)\n')
  process.exit(1)
}
const backend = process.env.DATABASE_URL ? 'postgres' : 'sqlite'
// On PostgreSQL each run has a database of its own on DATABASE_URL's cluster, dropped at the end,
// and a throwaway key to seal secrets with (the server refuses PostgreSQL without one): a run
// never meets another's rows or keys. The CLI's project commands below inherit both.
const clusterUrl = process.env.DATABASE_URL
const benchDatabase = clusterUrl ? `latch_bench_${randomBytes(6).toString('hex')}` : undefined
/** Runs one statement on the cluster (creating and dropping the run's database). */
async function onCluster(sql) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: clusterUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
if (clusterUrl && benchDatabase) {
  await onCluster(`CREATE DATABASE ${benchDatabase}`)
  const url = new URL(clusterUrl)
  url.pathname = `/${benchDatabase}`
  process.env.DATABASE_URL = url.toString()
  process.env.LATCH_SECRET_KEY = randomBytes(32).toString('base64')
}
const dir = mkdtempSync(join(tmpdir(), 'latch-bench-'))
const storage = process.env.DATABASE_URL ? [] : ['--db', join(dir, 'bench.db')]
const projectId = `bench${Date.now()}`
execFileSync(
  process.execPath,
  [
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
  ],
  {
    stdio: ['ignore', 'ignore', 'ignore'],
  },
)

// The RPC scenario's node: a local chain with 80 blocks, so blocks 0…16 are final (anvil reports
// `finalized` 64 below its head), and the project's RPC URL for it.
const rpcChain = values.scenario === 'rpc' ? await startAnvil({ chainId: 31337 }) : undefined
if (rpcChain !== undefined) {
  await fetch(rpcChain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x50'] }),
  })
  execFileSync(
    process.execPath,
    [cli, 'project', 'set-rpc', projectId, 'eip155:31337', rpcChain.rpcUrl, ...storage],
    {
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  )
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const base = `http://127.0.0.1:${port}`
const logFile = join(dir, 'server.log')
const logFd = openSync(logFile, 'w')
const abuse = values.scenario === 'abuse'
const server = spawn(process.execPath, [cli, 'start', '--port', String(port), ...storage], {
  env: {
    ...process.env,
    // Default limit and a proxy hop in the abuse run (clients told apart by X-Forwarded-For);
    // otherwise one loopback client offers all the load, so the limit is lifted above it.
    LATCH_RATE_LIMIT_MAX: abuse ? '600' : '100000000',
    LATCH_TRUST_PROXY: abuse ? '1' : '0',
    // One loopback client offers all the load here too: the RPC endpoint's own limits are lifted.
    LATCH_RPC_IP_MAX: '0',
    LATCH_RPC_PROJECT_MAX: '0',
  },
  stdio: ['ignore', logFd, 'inherit'],
})
const exited = new Promise((resolve) => server.once('exit', resolve))
// Never leave the server behind, even when the benchmark itself fails.
process.once('exit', () => {
  server.kill('SIGTERM')
  rpcChain?.stop()
})
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  )
  if (ok) break
  if (i > 100 || server.exitCode !== null) throw new Error('the server did not start')
  await new Promise((resolve) => setTimeout(resolve, 100))
}
const rssMiB = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024)
}

// Read as a client of its own (a forwarded address counts in the abuse run), so it never counts
// against the clients measured below.
const wallets = (
  await (
    await fetch(`${base}/getWallets?projectId=${projectId}&entries=100`, {
      headers: { 'x-forwarded-for': '192.0.2.200' },
    })
  ).json()
).data.map((w) => w.id)
const terms = ['wallet', 'meta', ' Trust ', 'LEDGER', 'sa', 'x', 'coin', 'phantom', 'zz-none', 'e']
const q = `projectId=${projectId}&st=latch&sv=bench`
let n = 0
/** The kit's calls, in rough proportion to a real modal session. */
function mixedPath() {
  const i = n++
  switch (i % 10) {
    case 0:
      return `/appkit/v1/config?${q}`
    case 1:
      return `/projects/v1/origins?${q}`
    case 2:
      return `/getAnalyticsConfig?${q}`
    case 3:
      return `/getWalletImage/${wallets[i % wallets.length]}`
    case 4:
      return `/getWallets?${q}&page=1&entries=4&include=${wallets.slice(i % 20, (i % 20) + 4).join(',')}&chains=eip155`
    case 5:
      return `/getWallets?${q}&page=${1 + (i % 2)}&entries=40&exclude=${wallets.slice(0, 4).join(',')}&chains=eip155`
    default:
      return `/getWallets?${q}&page=1&entries=100&search=${encodeURIComponent(terms[i % terms.length])}`
  }
}

const run = (options) => autocannon({ url: base, headers: { origin: 'https://bench.example' }, ...options })
const summary = (result) => ({
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  max_ms: result.latency.max,
  req_per_s: result.requests.average,
  total: result.requests.total,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
})

let figures
const startRss = rssMiB()
if (values.scenario === 'mixed') {
  const duration = Number(values.duration)
  const [mix, health] = await Promise.all([
    run({
      connections: Number(values.connections),
      overallRate: Number(values.rate),
      duration,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: mixedPath() }) }],
    }),
    run({ connections: 1, overallRate: 20, duration, requests: [{ method: 'GET', path: '/healthz' }] }),
  ])
  figures = { mixed: summary(mix), healthz: summary(health) }
} else if (values.scenario === 'memory') {
  const warm = await run({
    connections: 4,
    amount: 500,
    requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: mixedPath() }) }],
  })
  const before = rssMiB()
  let k = 0
  const distinct = await run({
    connections: 4,
    amount: 10_000,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          // Every request a new pair of list lengths and contents.
          const i = k++
          const include = Array.from({ length: 1 + (i % 97) }, (_, j) => `w${i}-${j}`).join(',')
          const exclude = Array.from({ length: 1 + Math.floor(i / 97) }, (_, j) => `x${j}`).join(',')
          return { ...request, path: `/getWallets?${q}&entries=4&include=${include}&exclude=${exclude}` }
        },
      },
    ],
  })
  figures = {
    warmup_errors: warm.errors,
    start_rss_mib: before,
    end_rss_mib: rssMiB(),
    distinct: summary(distinct),
  }
} else if (abuse) {
  const duration = Number(values.duration)
  const longInclude = Array.from({ length: 4_000 }, (_, j) => (j % 2 ? wallets[j % wallets.length] : `z${j}`))
    .join(',')
    .slice(0, 7_990)
    .replace(/,[^,]*$/, '')
  const attack = () =>
    Array.from({ length: 5 }, (_, a) =>
      run({
        connections: 1,
        overallRate: 10,
        duration,
        headers: { origin: 'https://bench.example', 'x-forwarded-for': `203.0.113.${a + 1}` },
        requests: [{ method: 'GET', path: `/getWallets?${q}&entries=100&include=${longInclude}` }],
      }),
    )
  let c = 0
  const others = () =>
    run({
      connections: Number(values.connections),
      overallRate: 200,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: mixedPath(),
            headers: { ...request.headers, 'x-forwarded-for': `198.51.100.${1 + (c++ % 100)}` },
          }),
        },
      ],
    })
  // Baseline first: the same clients alone, in the same run, so the ratio does not depend on
  // how busy the machine is.
  const alone = await others()
  const [other, ...bad] = await Promise.all([others(), ...attack()])
  figures = {
    others_alone: summary(alone),
    others_under_attack: summary(other),
    p99_ratio: Math.round((other.latency.p99 / Math.max(1, alone.latency.p99)) * 100) / 100,
    attackers: bad.map(summary),
  }
} else if (values.scenario === 'rpc') {
  const duration = Number(values.duration)
  const reads = [
    { method: 'eth_chainId', params: [] },
    { method: 'eth_getBlockByNumber', params: ['0x1', false] },
    { method: 'eth_getBlockByNumber', params: ['0x2', true] },
    { method: 'eth_getCode', params: ['0x0000000000000000000000000000000000000000', '0x3'] },
  ].map((call, id) => JSON.stringify({ jsonrpc: '2.0', id, ...call }))
  const path = `/v1/?chainId=eip155:31337&projectId=${projectId}`
  // Warm the cache, and check every read is answered, before measuring.
  for (const body of reads) {
    const answer = await (
      await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    ).json()
    if (answer.result === undefined) throw new Error(`the RPC endpoint did not answer ${body}`)
  }
  let r = 0
  const [rpc, health] = await Promise.all([
    run({
      connections: Number(values.connections),
      overallRate: Number(values.rate),
      duration,
      requests: [
        {
          method: 'POST',
          path,
          headers: { origin: 'https://bench.example', 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: reads[r++ % reads.length] }),
        },
      ],
    }),
    run({ connections: 1, overallRate: 20, duration, requests: [{ method: 'GET', path: '/healthz' }] }),
  ])
  figures = {
    rpc_cached: summary(rpc),
    healthz: summary(health),
    p99_ratio: Math.round((rpc.latency.p99 / Math.max(1, health.latency.p99)) * 100) / 100,
  }
} else {
  throw new Error(`unknown scenario ${values.scenario}`)
}
const endRss = rssMiB()

server.kill('SIGTERM')
await exited
await rpcChain?.stop()
closeSync(logFd)
// The server's own handling time per request, from its access log: server cost apart from
// queueing and scheduling on a shared machine.
const serverMs = readFileSync(logFile, 'utf8')
  .split('\n')
  .filter((line) => line.includes('"msg":"request"'))
  .map((line) => Number(/"ms":([\d.]+)/.exec(line)?.[1]))
  .filter((ms) => Number.isFinite(ms))
  .sort((a, b) => a - b)
rmSync(dir, { recursive: true, force: true })
if (benchDatabase) await onCluster(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`)
const at = (p) => serverMs[Math.min(serverMs.length - 1, Math.floor(p * serverMs.length))] ?? null

process.stdout.write(
  `${JSON.stringify({ backend, scenario: values.scenario, start_rss_mib: startRss, end_rss_mib: endRss, server_p50_ms: at(0.5), server_p99_ms: at(0.99), ...figures }, null, 2)}\n`,
)
