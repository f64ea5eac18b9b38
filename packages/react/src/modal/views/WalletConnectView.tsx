'use client'
import {
  cancelSession,
  isMobileBrowser,
  type Latch,
  type RegistryWallet,
  type RouteEntry,
  selectSession,
  setSessionLinking,
  walletLinkFor,
} from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { QrCode } from './QrCode.js'
import { WalletImage } from './WalletImage.js'

/**
 * ConnectingWalletConnectBasic: the pairing QR code, its link to copy, and, when opened from a
 * registry wallet, a link that opens that wallet app with the pairing. Without a WalletConnect
 * connector the app says so instead of failing silently.
 */
export function WalletConnectView(props: ViewProps) {
  const connectorId = sessionConnectorId(props.latch, props.entry)
  return connectorId ? <Pairing {...props} connectorId={connectorId} /> : <Unavailable {...props} />
}

/** The WalletConnect session connector this view pairs through: the route's, else the app's. */
function sessionConnectorId(latch: Latch, entry: RouteEntry): string | undefined {
  const requested = entry.params?.connectorId
  if (requested && latch.sessionConnectors.has(requested)) return requested
  return [...latch.sessionConnectors.values()].find((c) => c.type === 'WALLET_CONNECT')?.id
}

function useRegistryWallet({ latch, entry }: ViewProps): RegistryWallet | undefined {
  const registry = useLatchState((s) => s.registry, { latch })
  const walletId = entry.params?.walletId
  return [
    ...registry.wallets,
    ...registry.search.results,
    ...registry.featured,
    ...registry.recommended,
  ].find((w) => w.id === walletId)
}

function Pairing(props: ViewProps & { connectorId: string }) {
  const { latch, entry, connectorId } = props
  const t = useT()
  const wallet = useRegistryWallet(props)
  const session = useLatchState((s) => s.sessions[connectorId], { latch })
  const [copied, setCopied] = useState(false)
  const walletId = entry.params?.walletId
  const pair = () => void selectSession(latch, { connectorId, walletId })
  // biome-ignore lint/correctness/useExhaustiveDependencies: one pairing per view instance
  useEffect(() => {
    pair()
    return () => cancelSession(latch, { connectorId })
  }, [latch, walletId, connectorId])
  const uri = session?.pairing?.uri
  const error = session?.error
  const link =
    wallet && uri
      ? walletLinkFor({ platform: isMobileBrowser() ? 'mobile' : 'desktop', wallet, uri })
      : undefined
  if (error && session?.status !== 'connecting') {
    return (
      <div className="latch-center">
        <p className="latch-error" role="alert" data-testid="latch-error">
          {error.code === 'user-rejected'
            ? t('connecting.declined')
            : error.code === 'expired'
              ? t('walletConnect.expired')
              : t('connecting.failed')}
        </p>
        <p className="latch-muted">
          {error.code === 'user-rejected' ? t('connecting.declined.hint') : error.message}
        </p>
        <button type="button" className="latch-primary" data-autofocus onClick={pair}>
          {t('connecting.retry')}
        </button>
      </div>
    )
  }
  return (
    <div className="latch-center">
      {wallet && (
        <WalletImage
          connector={{ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }}
          className="latch-wallet-icon"
        />
      )}
      {uri ? (
        <>
          <QrCode value={uri} label={t('walletConnect.qr')} />
          <p className="latch-muted">{t('walletConnect.scan')}</p>
          <input
            className="latch-search latch-wc-uri"
            readOnly
            value={uri}
            aria-label={t('walletConnect.link')}
            data-testid="latch-wc-uri"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="latch-secondary"
            data-testid="latch-wc-copy"
            onClick={() => {
              void navigator.clipboard?.writeText(uri).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }}
          >
            {copied ? t('walletConnect.copied') : t('walletConnect.copy')}
          </button>
          {link && wallet && (
            <a
              className="latch-primary latch-link-button"
              href={link.href}
              target={link.platform === 'mobile' ? '_self' : '_blank'}
              rel="noreferrer noopener"
              data-testid="latch-wc-open"
              onClick={() =>
                setSessionLinking(latch, { connectorId, linking: { name: wallet.name, href: link.href } })
              }
            >
              {t('walletConnect.open')}
            </a>
          )}
        </>
      ) : (
        <div className="latch-spinner" role="progressbar" aria-label={t('walletConnect.preparing')} />
      )}
    </div>
  )
}

function Unavailable(props: ViewProps) {
  const t = useT()
  const wallet = useRegistryWallet(props)
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
