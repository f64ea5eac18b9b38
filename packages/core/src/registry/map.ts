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
  }
}

/** A snapshot entry as a wallet list item; no image (the UI draws initials). */
export function fromSnapshotWallet(wallet: SnapshotWallet): RegistryWallet {
  return {
    id: wallet.id,
    name: wallet.name,
    rdns: wallet.rdns,
    chains: wallet.chains,
    mobileLink: wallet.mobile_link,
    desktopLink: wallet.desktop_link,
    webappLink: wallet.webapp_link,
  }
}
