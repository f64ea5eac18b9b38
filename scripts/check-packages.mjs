#!/usr/bin/env node
// Packs every published package as npm would and checks the tarballs: publint (package.json
// against the files really shipped) and Are the Types Wrong (types resolve for ESM consumers),
// plus our own rules: LICENSE and README present, no build leftovers, every source map's sources
// shipped, internal dependencies as ranges, repository/homepage/engines set. Also: every package
// the lockfile installs runs on the oldest Node the root's engines allow, so `npm ci` on it prints
// no EBADENGINE warning.
//
//   node scripts/check-packages.mjs           all packages
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const packages = [
  'core',
  'evm',
  'solana',
  'bitcoin',
  'cosmos',
  'polkadot',
  'react',
  'walletconnect',
  'testkit',
  'server',
]
const bin = (name) => join(root, 'node_modules', '.bin', name)
const problems = []
// The tarballs `npm run pack` writes (.tmp/packages/), packed once for these checks and for the
// tarball app that `npm test` builds after them (scripts/tarball-app.mjs --no-pack).
const out = join(root, '.tmp', 'packages')
const report = JSON.parse(
  execFileSync(process.execPath, [join(root, 'scripts', 'pack.mjs'), '--no-build', '--json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }),
)

for (const name of packages) {
  const dir = join(root, 'packages', name)
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const packed = report.find((entry) => entry.name === pkg.name)
  if (!packed) {
    problems.push(`${pkg.name}: npm pack wrote no tarball`)
    continue
  }
  const tarball = join(out, packed.filename)
  const files = new Set(packed.files.map((f) => f.path))
  const fail = (message) => problems.push(`${pkg.name}: ${message}`)

  for (const required of ['LICENSE', 'README.md', 'package.json']) {
    if (!files.has(required)) fail(`${required} is not in the tarball`)
  }
  for (const file of files) {
    if (/(^|\/)\.tsbuildinfo$|\.test\.|(^|\/)test\//.test(file)) fail(`stray file ${file}`)
  }
  // Every source map must point at sources that ship with it.
  for (const file of files) {
    if (!file.endsWith('.map')) continue
    const map = JSON.parse(readFileSync(join(dir, file), 'utf8'))
    for (const source of map.sources ?? []) {
      const target = normalize(join(dirname(file), map.sourceRoot ?? '', source))
      if (!files.has(target)) fail(`${file} points at ${target}, which is not shipped`)
    }
  }
  if (!pkg.repository?.url || !pkg.homepage) fail('repository and homepage are required')
  if (pkg.engines?.node !== '>=20.19') fail('engines.node must be ">=20.19"')
  for (const [dep, range] of Object.entries(pkg.dependencies ?? {})) {
    if (dep.startsWith('@latch/') && !range.startsWith('^')) fail(`${dep} must be a ^ range, not ${range}`)
  }

  // Stylesheets are entry points for bundlers, not modules with types.
  const stylesheets = Object.keys(pkg.exports ?? {}).filter((entry) => entry.endsWith('.css'))
  const attwArgs = [tarball, '--profile', 'esm-only', '--no-emoji', '--no-color', '--format', 'ascii']
  if (stylesheets.length) attwArgs.push('--exclude-entrypoints', ...stylesheets)
  for (const [tool, args] of [
    ['publint', ['run', tarball, '--strict']],
    ['attw', attwArgs],
  ]) {
    try {
      execFileSync(bin(tool), args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    } catch (error) {
      fail(`${tool} failed:\n${error.stdout}${error.stderr}`)
    }
  }
  process.stdout.write(`${pkg.name}: ${files.size} files checked\n`)
}

const oldestNode = semver.minVersion(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node,
)
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
for (const [path, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node
  if (path && range && !semver.satisfies(oldestNode, range)) {
    problems.push(`${path}@${entry.version} needs Node ${range}, but engines allow ${oldestNode}`)
  }
}
process.stdout.write(`lockfile: every package runs on Node ${oldestNode}\n`)

if (problems.length > 0) {
  process.stderr.write(`\n${problems.join('\n')}\n`)
  process.exit(1)
}
