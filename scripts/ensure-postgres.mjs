#!/usr/bin/env node
// Makes a PostgreSQL server available on loopback for the server's tests and prints its URL.
//
//   node scripts/ensure-postgres.mjs          prints postgres://…/latch_test
//   node scripts/ensure-postgres.mjs --json   prints { url, started, stop } (stop: argv to stop it)
//
// LATCH_TEST_DATABASE_URL, when set, is used as is. Otherwise, as root, Debian's `postgresql`
// package is installed when missing and a dedicated cluster "latch" is started on 127.0.0.1:25432
// with trust auth on loopback only. As another user, a private data directory under .tmp/ is
// used with the installed binaries; when there are none, it says what to install and exits 1.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const port = Number(process.env.LATCH_TEST_PG_PORT ?? 25432)
const database = 'latch_test'
const json = process.argv.includes('--json')
const isRoot = process.getuid?.() === 0

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...options })
  if (result.error) throw result.error
  return result
}

function must(cmd, args, options = {}) {
  const result = run(cmd, args, options)
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`)
  }
  return result.stdout
}

function binDir() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : { version: versions[0], bin: join(root, versions[0], 'bin') }
}

function install() {
  if (!isRoot) {
    process.stderr.write(
      'PostgreSQL is not installed. Install it with `sudo apt-get install -y postgresql` ' +
        '(or set LATCH_TEST_DATABASE_URL to a database you own) and run again.\n',
    )
    process.exit(1)
  }
  process.stderr.write('Installing PostgreSQL (apt-get install -y postgresql)…\n')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  must('apt-get', ['update'], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  must('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
}

const isReady = (bin) =>
  run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-t', '1']).status === 0

function waitReady(bin) {
  for (let i = 0; i < 100; i++) {
    if (isReady(bin)) return
    execFileSync('sleep', ['0.1'])
  }
  throw new Error(`PostgreSQL did not become ready on 127.0.0.1:${port}`)
}

/**
 * Starts the server, again up to four times a second apart when it fails ("could not bind …
 * Address already in use": another process may hold the port for a moment). The port lies below
 * Linux's ephemeral range (32768–60999), which outgoing connections take theirs from.
 */
function startWithRetries(start) {
  for (let attempt = 1; ; attempt++) {
    try {
      return start()
    } catch (error) {
      if (attempt >= 5) throw error
      process.stderr.write(`ensure-postgres: start failed (attempt ${attempt}), retrying in 1 s\n`)
      execFileSync('sleep', ['1'])
    }
  }
}

/** As root: a Debian cluster owned by the postgres user. */
function rootCluster({ version, bin }) {
  const cluster = 'latch'
  const listed = run('pg_lsclusters', ['-h']).stdout ?? ''
  const exists = listed.split('\n').some((line) => {
    const [v, name] = line.trim().split(/\s+/)
    return v === version && name === cluster
  })
  if (!exists) {
    must('pg_createcluster', [
      version,
      cluster,
      '-p',
      String(port),
      '--',
      '--auth-local=trust',
      '--auth-host=trust',
    ])
  }
  // Debian's postgresql.conf reads conf.d/; loopback only, and durability is not needed for tests.
  const confDir = join('/etc/postgresql', version, cluster, 'conf.d')
  mkdirSync(confDir, { recursive: true })
  writeFileSync(join(confDir, 'latch.conf'), "listen_addresses = '127.0.0.1'\nfsync = off\n")
  // A cluster made with another port moves to this one.
  must('pg_conftool', [version, cluster, 'set', 'port', String(port)])
  if (isReady(bin)) return { started: false, stop: null }
  // Running, but not on this port (started before the port changed): restart it on this one.
  const online = (run('pg_lsclusters', ['-h']).stdout ?? '').split('\n').some((line) => {
    const [v, name, , status] = line.trim().split(/\s+/)
    return v === version && name === cluster && status === 'online'
  })
  if (online) must('pg_ctlcluster', [version, cluster, 'stop', '-m', 'fast'])
  startWithRetries(() => must('pg_ctlcluster', [version, cluster, 'start']))
  waitReady(bin)
  return { started: true, stop: ['pg_ctlcluster', version, cluster, 'stop', '-m', 'fast'] }
}

/** As another user: a private data directory, the user's own server process. */
function userCluster({ bin }) {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const data = join(repo, '.tmp', 'postgres')
  if (!existsSync(join(data, 'PG_VERSION'))) {
    mkdirSync(data, { recursive: true })
    must(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
  }
  if (isReady(bin)) return { started: false, stop: null }
  // Running, but not on this port (started before the port changed): stop it first.
  if (run(join(bin, 'pg_ctl'), ['-D', data, 'status']).status === 0)
    must(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop'])
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`
  startWithRetries(() =>
    must(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(data, 'server.log'), '-w', 'start']),
  )
  waitReady(bin)
  return { started: true, stop: [join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop'] }
}

function main() {
  if (process.env.LATCH_TEST_DATABASE_URL) {
    return { url: process.env.LATCH_TEST_DATABASE_URL, started: false, stop: null }
  }
  let pg = binDir()
  if (pg === undefined || (isRoot && run('sh', ['-c', 'command -v pg_ctlcluster']).status !== 0)) {
    install()
    pg = binDir()
    if (pg === undefined) throw new Error('PostgreSQL binaries not found after installing')
  }
  const state = isRoot ? rootCluster(pg) : userCluster(pg)
  const psql = join(pg.bin, 'psql')
  const base = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-tAc']
  const found = must(psql, [...base, `SELECT 1 FROM pg_database WHERE datname = '${database}'`]).trim()
  if (found !== '1') must(psql, [...base, `CREATE DATABASE ${database}`])
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, ...state }
}

try {
  const result = main()
  process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${result.url}\n`)
} catch (error) {
  process.stderr.write(`ensure-postgres: ${error.message}\n`)
  process.exit(1)
}
