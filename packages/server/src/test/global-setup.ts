import { execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
    redisUrl: string
  }
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const serverDir = fileURLToPath(new URL('../../', import.meta.url))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** A private, memory-only Redis on a free loopback port for this run. */
async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const binary = execFileSync(process.execPath, ['scripts/ensure-redis.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim()
  const port = await freePort()
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'notice',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (/Ready to accept connections/i.test(output)) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)))
    setTimeout(() => reject(new Error('redis-server did not start within 10 s')), 10_000).unref()
  })
  child.stdout.resume()
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}

/**
 * Both databases and Redis are always exercised: PostgreSQL is made available (installed and
 * started when needed) and a private Redis started before any test runs, and the CLI is compiled
 * so tests can spawn the real binary.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const output = execFileSync(process.execPath, ['scripts/ensure-postgres.mjs', '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const { url, stop } = JSON.parse(output) as { url: string; stop: string[] | null }
  project.provide('postgresUrl', url)
  const redis = await startRedis()
  project.provide('redisUrl', redis.url)
  execFileSync(process.execPath, [`${repoRoot}node_modules/typescript/bin/tsc`, '-b', serverDir], {
    stdio: 'inherit',
  })
  return () => {
    redis.stop()
    // Stop the cluster only when this run started it.
    if (stop !== null) {
      const [command = '', ...args] = stop
      execFileSync(command, args, { stdio: 'ignore' })
    }
  }
}
