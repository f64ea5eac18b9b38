#!/usr/bin/env node
// Makes Debian's `redis-server` available for the server's tests and prints the binary's path.
//
//   node scripts/ensure-redis.mjs      prints /usr/bin/redis-server
//
// As root, the package is installed when missing. As another user, it says what to install and
// exits 1. The tests start their own short-lived server on a free loopback port with it.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const candidates = ['/usr/bin/redis-server', '/usr/local/bin/redis-server']
const found = () => candidates.find((path) => existsSync(path))

function must(cmd, args, env) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', env, stdio: ['ignore', 'ignore', 'pipe'] })
  if (result.error) throw result.error
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}): ${result.stderr}`)
}

try {
  if (found() === undefined) {
    if (process.getuid?.() !== 0) {
      process.stderr.write(
        'redis-server is not installed. Install it with `sudo apt-get install -y redis-server` and run again.\n',
      )
      process.exit(1)
    }
    process.stderr.write('Installing Redis (apt-get install -y redis-server)…\n')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    must('apt-get', ['update'], env)
    must('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], env)
  }
  const path = found()
  if (path === undefined) throw new Error('redis-server not found after installing')
  process.stdout.write(`${path}\n`)
} catch (error) {
  process.stderr.write(`ensure-redis: ${error.message}\n`)
  process.exit(1)
}
