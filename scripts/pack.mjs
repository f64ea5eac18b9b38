#!/usr/bin/env node
// Builds the packages and writes one npm tarball per published package into .tmp/packages/, so
// an app can install them before they are on the npm registry:
//   npm run pack
//   npm install /path/to/latch/.tmp/packages/latch-core-0.1.0.tgz …   (in the app)
// The tarballs are what `npm publish` would upload. Their dependencies on each other are ranges
// (^0.1.0), which npm resolves to the tarballs given in the same install.
//   node scripts/pack.mjs [--no-build] [--json]
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// Every package an app may install; the frame is the embedded wallet's app that @latch/server serves.
const packages = [
  'core',
  'react',
  'evm',
  'solana',
  'bitcoin',
  'cosmos',
  'polkadot',
  'walletconnect',
  'frame',
  'server',
  'testkit',
]
const out = join(root, '.tmp', 'packages')

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
// One npm process for all of them (npm's start-up is most of a small package's pack time).
const packed = execFileSync(
  'npm',
  [
    'pack',
    '--json',
    '--silent',
    '--pack-destination',
    out,
    ...packages.flatMap((name) => ['-w', `packages/${name}`]),
  ],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
)
// --json: npm's own report (each tarball's name, file name and files) for scripts/check-packages.mjs;
// else the list of tarballs.
if (process.argv.includes('--json')) process.stdout.write(packed)
else {
  const tarballs = readdirSync(out).filter((file) => file.endsWith('.tgz'))
  process.stdout.write(`${tarballs.length} tarballs in ${relative(process.cwd(), out) || '.'}:\n`)
  for (const file of tarballs.sort()) process.stdout.write(`  ${join(out, file)}\n`)
}
