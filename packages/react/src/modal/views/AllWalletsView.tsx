'use client'
import { fetchWalletsPage, prefetch, type RegistryWallet, searchWallets } from '@latch/core'
import { withoutInstalled } from '@latch/core/internal'
import { useEffect, useId, useRef, useState } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { useModalSession } from '../session.js'
import { ConnectorRow } from './ConnectorRow.js'
import type { ViewProps } from './index.js'
import { RegistryRow, SkeletonRows } from './RegistryRow.js'
import { useWalletList } from './useWalletList.js'

/**
 * Spec §2 AllWallets: the installed wallets, then the registry (from the app's @latch/server, or
 * the snapshot bundled with the kit), searchable, paged in as the list scrolls. A grid of
 * logos wherever the modal is wider than a phone's sheet, a list on a phone.
 */
export function AllWalletsView({ latch }: ViewProps<'AllWallets'>) {
  const t = useT()
  const inputId = useId()
  const session = useModalSession()
  // The search text survives a visit to a wallet and Back (kept for this opening of the modal).
  const [query, setQueryState] = useState(session.search)
  const setQuery = (value: string) => {
    session.search = value
    setQueryState(value)
  }
  const installed = useWalletList(latch)
  const registry = useLatchState((s) => s.registry, { latch })
  const sentinel = useRef<HTMLLIElement>(null)
  const needle = query.trim()
  const searching = needle.length > 0

  useEffect(() => {
    void prefetch(latch)
  }, [latch])

  useEffect(() => {
    void searchWallets(latch, { query })
  }, [latch, query])

  // Load the next page when the end of the list scrolls into view.
  useEffect(() => {
    const target = sentinel.current
    if (!target || searching || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void fetchWalletsPage(latch)
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [latch, searching])

  const lower = needle.toLowerCase()
  const connectors = searching ? installed.filter((c) => c.name.toLowerCase().includes(lower)) : installed
  const listed: readonly RegistryWallet[] = withoutInstalled(
    searching ? registry.search.results : registry.wallets,
    installed,
  )
  const loading = searching
    ? registry.search.status === 'loading'
    : registry.status === 'loading' || registry.status === 'idle'
  const more = !searching && registry.wallets.length < registry.count
  const empty = !loading && connectors.length === 0 && listed.length === 0

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
      {empty ? (
        <p className="latch-muted" role="status">
          {t('allWallets.empty')}
        </p>
      ) : (
        <ul
          className="latch-list latch-scroll latch-wallet-grid"
          aria-label={t('view.AllWallets.title')}
          aria-busy={loading}
        >
          {connectors.map((connector) => (
            <ConnectorRow key={`${connector.chain}:${connector.id}`} latch={latch} connector={connector} />
          ))}
          {!(searching && loading) &&
            listed.map((wallet) => <RegistryRow key={wallet.id} latch={latch} wallet={wallet} />)}
          {loading && <SkeletonRows count={4} />}
          {more && (
            <li ref={sentinel} aria-hidden="true" data-testid="wallet-list-end" style={{ height: 1 }} />
          )}
        </ul>
      )}
    </>
  )
}
