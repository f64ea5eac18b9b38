#!/usr/bin/env node
// Serves the Next.js example (apps/next-example) with `next start` on NEXT_PORT (3177), building
// it first when it has no production build yet. The e2e tests start it; `npm test` builds it
// beforehand with `npm run build:next`, so there it only starts.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const app = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'next-example')
const port = process.env.NEXT_PORT ?? '3177'
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const next = join(app, 'node_modules', '.bin', 'next')
const bin = existsSync(next) ? next : join(app, '..', '..', 'node_modules', '.bin', 'next')

if (!existsSync(join(app, '.next', 'BUILD_ID'))) {
  const build = spawnSync(bin, ['build'], { cwd: app, env, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const server = spawn(bin, ['start', '--port', port, '--hostname', '127.0.0.1'], {
  cwd: app,
  env,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
