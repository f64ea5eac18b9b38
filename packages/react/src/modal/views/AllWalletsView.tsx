'use client'
import { selectWallet } from '@latch/core'
import { useId, useState } from 'react'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { useWalletList } from './useWalletList.js'
import { WalletImage } from './WalletImage.js'

/** Spec §2 AllWallets: every wallet the kit knows, searchable (the search text is trimmed). */
export function AllWalletsView({ latch }: ViewProps) {
  const t = useT()
  const inputId = useId()
  const [query, setQuery] = useState('')
  const wallets = useWalletList(latch)
  const needle = query.trim().toLowerCase()
  const shown = needle ? wallets.filter((w) => w.name.toLowerCase().includes(needle)) : wallets
  return (
    <>
      <label htmlFor={inputId} className="latch-visually-hidden">
        {t('allWallets.search.label')}
      </label>
      <input
        id={inputId}
        className="latch-search"
        type="search"
        placeholder={t('allWallets.search')}
        value={query}
        data-autofocus
        onChange={(event) => setQuery(event.target.value)}
      />
      {shown.length === 0 ? (
        <p className="latch-muted" role="status">
          {t('allWallets.empty')}
        </p>
      ) : (
        <ul className="latch-list" aria-label={t('view.AllWallets.title')}>
          {shown.map((connector) => (
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
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
