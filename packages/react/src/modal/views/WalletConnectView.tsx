'use client'
import type { RegistryWallet } from '@latch/core'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { WalletImage } from './WalletImage.js'

/**
 * ConnectingWalletConnectBasic. A registry wallet that is not installed connects over
 * WalletConnect; an app without a WalletConnect connector says so and links to the wallet's web
 * app when it has one (https only), instead of failing silently.
 */
export function WalletConnectView({ latch, entry }: ViewProps) {
  const t = useT()
  const registry = useLatchState((s) => s.registry, { latch })
  const walletId = entry.params?.walletId
  const wallet: RegistryWallet | undefined = [
    ...registry.wallets,
    ...registry.search.results,
    ...registry.featured,
  ].find((w) => w.id === walletId)
  const webapp = wallet?.webappLink && /^https:\/\//.test(wallet.webappLink) ? wallet.webappLink : undefined
  return (
    <div className="latch-center">
      {wallet && (
        <WalletImage
          connector={{ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }}
          className="latch-wallet-icon"
        />
      )}
      <p data-testid="latch-walletconnect-unavailable">
        {t('walletConnect.unavailable', { wallet: wallet?.name ?? '' })}
      </p>
      <p className="latch-muted">{t('walletConnect.unavailable.hint', { wallet: wallet?.name ?? '' })}</p>
      {webapp && (
        <a
          className="latch-secondary latch-link-button"
          href={webapp}
          target="_blank"
          rel="noreferrer noopener"
        >
          {t('walletConnect.openWebapp', { wallet: wallet?.name ?? '' })}
        </a>
      )}
    </div>
  )
}
