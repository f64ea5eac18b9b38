'use client'
import {
  cancelWalletConnect,
  connectWalletConnect,
  currentEnvironment,
  isMobileBrowser,
  type Latch,
  type RegistryWallet,
  setWalletConnectLinking,
  shouldReusePairing,
  walletLinkFor,
} from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { QrCode } from './QrCode.js'
import { WalletImage } from './WalletImage.js'

/**
 * Leaving the view cancels the pairing unless core's pairing-reuse rule keeps it: Telegram and
 * iOS Safari keep an unexpired pairing for when the visitor comes back from the wallet app.
 */
function keepsPairing(latch: Latch): boolean {
  const { wcUri, wcPairingExpiry } = latch.store.getState().walletConnection
  return shouldReusePairing({
    pairing: wcUri && wcPairingExpiry ? { uri: wcUri, expiresAt: wcPairingExpiry } : undefined,
    now: Date.now(),
    ...currentEnvironment(),
  })
}

/**
 * ConnectingWalletConnectBasic: the pairing QR code, its link to copy, and, when opened from a
 * registry wallet, a link that opens that wallet app with the pairing. Without a WalletConnect
 * connector the app says so instead of failing silently.
 */
export function WalletConnectView(props: ViewProps) {
  return props.latch.options.walletConnect ? <Pairing {...props} /> : <Unavailable {...props} />
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

function Pairing(props: ViewProps) {
  const { latch, entry } = props
  const t = useT()
  const wallet = useRegistryWallet(props)
  const connection = useLatchState((s) => s.walletConnection, { latch })
  const [copied, setCopied] = useState(false)
  const walletId = entry.params?.walletId
  useEffect(() => {
    void connectWalletConnect(latch, { walletId })
    return () => {
      if (!keepsPairing(latch)) cancelWalletConnect(latch)
    }
  }, [latch, walletId])
  const uri = connection.wcUri
  const error = connection.wcError
  const link =
    wallet && uri
      ? walletLinkFor({ platform: isMobileBrowser() ? 'mobile' : 'desktop', wallet, uri })
      : undefined
  if (error && connection.status !== 'connecting') {
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
        <button
          type="button"
          className="latch-primary"
          data-autofocus
          onClick={() => void connectWalletConnect(latch, { walletId })}
        >
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
          <QrCode latch={latch} value={uri} label={t('walletConnect.qr')} />
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
              onClick={() => setWalletConnectLinking(latch, { name: wallet.name, href: link.href })}
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
