#!/usr/bin/env node
// Size of every published entry, minified and gzipped, as a consumer's bundler would see it
// (peer dependencies external). `--check` fails when an entry exceeds its budget in
// bench/size-budgets.json; a budget is raised only with a written reason there.
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const budgets = JSON.parse(await readFile(join(root, 'bench/size-budgets.json'), 'utf8'))
const check = process.argv.includes('--check')

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
let failed = 0
const rows = []
const notes = []
for (const [name, budget] of Object.entries(budgets.entries)) {
  const [pkg, sub = '.'] = name.split(/(?<=^@latch\/[a-z]+)\//)
  const dir = join(root, 'packages', pkg.replace('@latch/', ''))
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  const exp = manifest.exports[sub === '.' ? '.' : `./${sub}`]
  const external = [
    ...Object.keys(manifest.peerDependencies ?? {}),
    /^react(-dom)?(\/|$)/,
    /^@wagmi\//,
    /^viem(\/|$)/,
  ]
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: join(dir, exp.default), formats: ['es'], fileName: 'entry' },
      rollupOptions: {
        external: (id) =>
          external.some((e) => (typeof e === 'string' ? id === e || id.startsWith(`${e}/`) : e.test(id))),
      },
    },
  })
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .filter((c) => c.type === 'chunk')
  // Initial = the entry chunk plus everything it imports statically; lazy = the rest.
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const eager = new Set()
  const visit = (chunk) => {
    if (!chunk || eager.has(chunk.fileName)) return
    eager.add(chunk.fileName)
    for (const dep of chunk.imports) visit(byName.get(dep))
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk)
  // WalletConnect's libraries and the QR encoder may only ever be loaded with import().
  const eagerWalletConnect = chunks
    .filter((c) => eager.has(c.fileName))
    .flatMap((c) => c.imports)
    .filter((id) => /^@walletconnect\/|^uqr$/.test(id))
  if (eagerWalletConnect.length) {
    failed++
    console.error(`${name}: first load imports ${[...new Set(eagerWalletConnect)].join(', ')} statically`)
  }
  // Brand logos (and, once added, other locales' catalogs and motion code) are for the open
  // modal: none may be on first load.
  const eagerHeavy = chunks
    .filter((c) => eager.has(c.fileName))
    .flatMap((c) => c.moduleIds ?? Object.keys(c.modules ?? {}))
    .filter((id) => /[\\/]@web3icons[\\/]|[\\/]i18n[\\/]locales[\\/]/.test(id))
  if (eagerHeavy.length) {
    failed++
    console.error(
      `${name}: first load bundles ${eagerHeavy.length} brand logo or locale catalog modules (${eagerHeavy[0]} …)`,
    )
  }
  // The embedded wallet's frame client is loaded with import() when used, never on first load.
  const eagerFrame = chunks
    .filter((c) => eager.has(c.fileName))
    .flatMap((c) => c.moduleIds ?? Object.keys(c.modules ?? {}))
    .filter((id) => /[\\/]frame[\\/]client\.(js|ts)$/.test(id))
  if (eagerFrame.length) {
    failed++
    console.error(`${name}: first load bundles the embedded frame client (${eagerFrame[0]})`)
  }
  // The modal's own chunk, reported so its growth is seen in review.
  const modalChunk = chunks.find((c) =>
    (c.moduleIds ?? Object.keys(c.modules ?? {})).some((id) => /[\\/]modal[\\/]Modal\.js$/.test(id)),
  )
  if (modalChunk && !eager.has(modalChunk.fileName))
    notes.push(`${name}: modal chunk ${kib(gzipSync(modalChunk.code, { level: 9 }).length)} gzip`)
  // @solana/kit, the system program, @scure/btc-signer and the noble curves may only be loaded with
  // import() (first Solana or Bitcoin use).
  const eagerSolana = chunks
    .filter((c) => eager.has(c.fileName))
    .flatMap((c) => c.moduleIds ?? Object.keys(c.modules ?? {}))
    .filter((id) => /node_modules\/(@solana\/|@solana-program\/|@noble\/|@scure\/btc-signer\/)/.test(id))
  if (eagerSolana.length) {
    failed++
    console.error(
      `${name}: first load bundles ${eagerSolana.length} module(s) of @solana/*, @scure/btc-signer or @noble/* statically`,
    )
  }
  // The EVM adapter's actions (connect, sign, send, balance) and the viem actions behind them load
  // with import() on first use: the first load imports none of wagmi's action functions for them.
  const evmActions = new Set([
    'connect',
    'sendTransaction',
    'signMessage',
    'verifyMessage',
    'waitForTransactionReceipt',
    'getPublicClient',
  ])
  const eagerEvmActions = chunks
    .filter((c) => eager.has(c.fileName))
    .flatMap((c) => [...c.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@wagmi\/core["']/g)])
    .flatMap((m) => m[1].split(',').map((binding) => binding.trim().split(/\s+as\s+/)[0]))
    .filter((binding) => evmActions.has(binding))
  if (eagerEvmActions.length) {
    failed++
    console.error(
      `${name}: first load imports ${[...new Set(eagerEvmActions)].join(', ')} from @wagmi/core statically`,
    )
  }
  // The sign-in flow (core's actions and the SIWXSignMessage view) loads only in apps with `siwx`.
  const eagerSignIn = chunks.some(
    (c) => eager.has(c.fileName) && c.code.includes('initialize authentication') && name === '@latch/react',
  )
  if (eagerSignIn) {
    failed++
    console.error(`${name}: first load carries the sign-in flow`)
  }
  let initial = 0
  let lazy = 0
  for (const chunk of chunks) {
    const size = gzipSync(chunk.code, { level: 9 }).length
    if (eager.has(chunk.fileName)) initial += size
    else lazy += size
  }
  const over = initial > budget.initial * 1024 || lazy > (budget.lazy ?? 0) * 1024
  if (over) failed++
  rows.push(
    `| ${name} | ${kib(initial)} / ${budget.initial} KiB | ${kib(lazy)} / ${budget.lazy ?? 0} KiB | ${over ? 'OVER' : 'ok'} |`,
  )
}
// The embedded-wallet frame is an app of its own (served by @latch/server, loaded by no dapp
// bundle). Each of its pages (the frame, and the frame origin's own window) is measured as its
// first load: the page's script, every chunk it imports statically, and the largest locale
// catalog (a visitor loads one, at start-up). That is held to the frame's ceiling (`frame`).
// Every other chunk is loaded with import() when needed (the approval screen's decoders when the
// first approval opens): each is held to its own budget in `frameLazy`, and a lazy chunk with no
// budget fails the check.
{
  const { readdir } = await import('node:fs/promises')
  const dist = join(root, 'packages/frame/dist')
  const dir = join(dist, 'assets')
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.js'))
  const catalog = /^(ar|de|es|fa|fr|he|hi|id|it|ja|ko|nl|pl|pt-BR|ru|tr|uk|vi|zh-CN|zh-TW)-[\w-]+\.js$/
  const gz = new Map()
  const code = new Map()
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8')
    code.set(file, text)
    gz.set(file, gzipSync(text, { level: 9 }).length)
  }
  const largestCatalog = Math.max(0, ...files.filter((f) => catalog.test(f)).map((f) => gz.get(f)))
  // Static imports of a built chunk (minified: `from"./x.js"` or a bare `import"./x.js"`).
  const staticImports = (file) =>
    [...(code.get(file) ?? '').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1])
  const firstLoad = (entry) => {
    const seen = new Set()
    const visit = (file) => {
      if (seen.has(file) || !code.has(file)) return
      seen.add(file)
      for (const next of staticImports(file)) visit(next)
    }
    visit(entry)
    return seen
  }
  const eager = new Set()
  for (const page of ['index.html', 'window.html']) {
    const html = await readFile(join(dist, page), 'utf8').catch(() => '')
    const entry = /<script[^>]*src="\/frame\/assets\/([\w.-]+\.js)"/.exec(html)?.[1]
    const chunks = entry === undefined ? new Set() : firstLoad(entry)
    for (const chunk of chunks) eager.add(chunk)
    const size = [...chunks].reduce((sum, f) => sum + gz.get(f), 0) + largestCatalog
    const over = entry === undefined || size > budgets.frame * 1024
    if (over) failed++
    if (entry === undefined) console.error(`@latch/frame: ${page} not built (npm run build)`)
    rows.push(
      `| @latch/frame (${page}, first load) | ${kib(size)} / ${budgets.frame} KiB | — | ${over ? 'OVER' : 'ok'} |`,
    )
  }
  for (const file of files) {
    if (eager.has(file) || catalog.test(file)) continue
    const name = file.replace(/-[\w-]{8}\.js$/, '')
    const budget = budgets.frameLazy?.[name]
    const over = budget === undefined || gz.get(file) > budget * 1024
    if (over) failed++
    if (budget === undefined) console.error(`@latch/frame: lazy chunk ${name} has no budget in frameLazy`)
    rows.push(
      `| @latch/frame (${name}, loaded with import()) | — | ${kib(gz.get(file))} / ${budget ?? '?'} KiB | ${over ? 'OVER' : 'ok'} |`,
    )
  }
}
console.log('| entry | initial gzip / budget | lazy gzip / budget | |\n|---|---|---|---|')
console.log(rows.join('\n'))
for (const note of notes) console.log(note)
if (check && failed) {
  console.error(`${failed} entr${failed === 1 ? 'y is' : 'ies are'} over budget (bench/size-budgets.json).`)
  process.exit(1)
}
