#!/usr/bin/env node
// Follows the README's "Use it in your app" on a fresh app: packs the packages (scripts/pack.mjs),
// copies the app template e2e/tarball-app/ to a directory outside this repository (so no package
// of the repository's node_modules can be found from it), installs the tarballs with the peer
// dependencies exactly as the README says, and builds the app with vite. The e2e test
// e2e/tarball/connect.spec.ts serves the build and connects the Dev Wallet.
//   node scripts/tarball-app.mjs [--no-build]   (--no-build: the packages are built already)
// The app lands in $TARBALL_APP_DIR (default: <os tmpdir>/latch-tarball-app-<hash of this clone's path>).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// One directory per clone (scripts/e2e-stacks.mjs computes the same).
const tarballAppDir =
  process.env.TARBALL_APP_DIR ??
  join(tmpdir(), `latch-tarball-app-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`)
const packages = join(root, '.tmp', 'packages')

function run(step, command, args, cwd) {
  const started = Date.now()
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (result.status !== 0) {
    process.stderr.write(
      `\ntarball app: ${step} failed (${command} ${args.join(' ')} in ${cwd}, exit ${result.status ?? result.signal})\n`,
    )
    process.exit(result.status ?? 1)
  }
  process.stdout.write(`tarball app: ${step} took ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}

const build = process.argv.includes('--no-build') ? ['--no-build'] : []
run('npm run pack', process.execPath, [join(root, 'scripts', 'pack.mjs'), ...build], root)

rmSync(tarballAppDir, { recursive: true, force: true })
cpSync(join(root, 'e2e', 'tarball-app'), tarballAppDir, {
  recursive: true,
  filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
})

// The README's install: the core, react and evm tarballs with wagmi, @wagmi/core, viem and
// @tanstack/react-query (the template's package.json brings react, react-dom, vite and its plugin).
const tarball = (name) => {
  const file = readdirSync(packages).find((entry) => new RegExp(`^latch-${name}-\\d[^/]*\\.tgz$`).test(entry))
  if (!file) {
    process.stderr.write(`tarball app: no latch-${name}-<version>.tgz in ${packages}\n`)
    process.exit(1)
  }
  return join(packages, file)
}
run(
  'npm install',
  'npm',
  [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    tarball('core'),
    tarball('react'),
    tarball('evm'),
    'wagmi',
    '@wagmi/core',
    'viem',
    '@tanstack/react-query',
  ],
  tarballAppDir,
)
run(
  'vite build',
  join(tarballAppDir, 'node_modules', '.bin', 'vite'),
  ['build', '--logLevel', 'warn'],
  tarballAppDir,
)
process.stdout.write(`tarball app: built in ${join(tarballAppDir, 'dist')}\n`)
