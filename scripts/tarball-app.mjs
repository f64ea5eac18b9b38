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

function fail(message) {
  process.stderr.write(`tarball app: ${message}\n`)
  process.exit(1)
}

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

// The same, following docs/migrate-from-rainbowkit.md on a RainbowKit-era app: wagmi 2 and React 18
// (the template's package.json), the guide's setup block as src/App.tsx with its custom button
// (src/WalletButton.tsx) and the app's own wagmi-hook component rendered beside its ConnectButton.
// Built into the first app's dist/rainbowkit/, so the same `vite preview` serves it
// (e2e/tarball/rainbowkit.spec.ts).
const rainbowkitDir = `${tarballAppDir}-rainbowkit`
rmSync(rainbowkitDir, { recursive: true, force: true })
cpSync(join(root, 'e2e', 'tarball-app-rainbowkit'), rainbowkitDir, {
  recursive: true,
  filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
})
const guide = readFileSync(join(root, 'docs', 'migrate-from-rainbowkit.md'), 'utf8')
const block = (heading) =>
  /```tsx\n([\s\S]*?)```/.exec(guide.slice(guide.indexOf(heading)))?.[1] ??
  fail(`docs/migrate-from-rainbowkit.md has no tsx block under "${heading}"`)
let setup = block('## Setup, before and after')
const connectButton = /\n( *)(<ConnectButton [^\n]*\/>)\n/.exec(setup)
if (!connectButton) fail("the guide's setup block renders no <ConnectButton … />")
setup = setup
  .replace(
    connectButton[0],
    `\n${connectButton[1]}${connectButton[2]}\n${connectButton[1]}<WalletButton />\n${connectButton[1]}<SignMessage />\n`,
  )
  .replace(
    /^/,
    "import { SignMessage } from './SignMessage'\nimport { WalletButton } from './WalletButton'\n",
  )
for (const chain of ['mainnet', 'base']) {
  const placeholder = `'https://your-rpc/${chain}'`
  if (!setup.includes(placeholder)) fail(`the guide's setup block has no http(${placeholder})`)
  setup = setup.replace(placeholder, `new URLSearchParams(location.search).get('${chain}') ?? ${placeholder}`)
}
writeFileSync(join(rainbowkitDir, 'src', 'App.tsx'), setup)
writeFileSync(join(rainbowkitDir, 'src', 'WalletButton.tsx'), block('## A custom button'))
// The README's install line with wagmi 2 (what a RainbowKit 2 app has) in place of the latest wagmi.
const rainbowkitArgs = installArgs.map((arg) =>
  arg === 'wagmi' ? 'wagmi@^2.19.5' : arg === '@wagmi/core' ? '@wagmi/core@^2.22.1' : arg,
)
run(
  'npm install (wagmi 2, React 18)',
  'npm',
  ['install', '--no-audit', '--no-fund', '--prefer-offline', ...rainbowkitArgs],
  rainbowkitDir,
)
run(
  'vite build (wagmi 2, React 18)',
  join(rainbowkitDir, 'node_modules', '.bin', 'vite'),
  [
    'build',
    '--logLevel',
    'warn',
    '--base',
    '/rainbowkit/',
    '--outDir',
    join(tarballAppDir, 'dist', 'rainbowkit'),
  ],
  rainbowkitDir,
)
process.stdout.write(
  `tarball app: the RainbowKit-era app built in ${join(tarballAppDir, 'dist', 'rainbowkit')}\n`,
)
