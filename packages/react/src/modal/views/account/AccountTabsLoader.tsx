'use client'
import { lazy, Suspense } from 'react'
import type { AccountTabsProps } from './AccountTabs.js'

// The tabs (and the token list's query code) load when the Account view first renders.
const AccountTabs = lazy(() => import('./AccountTabs.js'))

/** The Account view's tabs, fetched with import() on first use. */
export function AccountTabsLoader(props: AccountTabsProps) {
  return (
    <Suspense fallback={null}>
      <AccountTabs {...props} />
    </Suspense>
  )
}
