import type { RegistryWallet } from '../types.js'
import { safeLink } from './links.js'
import type { ServerWallet } from './schemas.js'
import type { SnapshotWallet } from './snapshot.js'

/** A `/getWallets` item as the kit's wallet list item; the image comes from the same server. */
export function fromServerWallet(
  wallet: ServerWallet,
  context: { apiUrl: string; projectId?: string | undefined },
): RegistryWallet {
  const query = context.projectId ? `?projectId=${encodeURIComponent(context.projectId)}` : ''
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: `${context.apiUrl}/getWalletImage/${encodeURIComponent(wallet.image_id ?? wallet.id)}${query}`,
    rdns: wallet.rdns ?? undefined,
    chains: wallet.chains,
    mobileLink: safeLink(wallet.mobile_link, 'app'),
    desktopLink: safeLink(wallet.desktop_link, 'app'),
    webappLink: safeLink(wallet.webapp_link, 'web'),
    ...installLinks(wallet),
  }
}

/** The https pages where a wallet is installed, each kept only when it is https. */
function installLinks(wallet: {
  homepage?: string | null | undefined
  chrome_store?: string | null | undefined
  app_store?: string | null | undefined
  play_store?: string | null | undefined
}): Pick<RegistryWallet, 'homepage' | 'chromeStore' | 'appStore' | 'playStore'> {
  const links: Pick<RegistryWallet, 'homepage' | 'chromeStore' | 'appStore' | 'playStore'> = {}
  const homepage = safeLink(wallet.homepage, 'web')
  const chromeStore = safeLink(wallet.chrome_store, 'web')
  const appStore = safeLink(wallet.app_store, 'web')
  const playStore = safeLink(wallet.play_store, 'web')
  if (homepage) links.homepage = homepage
  if (chromeStore) links.chromeStore = chromeStore
  if (appStore) links.appStore = appStore
  if (playStore) links.playStore = playStore
  return links
}

/** A snapshot entry as a wallet list item, its logo (from the bundled logos) as a data URL. */
export function fromSnapshotWallet(
  wallet: SnapshotWallet,
  logos: Readonly<Record<string, string>>,
): RegistryWallet {
  const logo = Object.hasOwn(logos, wallet.id) ? logos[wallet.id] : undefined
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: logo === undefined ? undefined : `data:image/svg+xml,${encodeURIComponent(logo)}`,
    rdns: wallet.rdns,
    chains: wallet.chains,
    mobileLink: wallet.mobile_link,
    desktopLink: wallet.desktop_link,
    webappLink: wallet.webapp_link,
    ...installLinks(wallet),
  }
}
