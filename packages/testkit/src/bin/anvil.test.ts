import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../dist/bin/anvil.js', import.meta.url))
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

describe('given the latch-anvil binary', () => {
  it('when asked for --help or help, then it prints the usage and exits 0 without starting chains', async () => {
    for (const args of [['--help'], ['help'], ['-h']]) {
      const { stdout } = await run(process.execPath, [bin, ...args])
      expect(stdout).toContain('Usage: latch-anvil')
    }
  })

  it('when asked for --version, then it prints the package version', async () => {
    expect((await run(process.execPath, [bin, '--version'])).stdout.trim()).toBe(pkg.version)
  })

  it('when given an unknown option or a bad port, then it explains and exits 2, without a stack trace', async () => {
    for (const args of [['--bogus'], ['--mainnet-port', 'x']]) {
      const error = (await run(process.execPath, [bin, ...args]).catch((e: unknown) => e)) as {
        code: number
        stderr: string
      }
      expect(error.code).toBe(2)
      expect(error.stderr).toContain('Usage: latch-anvil')
      expect(error.stderr).not.toMatch(/\n\s+at /)
    }
  })
})
