'use client'
import { pushView, type RegistryWallet, withoutInstalled } from '@latch/core'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { ConnectorRow } from './ConnectorRow.js'
import type { ViewProps } from './index.js'
import { RegistryRow, SkeletonRows } from './RegistryRow.js'
import { useWalletList } from './useWalletList.js'
import { WalletImage } from './WalletImage.js'

/** Spec §9: the registry recommends 4 wallets; as many placeholders hold their place. */
const PLACEHOLDER_ROWS = 4

/** Spec §2 Connect: the wallets in listing order, then All Wallets. */
export function ConnectView({ latch }: ViewProps) {
  const t = useT()
  const wallets = useWalletList(latch)
  const registry = useLatchState((s) => s.registry, { latch })
  // Featured, then recommended wallets from the registry, unless already listed as installed.
  const suggested = withoutInstalled([...registry.featured, ...registry.recommended], wallets).filter(
    (wallet, index, all) => all.findIndex((w) => w.id === wallet.id) === index,
  )
  const recent = latch.store.getState().recentWalletId
  // Spec §2: WalletConnect first, only when enabled and not already connected through it.
  const namespaces = useLatchState((s) => s.namespaces, { latch })
  const showWalletConnect =
    latch.options.walletConnect !== undefined &&
    !Object.values(namespaces).some(
      (ns) => ns.account.status === 'connected' && ns.account.connectedWalletInfo?.type === 'WALLET_CONNECT',
    )
  const { termsConditionsUrl, privacyPolicyUrl } = latch.options
  return (
    <>
      {wallets.length === 0 && suggested.length === 0 && !showWalletConnect && (
        <>
          <p className="latch-muted">{t('connect.empty')}</p>
          <p className="latch-muted">{t('connect.empty.hint')}</p>
        </>
      )}
      <ul className="latch-list" aria-label={t('view.Connect.title')}>
        {showWalletConnect && (
          <li>
            <button
              type="button"
              className="latch-item"
              data-testid="wallet-option-walletconnect"
              onClick={() => pushView(latch, { view: 'ConnectingWalletConnectBasic' })}
            >
              <WalletImage connector={{ id: 'walletConnect', name: 'WalletConnect' }} />
              <span>{t('walletConnect.row')}</span>
              {recent === 'walletConnect' && <span className="latch-tag">{t('connect.recent')}</span>}
            </button>
          </li>
        )}
        {wallets.map((connector) => (
          <ConnectorRow
            key={`${connector.chain}:${connector.id}`}
            latch={latch}
            connector={connector}
            tag={
              connector.id === recent
                ? t('connect.recent')
                : connector.installed
                  ? t('connect.installed')
                  : undefined
            }
          />
        ))}
        {/* While the registry loads, placeholders hold the rows' place: nothing moves under the pointer. */}
        {registry.status === 'idle' || registry.status === 'loading' ? (
          <SkeletonRows count={PLACEHOLDER_ROWS} />
        ) : (
          suggested.map((wallet) => <RegistryRow key={wallet.id} latch={latch} wallet={wallet} />)
        )}
        <li>
          <button
            type="button"
            className="latch-item"
            data-testid="wallet-option-all"
            onClick={() => pushView(latch, { view: 'AllWallets' })}
          >
            <AllWalletsMark wallets={registry.wallets.slice(0, 4)} />
            <span>{t('connect.allWallets')}</span>
            {registry.count > 0 && (
              <span className="latch-tag" data-testid="wallet-count">
                {t('allWallets.count', { count: registry.count })}
              </span>
            )}
          </button>
        </li>
      </ul>
      {(termsConditionsUrl || privacyPolicyUrl) && (
        <p className="latch-muted">
          {termsConditionsUrl && (
            <a className="latch-link" href={termsConditionsUrl} target="_blank" rel="noreferrer noopener">
              {t('connect.terms')}
            </a>
          )}
          {termsConditionsUrl && privacyPolicyUrl ? ' · ' : null}
          {privacyPolicyUrl && (
            <a className="latch-link" href={privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
              {t('connect.privacy')}
            </a>
          )}
        </p>
      )}
    </>
  )
}

/** The All Wallets tile's mark: four registry logos in a grid (placeholders until loaded). */
function AllWalletsMark({ wallets }: { wallets: readonly RegistryWallet[] }) {
  return (
    <span aria-hidden="true" className="latch-avatar latch-mosaic">
      {[0, 1, 2, 3].map((i) => {
        const wallet = wallets[i]
        return wallet ? (
          <WalletImage
            key={wallet.id}
            connector={{ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }}
            className="latch-mosaic-tile"
          />
        ) : (
          <span key={i} className="latch-mosaic-tile" />
        )
      })}
    </span>
  )
}
