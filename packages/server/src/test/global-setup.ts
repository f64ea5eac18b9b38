import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const serverDir = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Both databases are always exercised: PostgreSQL is made available (installed and started when
 * needed) before any test runs, and the CLI is compiled so one test can spawn the real binary.
 */
export default function setup(project: TestProject): () => void {
  const output = execFileSync(process.execPath, ['scripts/ensure-postgres.mjs', '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const { url, stop } = JSON.parse(output) as { url: string; stop: string[] | null }
  project.provide('postgresUrl', url)
  execFileSync(process.execPath, [`${repoRoot}node_modules/typescript/bin/tsc`, '-b', serverDir], {
    stdio: 'inherit',
  })
  return () => {
    // Stop the cluster only when this run started it.
    if (stop !== null) {
      const [command = '', ...args] = stop
      execFileSync(command, args, { stdio: 'ignore' })
    }
  }
}
