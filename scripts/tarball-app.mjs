#!/usr/bin/env node
// Follows the README's "Use it in your app" on a fresh app: packs the packages (scripts/pack.mjs),
// copies the app template e2e/tarball-app/ to a directory outside this repository (so no package
// of the repository's node_modules can be found from it), adds the README's code sample to it, installs the tarballs with the peer
// dependencies exactly as the README says, and builds the app with vite. The e2e test
// e2e/tarball/connect.spec.ts serves the build and connects the Dev Wallet.
//   node scripts/tarball-app.mjs [--no-build] [--no-pack]   (--no-build: the packages are built
//   already; --no-pack: and packed into .tmp/packages)
// The app lands in $TARBALL_APP_DIR (default: <os tmpdir>/latch-tarball-app-<hash of this clone's path>).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
// --no-pack: the tarballs are in .tmp/packages already (`npm test` packs them once, in
// scripts/check-packages.mjs, after the build).
if (!process.argv.includes('--no-pack') || !existsSync(packages)) {
  run('npm run pack', process.execPath, [join(root, 'scripts', 'pack.mjs'), ...build], root)
}

rmSync(tarballAppDir, { recursive: true, force: true })
cpSync(join(root, 'e2e', 'tarball-app'), tarballAppDir, {
  recursive: true,
  filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
})

// The README's sample, word for word, as the app's src/App.tsx; only its placeholder RPC URLs
// become the local chains' (the page's ?mainnet= and ?base=).
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const section = readme.slice(readme.indexOf('## Use it in your app'))
let sample = /```tsx\n([\s\S]*?)```/.exec(section)?.[1]
for (const chain of ['mainnet', 'base']) {
  const placeholder = `'https://your-rpc/${chain}'`
  if (!sample?.includes(placeholder)) {
    process.stderr.write(
      `tarball app: the README's "Use it in your app" sample has no http(${placeholder})\n`,
    )
    process.exit(1)
  }
  sample = sample.replace(
    placeholder,
    `new URLSearchParams(location.search).get('${chain}') ?? ${placeholder}`,
  )
}
writeFileSync(join(tarballAppDir, 'src', 'App.tsx'), sample)

// The README's install command as it stands (`npm install $L/latch-core-<version>.tgz … wagmi …`),
// with $L the tarballs' directory; the template's package.json brings react, react-dom and vite.
const install = /\n(npm install \$L\/(?:[^\n\\]|\\\n)*)/.exec(section)?.[1]
if (!install) {
  process.stderr.write(`tarball app: the README's "Use it in your app" has no \`npm install $L/…\` line\n`)
  process.exit(1)
}
const installArgs = install
  .replace(/\\\n/g, ' ')
  .split(/\s+/)
  .slice(2)
  .map((arg) => arg.replace(/^\$L\//, `${packages}/`))
for (const arg of installArgs) {
  if (arg.startsWith(packages) && !existsSync(arg)) {
    process.stderr.write(`tarball app: the README installs ${arg}, which \`npm run pack\` did not write\n`)
    process.exit(1)
  }
}
process.stdout.write(`tarball app: npm install ${installArgs.join(' ')}\n`)
run(
  'npm install',
  'npm',
  ['install', '--no-audit', '--no-fund', '--prefer-offline', ...installArgs],
  tarballAppDir,
)
run(
  'vite build',
  join(tarballAppDir, 'node_modules', '.bin', 'vite'),
  ['build', '--logLevel', 'warn'],
  tarballAppDir,
)
process.stdout.write(`tarball app: built in ${join(tarballAppDir, 'dist')}\n`)
