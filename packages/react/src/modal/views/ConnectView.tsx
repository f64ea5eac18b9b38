'use client'
import { pushView, type WalletGroup } from '@latch/core'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { ConnectorRow } from './ConnectorRow.js'
import type { ViewProps } from './index.js'
import { RegistryRow } from './RegistryRow.js'
import { useConnectList } from './useWalletList.js'

const TAGS: Partial<Record<WalletGroup, 'connect.recent' | 'connect.installed'>> = {
  recent: 'connect.recent',
  injected: 'connect.installed',
}

/** Spec §2 Connect: the wallets in core's listing order, then All Wallets. */
export function ConnectView({ latch }: ViewProps) {
  const t = useT()
  const entries = useConnectList(latch)
  const active = useLatchState((s) => s.activeNamespace, { latch })
  const { termsConditionsUrl, privacyPolicyUrl, features } = latch.options
  return (
    <>
      {entries.length === 0 && (
        <>
          <p className="latch-muted">{t('connect.empty')}</p>
          <p className="latch-muted">{t('connect.empty.hint')}</p>
        </>
      )}
      <ul className="latch-list" aria-label={t('view.Connect.title')}>
        {entries.map((entry) => {
          const tag = TAGS[entry.group] ? t(TAGS[entry.group] as 'connect.recent') : undefined
          if (entry.group === 'walletConnect')
            return (
              <li key={`session:${entry.id}`}>
                <button
                  type="button"
                  className="latch-item"
                  data-testid="wallet-option-walletconnect"
                  onClick={() =>
                    pushView(latch, {
                      view: 'ConnectingWalletConnectBasic',
                      params: { connectorId: entry.id },
                    })
                  }
                >
                  <QrGlyph />
                  <span>{t('walletConnect.row')}</span>
                </button>
              </li>
            )
          const connector = entry.connectors.find((c) => c.chain === active) ?? entry.connector
          if (connector)
            return (
              <ConnectorRow key={`connector:${entry.id}`} latch={latch} connector={connector} tag={tag} />
            )
          if (entry.wallet)
            return (
              <RegistryRow
                key={`wallet:${entry.id}`}
                latch={latch}
                wallet={{ chains: [], ...entry.wallet }}
                tag={tag}
              />
            )
          return null
        })}
        {features.allWallets && (
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
        )}
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

/** A small QR-like mark drawn inline (no font glyph or image to depend on). */
function QrGlyph() {
  return (
    <svg aria-hidden="true" className="latch-avatar" viewBox="0 0 32 32" width={32} height={32}>
      <rect width="32" height="32" rx="8" fill="var(--latch-accent)" />
      <g fill="var(--latch-accent-text)">
        <path d="M7 7h7v7H7zm2 2v3h3V9zM18 7h7v7h-7zm2 2v3h3V9zM7 18h7v7H7zm2 2v3h3v-3z" fillRule="evenodd" />
        <path d="M18 18h3v3h-3zM22 22h3v3h-3zM18 23h2v2h-2zM23 18h2v2h-2z" />
      </g>
    </svg>
  )
}
