'use client'
import { pushView, selectWallet } from '@latch/core'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { useWalletList } from './useWalletList.js'
import { WalletImage } from './WalletImage.js'

/** Spec §2 Connect: the wallets in listing order, then All Wallets. */
export function ConnectView({ latch }: ViewProps) {
  const t = useT()
  const wallets = useWalletList(latch)
  const recent = latch.store.getState().recentWalletId
  const { termsConditionsUrl, privacyPolicyUrl } = latch.options
  return (
    <>
      {wallets.length === 0 && (
        <>
          <p className="latch-muted">{t('connect.empty')}</p>
          <p className="latch-muted">{t('connect.empty.hint')}</p>
        </>
      )}
      <ul className="latch-list" aria-label={t('view.Connect.title')}>
        {wallets.map((connector) => (
          <li key={`${connector.chain}:${connector.id}`}>
            <button
              type="button"
              className="latch-item"
              data-testid="wallet-option"
              data-connector-id={connector.id}
              onClick={() =>
                void selectWallet(latch, { connectorId: connector.id, namespace: connector.chain })
              }
            >
              <WalletImage connector={connector} />
              <span>{connector.name}</span>
              {connector.id === recent ? (
                <span className="latch-tag">{t('connect.recent')}</span>
              ) : connector.installed ? (
                <span className="latch-tag">{t('connect.installed')}</span>
              ) : null}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="latch-item"
            data-testid="wallet-option-all"
            onClick={() => pushView(latch, { view: 'AllWallets' })}
          >
            <span
              aria-hidden="true"
              className="latch-avatar"
              style={{ display: 'inline-grid', placeItems: 'center' }}
            >
              ⋯
            </span>
            <span>{t('connect.allWallets')}</span>
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
