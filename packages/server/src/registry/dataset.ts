import { readFile } from 'node:fs/promises'
import { generatedImage } from './image.js'
import { type ChainNamespace, chainNamespaces, type RegistryWallet, type StoredImage } from './types.js'

/** Where the curated data lives; the same relative path works from `src/` and `dist/`. */
export const defaultWalletsFile = new URL('../../registry/wallets.json', import.meta.url)
export const defaultImagesFile = new URL('../../registry/images.json', import.meta.url)

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
  'bluewallet',
  'bnc',
  'cbwallet',
  'coin98',
  'cosmostation',
  'dfw',
  'exodus',
  'familywallet',
  'frontier',
  'imtokenv2',
  'keplrwallet',
  'leapcosmos',
  'ledgerlive',
  'mathwallet',
  'metamask',
  'mewwallet',
  'novawallet',
  'okex',
  'oneinch',
  'onekey-wallet',
  'phantom',
  'rainbow',
  'safepalwallet',
  'solflare',
  'status-app',
  'subwallet',
  'tangem',
  'tpoutside',
  'trust',
  'uniswap',
  'xverse',
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

/** Generated images for every wallet plus the assets, currencies and tokens of `images.json`. */
export async function loadImages(
  wallets: readonly RegistryWallet[],
  file: URL | string = defaultImagesFile,
): Promise<StoredImage[]> {
  const data = JSON.parse(await readFile(file, 'utf8')) as Json
  const images = wallets.map((w) => generatedImage('wallet', w.id, w.name))
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
