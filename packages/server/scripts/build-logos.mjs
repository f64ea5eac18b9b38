#!/usr/bin/env node
// Writes registry/logos.json: every registry wallet's logo as an SVG, taken from icon sets
// published on npm under the MIT licence, so the registry and the kit's bundled snapshot carry
// real logos without fetching anything at run time. Each package is fetched with `npm pack` at
// the exact version named here (no dependency is added to the project); each SVG is checked for
// size and for anything that could run or load, and the file records where every logo came from.
//   npm run build:logos -w @latch/server, then npm run build:snapshot -w @latch/server
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const packages = {
  web3icons: { name: '@web3icons/core', version: '4.0.56' },
  bgd: { name: '@bgd-labs/react-web3-icons', version: '1.64.0' },
}

/**
 * Wallet id → `set:icon`. web3icons: `wallets/…`, or the brand's exchange or token mark where
 * the wallet wears the same one (Uniswap, Binance, Bybit, Gate, Bitget, Klever); bgd: the named
 * icon of its full-colour set. A path with a variant (`exchanges/background/…`) names it; else the
 * branded variant.
 */
const logoSources = {
  metamask: 'web3icons:wallets/metamask',
  trust: 'web3icons:wallets/trust',
  coinbase: 'web3icons:wallets/coinbase',
  rainbow: 'web3icons:wallets/rainbow',
  phantom: 'web3icons:wallets/phantom',
  okx: 'web3icons:wallets/okx',
  zerion: 'web3icons:wallets/zerion',
  uniswap: 'web3icons:exchanges/uniswap',
  'ledger-live': 'web3icons:wallets/ledger',
  safe: 'web3icons:wallets/safe',
  argent: 'web3icons:wallets/argent',
  rabby: 'web3icons:wallets/rabby',
  brave: 'bgd:iconBravewallet',
  backpack: 'web3icons:wallets/backpack',
  solflare: 'web3icons:wallets/solflare',
  exodus: 'web3icons:wallets/exodus',
  'one-inch': 'bgd:icon1Inchwallet',
  bitget: 'web3icons:exchanges/bitget',
  imtoken: 'web3icons:wallets/imtoken',
  tokenpocket: 'web3icons:wallets/token-pocket',
  safepal: 'bgd:iconSafepalwallet',
  'crypto-com-defi': 'bgd:iconDefiwallet',
  binance: 'web3icons:exchanges/binance',
  zengo: 'web3icons:wallets/zengo',
  taho: 'bgd:iconTallyhowallet',
  frame: 'bgd:iconFramewallet',
  enkrypt: 'web3icons:wallets/enkrypt',
  mew: 'web3icons:wallets/my-ether-wallet',
  keplr: 'web3icons:wallets/keplr',
  coin98: 'web3icons:wallets/coin98',
  mathwallet: 'bgd:iconMathwallet',
  atomic: 'web3icons:wallets/atomic',
  kraken: 'web3icons:wallets/kraken',
  bybit: 'web3icons:exchanges/background/bybit',
  gate: 'web3icons:exchanges/gate-io',
  'trezor-suite': 'web3icons:wallets/trezor',
  alphawallet: 'web3icons:wallets/alpha-wallet',
  status: 'bgd:iconStatuswallet',
  frontier: 'bgd:iconFrontierwallet',
  core: 'bgd:iconCorewallet',
  glow: 'web3icons:wallets/glow',
  zeal: 'bgd:iconZealwallet',
  daimo: 'web3icons:wallets/daimo',
  sequence: 'web3icons:wallets/sequence',
  klever: 'web3icons:tokens/KLV',
}

/** Largest logo accepted, in bytes of SVG text: a logo past it is a picture, not a mark. */
const MAX_LOGO_BYTES = 8192

/** Why an SVG may not be stored, or undefined when it may. */
function logoProblem(svg) {
  if (!/^<svg[\s>]/.test(svg)) return 'does not start with <svg'
  if (Buffer.byteLength(svg) > MAX_LOGO_BYTES) return `is larger than ${MAX_LOGO_BYTES} bytes`
  if (/<script|<foreignObject|<image|\son[a-z]+=|javascript:|(?:xlink:)?href="(?!#)/i.test(svg)) {
    return 'holds script, an event handler, an embedded image or an outside reference'
  }
  return undefined
}

function unpack(dir, { name, version }) {
  // The file name is the last line npm prints (its --json lists every file, too long to buffer).
  const filename = execFileSync(
    'npm',
    ['pack', `${name}@${version}`, '--silent', '--pack-destination', dir],
    {
      encoding: 'utf8',
    },
  )
    .trim()
    .split('\n')
    .pop()
  const into = join(dir, name.replace('/', '__'))
  execFileSync('mkdir', ['-p', into])
  execFileSync('tar', ['xzf', join(dir, filename), '-C', into])
  return join(into, 'package')
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'latch-logos-'))
  try {
    const roots = Object.fromEntries(Object.entries(packages).map(([key, pkg]) => [key, unpack(tmp, pkg)]))
    const bgd = await import(pathToFileURL(join(roots.bgd, 'dist/icons/full/index.js')).href)
    const read = {
      web3icons: async (icon) =>
        (
          await import(
            pathToFileURL(
              join(
                roots.web3icons,
                `dist/svgs/${icon.includes('/', icon.indexOf('/') + 1) ? icon : icon.replace('/', '/branded/')}.svg.js`,
              ),
            ).href
          )
        ).default,
      bgd: async (icon) => bgd[icon]?.data,
    }
    const wallets = {}
    const problems = []
    for (const [id, source] of Object.entries(logoSources)) {
      const [set, icon] = source.split(':')
      const svg = (await read[set](icon))?.trim().replace(/\n\s*/g, '')
      const problem = svg === undefined ? 'is missing' : logoProblem(svg)
      if (problem) problems.push(`${id} (${source}) ${problem}`)
      else wallets[id] = { source: `${packages[set].name}@${packages[set].version} ${icon}`, svg }
    }
    if (problems.length) throw new Error(problems.join('\n'))
    const target = fileURLToPath(new URL('../registry/logos.json', import.meta.url))
    const licences = Object.values(packages).map((p) => `${p.name}@${p.version} (MIT)`)
    writeFileSync(target, `${JSON.stringify({ version: 1, licences, wallets }, null, 2)}\n`)
    const biome = fileURLToPath(new URL('../../../node_modules/@biomejs/biome/bin/biome', import.meta.url))
    execFileSync(process.execPath, [biome, 'format', '--write', target], { stdio: 'ignore' })
    process.stdout.write(`Wrote ${Object.keys(wallets).length} logos to ${target}\n`)
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
