'use client'
import { lazy, Suspense } from 'react'
import type { AccountTabsProps } from './AccountTabs.js'

// The tabs (and the token list's query code) load when the Account view first renders.
const AccountTabs = lazy(() => import('./AccountTabs.js'))

// While the tabs' code loads, their place is kept: the tab row's height and the panel's fixed
// height, so nothing below (the network, Disconnect) moves when they arrive.
function AccountTabsSkeleton() {
  return (
    <div className="latch-full" aria-busy="true" data-testid="latch-account-tabs-loading">
      <div className="latch-tabs latch-tabs-skeleton latch-skeleton" />
      <div className="latch-tab-panel" />
    </div>
  )
}

/** The Account view's tabs, fetched with import() on first use. */
export function AccountTabsLoader(props: AccountTabsProps) {
  return (
    <Suspense fallback={<AccountTabsSkeleton />}>
      <AccountTabs {...props} />
    </Suspense>
  )
}
