'use client'
import type { Latch, RegistryWallet } from '@latch/core'
import { connectMethodsOrder, pushView, type WalletGroup, type WalletListEntry } from '@latch/core/internal'
import { Fragment } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import type { MessageId } from '../../i18n/en.js'
import { ConnectorRow } from './ConnectorRow.js'
import { EmailLogin } from './EmailLogin.js'
import { embeddedConnectorOf } from './embedded.js'
import type { ViewProps } from './index.js'
import { RegistryRow, SkeletonRows } from './RegistryRow.js'
import { isBuiltSocial, SocialLogin } from './SocialLogin.js'
import { useConnectList } from './useWalletList.js'
import { WalletImage } from './WalletImage.js'

/** Spec §9: the registry recommends 4 wallets; as many placeholders hold their place. */
const PLACEHOLDER_ROWS = 4

/**
 * The heading over each run of core's groups: featured and recommended read as one "Popular"
 * section. WalletConnect's row leads without a heading.
 */
const HEADINGS: Record<WalletGroup, MessageId | undefined> = {
  walletConnect: undefined,
  recent: 'connect.recent',
  injected: 'connect.installed',
  featured: 'connect.group.popular',
  recommended: 'connect.group.popular',
  custom: 'connect.group.custom',
  external: 'connect.group.external',
}

/**
 * Spec §2 Connect: the wallets exactly in core's listing order and groups (`orderConnectors`),
 * each run of a group under its heading, then All Wallets. While the registry loads,
 * placeholder rows hold the place of its wallets so nothing moves under the pointer.
 */
export function ConnectView({ latch }: ViewProps<'Connect'>) {
  const t = useT()
  const entries = useConnectList(latch)
  const active = useLatchState((s) => s.activeNamespace, { latch })
  const registry = useLatchState((s) => s.registry, { latch })
  const loading =
    latch.options.apiUrl !== undefined && (registry.status === 'idle' || registry.status === 'loading')
  // The features in force: the project's config once loaded, else the app's own (spec §1, §4).
  const email = useLatchState((s) => s.remote.features.email, { latch })
  const socials = useLatchState((s) => s.remote.features.socials, { latch })
  const { termsConditionsUrl, privacyPolicyUrl, features, enableWalletGuide } = latch.options
  const embedded = embeddedConnectorOf(latch) !== undefined
  const remoteStatus = useLatchState((s) => s.remote.status, { latch })
  // Spec §2: email, social, wallet; of the socials, those the embedded wallet logs in with yet, in
  // the order the project (or the app) lists them.
  const offered = embedded && socials !== false ? socials.filter(isBuiltSocial) : []
  // While the project config loads, a button's place is held for the socials it may bring, so
  // the wallets below do not move when they come (the app's own socials show at once).
  const socialPending =
    embedded &&
    offered.length === 0 &&
    latch.options.apiUrl !== undefined &&
    !latch.options.basic &&
    (remoteStatus === 'idle' || remoteStatus === 'loading')
  const methods = connectMethodsOrder({
    email: email && embedded,
    social: offered.length > 0 || socialPending,
  })
  return (
    <>
      {methods.map((method) =>
        method === 'email' ? (
          <EmailLogin key="email" latch={latch} />
        ) : method === 'social' ? (
          offered.length > 0 ? (
            <SocialLogin key="social" latch={latch} providers={offered} />
          ) : (
            <div key="social" className="latch-email" aria-hidden="true">
              <div
                className="latch-secondary latch-social latch-skeleton"
                data-testid="latch-social-skeleton"
              />
            </div>
          )
        ) : null,
      )}
      {entries.length === 0 && !loading && (
        <>
          <p className="latch-muted">{t('connect.empty')}</p>
          <p className="latch-muted">{t('connect.empty.hint')}</p>
        </>
      )}
      <ul className="latch-list" aria-label={t('view.Connect.title')}>
        {entries.map((entry, index) => {
          const heading = HEADINGS[entry.group]
          const previous = index > 0 ? HEADINGS[(entries[index - 1] as WalletListEntry).group] : undefined
          return (
            <Fragment key={`${entry.group}:${entry.id}`}>
              {heading && heading !== previous && (
                <li className="latch-group" aria-hidden="true" data-testid="wallet-group">
                  {t(heading)}
                </li>
              )}
              <Row latch={latch} entry={entry} active={active} />
            </Fragment>
          )
        })}
        {loading && (
          <>
            {/* The registry's wallets will come under "Popular": its heading holds its place too. */}
            <li className="latch-group" aria-hidden="true">
              {t('connect.group.popular')}
            </li>
            <SkeletonRows count={PLACEHOLDER_ROWS} />
          </>
        )}
        {features.allWallets && (
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
        )}
      </ul>
      {enableWalletGuide && (
        <p className="latch-muted latch-guide-link">
          <span>{t('connect.guide')}</span>{' '}
          <button
            type="button"
            className="latch-text-button"
            data-testid="wallet-guide-link"
            onClick={() => pushView(latch, { view: 'WhatIsAWallet' })}
          >
            {t('connect.guide.start')}
          </button>
        </p>
      )}
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

function Row({ latch, entry, active }: { latch: Latch; entry: WalletListEntry; active: string | undefined }) {
  const t = useT()
  if (entry.group === 'walletConnect')
    return (
      <li>
        <button
          type="button"
          className="latch-item"
          data-testid="wallet-option-walletconnect"
          onClick={() =>
            pushView(latch, { view: 'ConnectingWalletConnectBasic', params: { connectorId: entry.id } })
          }
        >
          <WalletImage connector={{ id: 'walletConnect', name: 'WalletConnect' }} />
          <span>{t('walletConnect.row')}</span>
        </button>
      </li>
    )
  // One row per wallet: the side of the namespace the app is on connects.
  const connector = entry.connectors.find((c) => c.chain === active) ?? entry.connector
  if (connector) return <ConnectorRow latch={latch} connector={connector} />
  if (entry.wallet) return <RegistryRow latch={latch} wallet={{ chains: [], ...entry.wallet }} />
  return null
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
