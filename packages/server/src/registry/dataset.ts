import { readFile } from 'node:fs/promises'
import { generatedImage, storedImage } from './image.js'
import { type ChainNamespace, chainNamespaces, type RegistryWallet, type StoredImage } from './types.js'

/** Where the curated data lives; the same relative path works from `src/` and `dist/`. */
export const defaultWalletsFile = new URL('../../registry/wallets.json', import.meta.url)
export const defaultImagesFile = new URL('../../registry/images.json', import.meta.url)
/** Every wallet's logo, written by `scripts/build-logos.mjs` from MIT-licensed icon sets on npm. */
export const defaultLogosFile = new URL('../../registry/logos.json', import.meta.url)

/** Wallet ids are slugs: they appear in URLs and comma lists, so they never contain commas. */
const walletIdPattern = /^[a-z0-9][a-z0-9-]{0,62}$/
const rdnsPattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/
/**
 * The schemes a wallet's mobile or desktop link may use: https universal links, and the app
 * schemes of the wallets in the dataset, listed one by one. Anything else (`javascript:`,
 * `data:`, `file:`, `http:`, …) is refused, so a client that follows links without checking them
 * can never be handed one that runs code or reads local files. A new wallet's app scheme is added
 * here with the wallet.
 */
export const walletAppSchemes: ReadonlySet<string> = new Set([
  'argent',
  'awallet',
  'bitkeep',
  'bnc',
  'cbwallet',
  'coin98',
  'dfw',
  'exodus',
  'frontier',
  'imtokenv2',
  'keplrwallet',
  'ledgerlive',
  'mathwallet',
  'metamask',
  'mewwallet',
  'okex',
  'oneinch',
  'phantom',
  'rainbow',
  'safepalwallet',
  'solflare',
  'status-app',
  'tpoutside',
  'trust',
  'uniswap',
  'zengo',
  'zerion',
])

const linkShape = /^[a-z][a-z0-9+.-]*:[^\s<>"'`\\]*$/
const isHttpsUrl = (v: string): boolean => {
  try {
    const url = new URL(v)
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === ''
  } catch {
    return false
  }
}
const appLink = {
  test: (v: string): boolean => {
    if (!linkShape.test(v)) return false
    const scheme = v.slice(0, v.indexOf(':')).toLowerCase()
    return scheme === 'https' ? isHttpsUrl(v) : walletAppSchemes.has(scheme)
  },
}
const httpsLink = { test: (v: string): boolean => linkShape.test(v) && isHttpsUrl(v) }

// Store links point at the store itself, so an install button never leads anywhere else.
const chromeStore = /^https:\/\/chromewebstore\.google\.com\/detail\/[a-z]{32}$/
const appStore = /^https:\/\/apps\.apple\.com\/app\/id\d{6,12}$/
const playStore = /^https:\/\/play\.google\.com\/store\/apps\/details\?id=[A-Za-z0-9._]{3,100}$/
const storeLink = (pattern: RegExp) => ({ test: (v: string): boolean => pattern.test(v) })
const storeWhat = "the wallet's page on that store or null"

/** The dataset file is not what the server expects. */
export class RegistryDataError extends Error {
  override name = 'RegistryDataError' as const
}

type Json = Record<string, unknown>

function field<T>(entry: Json, key: string, where: string, check: (v: unknown) => v is T, what: string): T {
  const value = entry[key]
  if (!check(value)) throw new RegistryDataError(`${where}: ${key} must be ${what}`)
  return value
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200
const nullableMatching =
  (pattern: { test(value: string): boolean }) =>
  (v: unknown): v is string | null =>
    v === null || (isString(v) && pattern.test(v))

function parseWallet(raw: unknown, index: number): RegistryWallet {
  const where = `wallets[${index}]`
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RegistryDataError(`${where}: expected an object`)
  }
  const entry = raw as Json
  const id = field(entry, 'id', where, (v): v is string => isString(v) && walletIdPattern.test(v), 'a slug')
  const chains = field(
    entry,
    'chains',
    where,
    (v): v is ChainNamespace[] =>
      Array.isArray(v) && v.length > 0 && v.every((c) => chainNamespaces.includes(c as ChainNamespace)),
    `a non-empty list of ${chainNamespaces.join(', ')}`,
  )
  const badge = field(
    entry,
    'badge',
    where,
    (v): v is 'certified' | null => v === null || v === 'certified',
    "'certified' or null",
  )
  return {
    id,
    name: field(entry, 'name', where, isString, 'a non-empty string'),
    rdns: field(entry, 'rdns', where, nullableMatching(rdnsPattern), 'a reverse-DNS name or null'),
    chains: [...new Set(chains)],
    mobile_link: field(
      entry,
      'mobile_link',
      where,
      nullableMatching(appLink),
      'an https link, a known wallet app link or null',
    ),
    desktop_link: field(
      entry,
      'desktop_link',
      where,
      nullableMatching(appLink),
      'an https link, a known wallet app link or null',
    ),
    webapp_link: field(entry, 'webapp_link', where, nullableMatching(httpsLink), 'an https URL or null'),
    homepage: field(entry, 'homepage', where, nullableMatching(httpsLink), 'an https URL or null'),
    chrome_store: field(entry, 'chrome_store', where, nullableMatching(storeLink(chromeStore)), storeWhat),
    app_store: field(entry, 'app_store', where, nullableMatching(storeLink(appStore)), storeWhat),
    play_store: field(entry, 'play_store', where, nullableMatching(storeLink(playStore)), storeWhat),
    badge_type: badge,
    order: field(
      entry,
      'order',
      where,
      (v): v is number => Number.isInteger(v) && (v as number) > 0,
      'a positive integer',
    ),
  }
}

/** Validate the parsed content of `wallets.json`; throws {@link RegistryDataError} on the first fault. */
export function parseWallets(data: unknown): RegistryWallet[] {
  const list = (data as { wallets?: unknown } | null)?.wallets
  if (!Array.isArray(list)) throw new RegistryDataError('wallets: expected a list')
  const wallets = list.map(parseWallet)
  const seen = new Set<string>()
  for (const wallet of wallets) {
    if (seen.has(wallet.id)) throw new RegistryDataError(`wallets: duplicate id ${wallet.id}`)
    seen.add(wallet.id)
  }
  return wallets
}

/** Read and validate the wallet dataset. */
export async function loadWallets(file: URL | string = defaultWalletsFile): Promise<RegistryWallet[]> {
  return parseWallets(JSON.parse(await readFile(file, 'utf8')))
}

const imageIdPattern = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,127}$/

/** Largest wallet logo stored, in bytes of SVG text (the same limit the logo script applies). */
const MAX_LOGO_BYTES = 8192
const unsafeSvg = /<script|<foreignObject|<image|\son[a-z]+=|javascript:|(?:xlink:)?href="(?!#)/i

/**
 * Every wallet's logo from `logos.json`: a wallet without one, or with one that is too large or
 * could run or load anything, is refused, so no wallet is listed with a placeholder.
 */
export async function loadWalletLogos(
  wallets: readonly RegistryWallet[],
  file: URL | string = defaultLogosFile,
): Promise<Map<string, string>> {
  const data = JSON.parse(await readFile(file, 'utf8')) as { wallets?: Record<string, { svg?: unknown }> }
  const logos = new Map<string, string>()
  for (const wallet of wallets) {
    const svg =
      data.wallets && Object.hasOwn(data.wallets, wallet.id) ? data.wallets[wallet.id]?.svg : undefined
    if (typeof svg !== 'string' || !svg.startsWith('<svg')) {
      throw new RegistryDataError(`logos: ${wallet.id} has no logo`)
    }
    if (Buffer.byteLength(svg) > MAX_LOGO_BYTES || unsafeSvg.test(svg)) {
      throw new RegistryDataError(
        `logos: ${wallet.id} is larger than ${MAX_LOGO_BYTES} bytes or not a plain image`,
      )
    }
    logos.set(wallet.id, svg)
  }
  return logos
}

/** Every wallet's logo plus generated images for the assets, currencies and tokens of `images.json`. */
export async function loadImages(
  wallets: readonly RegistryWallet[],
  file: URL | string = defaultImagesFile,
  logosFile: URL | string = defaultLogosFile,
): Promise<StoredImage[]> {
  const data = JSON.parse(await readFile(file, 'utf8')) as Json
  const logos = await loadWalletLogos(wallets, logosFile)
  const images = wallets.map((w) => storedImage('wallet', w.id, logos.get(w.id) as string))
  const groups = [
    ['assets', 'asset'],
    ['currencies', 'currency'],
    ['tokens', 'token'],
  ] as const
  for (const [key, kind] of groups) {
    const list = data[key]
    if (!Array.isArray(list)) throw new RegistryDataError(`${key}: expected a list`)
    list.forEach((raw: unknown, index) => {
      const entry = (raw ?? {}) as Json
      const where = `${key}[${index}]`
      const id = field(entry, 'id', where, (v): v is string => isString(v) && imageIdPattern.test(v), 'an id')
      images.push(generatedImage(kind, id, field(entry, 'label', where, isString, 'a label')))
    })
  }
  return images
}
