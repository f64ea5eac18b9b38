'use client'
import type { CaipNetwork, ChainNamespace, Latch } from '@latch/core'
import { ACCOUNT_TABS, setCurrentTab } from '@latch/core/internal'
import { type KeyboardEvent, useId, useRef } from 'react'
import { useLatchState } from '../../../hooks/useLatchState.js'
import { useT } from '../../../i18n/context.js'
import type { MessageId } from '../../../i18n/en.js'
import ActivityTab from './ActivityTab.js'
import { NftsTab } from './NftsTab.js'
import { TokensTab } from './TokensTab.js'

export interface AccountTabsProps {
  latch: Latch
  namespace: ChainNamespace
  address: string
  /** The account's network; none while the wallet is on a chain the app did not configure. */
  caipNetwork: CaipNetwork | undefined
}

const labels: Record<(typeof ACCOUNT_TABS)[number], MessageId> = {
  tokens: 'account.tab.tokens',
  nfts: 'account.tab.nfts',
  activity: 'account.tab.activity',
}

/**
 * Tokens, NFTs and Activity of the connected account (spec §1), as WAI-ARIA tabs: arrow keys,
 * Home and End move between them; the tab is kept in the account's `currentTab`. Loaded with
 * import() when the Account view opens.
 */
export default function AccountTabs({ latch, namespace, address, caipNetwork }: AccountTabsProps) {
  const t = useT()
  const id = useId()
  const current = useLatchState((s) => s.namespaces[namespace]?.account.currentTab ?? 0, { latch })
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const select = (index: number) => {
    setCurrentTab(latch, { tab: index, namespace })
    tabs.current[index]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const last = ACCOUNT_TABS.length - 1
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (next === undefined) return
    event.preventDefault()
    select(next)
  }
  const tab = ACCOUNT_TABS[current] ?? 'tokens'
  return (
    <div className="latch-full">
      <div className="latch-tabs" role="tablist" aria-label={t('account.tabs.label')} onKeyDown={onKeyDown}>
        {ACCOUNT_TABS.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            className="latch-tab"
            data-testid={`latch-account-tab-${name}`}
            aria-selected={index === current}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => select(index)}
          >
            {t(labels[name])}
          </button>
        ))}
      </div>
      <div
        className="latch-tab-panel"
        role="tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable in the ARIA tabs pattern; one that scrolls (a long list, a long language) must be reachable by the keyboard
        tabIndex={0}
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
        data-testid={`latch-account-panel-${tab}`}
      >
        {tab === 'tokens' ? (
          <TokensTab latch={latch} namespace={namespace} address={address} caipNetwork={caipNetwork} />
        ) : tab === 'nfts' ? (
          <NftsTab latch={latch} namespace={namespace} address={address} caipNetwork={caipNetwork} />
        ) : (
          <ActivityTab latch={latch} address={address} caipNetwork={caipNetwork} />
        )}
      </div>
    </div>
  )
}
