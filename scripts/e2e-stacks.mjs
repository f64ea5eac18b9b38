#!/usr/bin/env node
// The e2e suite's web servers: one local stack per Playwright worker, each on its own ports
// (e2e/playwright.config.ts passes them in E2E_STACKS). A stack is what `npm start` runs — two
// local EVM chains, the local Solana chain, the Bitcoin regtest stand-in, @latch/server with its own SQLite file, the
// WalletConnect relay, the Dev Wallet's WalletConnect peer, the mail sink and the demo's
// production build, served as `npm start` serves it — plus a second server of that build on a
// port of its own (the as-started project's origin), the Next.js example and the app built from
// the packages' tarballs (scripts/tarball-app.mjs). The packages are
// built once, before any stack starts. When every server of every stack answers, this process
// answers on E2E_STACKS_READY_PORT, the one URL Playwright waits for.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stacks = JSON.parse(process.env.E2E_STACKS ?? '[]')
const readyPort = Number(process.env.E2E_STACKS_READY_PORT)
if (!Array.isArray(stacks) || stacks.length === 0 || !Number.isInteger(readyPort)) {
  console.error('e2e-stacks: E2E_STACKS (a JSON list of port sets) and E2E_STACKS_READY_PORT are required.')
  process.exit(2)
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
run('npm', ['run', 'build', '--silent'])
// `npm test` builds the Next.js example beforehand; a run on its own builds it once, here.
if (!existsSync(join(root, 'apps/next-example/.next/BUILD_ID'))) run('npm', ['run', 'build:next', '--silent'])
// Likewise the app built from the tarballs (`npm run build:tarball-app`), outside the repository.
const tarballApp =
  process.env.TARBALL_APP_DIR ??
  join(tmpdir(), `latch-tarball-app-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`)
if (!existsSync(join(tarballApp, 'dist/index.html')))
  run(process.execPath, ['scripts/tarball-app.mjs', '--no-build'])

/** @type {import('node:child_process').ChildProcess[]} */
const children = []
let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 3_000).unref()
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))

function start(name, command, args, options) {
  const child = spawn(command, args, { stdio: 'inherit', ...options })
  child.on('exit', (code) => {
    if (stopping) return
    console.error(`e2e-stacks: ${name} exited (${code}).`)
    stop(code || 1)
  })
  children.push(child)
}

/** [url, check] pairs: every stack's servers, each ready once its check holds. */
const checks = []
for (const [index, ports] of stacks.entries()) {
  const tmp = join(root, '.tmp', `e2e-stack-${index}`)
  // A fresh database per run: the tests assume nothing a previous run left.
  rmSync(tmp, { recursive: true, force: true })
  const demoBuild = join(tmp, 'demo')
  start(`stack ${index}: start.mjs`, process.execPath, [join(root, 'scripts/start.mjs'), '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      DEMO_PORT: String(ports.demo),
      MAINNET_PORT: String(ports.mainnet),
      BASE_PORT: String(ports.base),
      API_PORT: String(ports.api),
      RELAY_PORT: String(ports.relay),
      DEV_WALLET_WC_PORT: String(ports.devWalletWalletConnect),
      SOLANA_PORT: String(ports.solana),
      BITCOIN_PORT: String(ports.bitcoin),
      SMTP_PORT: String(ports.smtp),
      MAIL_INBOX_PORT: String(ports.mailInbox),
      DEV_GOOGLE_PORT: String(ports.devGoogle),
      DEV_GITHUB_PORT: String(ports.devGithub),
      DEV_SOCIALS_PORT: String(ports.devSocials),
      DEV_APPLE_PORT: String(ports.devApple),
      DEV_FARCASTER_PORT: String(ports.devFarcaster),
      DEV_ONRAMP_PORT: String(ports.devOnramp),
      LATCH_SQLITE_FILE: join(tmp, 'server.db'),
      // The server's own process, which a test may stop and resume alone.
      LATCH_SERVER_PID_FILE: join(tmp, 'server.pid'),
      DEMO_OUT_DIR: demoBuild,
    },
  })
  // `npm start`'s demo: the same production build, served by a second `vite preview` on a port
  // of its own once start.mjs has built it (the demo's port answers only after the build).
  let demoAsStartedStarted = false
  const demoAsStarted = async (url) => {
    if (!(await answers(`http://127.0.0.1:${ports.demo}/`))) return false
    if (!demoAsStartedStarted) {
      demoAsStartedStarted = true
      start(
        `stack ${index}: demo as started`,
        join(root, 'node_modules/.bin/vite'),
        ['preview', '--outDir', demoBuild, '--logLevel', 'warn'],
        { cwd: join(root, 'apps/demo'), env: { ...process.env, DEMO_PORT: String(ports.demoAsStarted) } },
      )
    }
    return answers(url)
  }
  // The Next.js example (built above when it had no build) on this stack's chains.
  start(`stack ${index}: next`, process.execPath, [join(root, 'scripts/next-example.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NEXT_PORT: String(ports.next),
      LATCH_RPC_MAINNET: `http://127.0.0.1:${ports.mainnet}`,
      LATCH_RPC_BASE: `http://127.0.0.1:${ports.base}`,
    },
  })
  // The tarball app's build (one for every stack: the page takes the chains' URLs as parameters).
  // Every stack serves the same build, so vite's one-preview-per-project lock is lifted.
  start(
    `stack ${index}: tarball app`,
    join(tarballApp, 'node_modules/.bin/vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(ports.tarballApp), '--strictPort', '--bypass-lock'],
    { cwd: tarballApp },
  )
  checks.push(
    [`http://127.0.0.1:${ports.demo}/`, answers],
    [`http://127.0.0.1:${ports.demoAsStarted}/`, demoAsStarted],
    [`http://127.0.0.1:${ports.next}/`, answers],
    [`http://127.0.0.1:${ports.tarballApp}/`, answers],
  )
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    return response.status < 500
  } catch {
    return false
  }
}

const pending = new Map(checks)
while (pending.size > 0 && !stopping) {
  for (const [url, check] of [...pending]) if (await check(url)) pending.delete(url)
  if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500))
}
if (!stopping) {
  createServer((_request, response) => response.end('ready\n')).listen(readyPort, '127.0.0.1', () =>
    console.log(`e2e-stacks: ${stacks.length} stack(s) ready.`),
  )
}
