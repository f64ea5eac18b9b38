#!/usr/bin/env node
// The browser tests in two shards side by side, each with its own stack (chains, server and its
// database, relay, mail sink, demo servers) on its own ports, so neither waits for the other:
// `injected` + `next` on the default ports, `as-started` on a second set. Each shard prints
// Playwright's own lines, prefixed with its name; the run fails when either fails.
// Arguments after `--` go to both (e.g. `npm run test:e2e -- --grep siwx`).
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const extra = process.argv.slice(2)

const shards = [
  { name: 'browser', projects: ['injected', 'next'], env: {} },
  {
    name: 'started',
    projects: ['as-started'],
    env: {
      E2E_DEMO_PORT: '6174',
      E2E_DEMO_STARTED_PORT: '6175',
      E2E_MAINNET_PORT: '9645',
      E2E_BASE_PORT: '9646',
      E2E_API_PORT: '4130',
      E2E_RELAY_PORT: '9655',
      E2E_DEV_WALLET_WC_PORT: '9656',
      E2E_NEXT_PORT: '4177',
      E2E_SOLANA_PORT: '9299',
      E2E_SMTP_PORT: '2725',
      E2E_MAIL_INBOX_PORT: '2726',
    },
  },
]

const run = (shard) =>
  new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['playwright', 'test', '-c', 'e2e', ...shard.projects.map((p) => `--project=${p}`), ...extra],
      {
        cwd: root,
        env: { ...process.env, E2E_SHARD: shard.name, ...shard.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const prefix = (stream, out) => {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) out.write(`[${shard.name}] ${line}\n`)
      })
      stream.on('end', () => {
        if (rest) out.write(`[${shard.name}] ${rest}\n`)
      })
    }
    prefix(child.stdout, process.stdout)
    prefix(child.stderr, process.stderr)
    child.on('close', (code) => resolve(code ?? 1))
  })

const codes = await Promise.all(shards.map(run))
process.exit(codes.some((code) => code !== 0) ? 1 : 0)
