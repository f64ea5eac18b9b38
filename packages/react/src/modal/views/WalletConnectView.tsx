'use client'
import type { RegistryWallet } from '@latch/core'
import {
  cancelSession,
  isMobileBrowser,
  selectSession,
  setSessionLinking,
  walletConnectSessionConnector,
  walletLinkFor,
} from '@latch/core/internal'
import { useEffect, useState } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { InstallLink, useDeepLinkFailed } from './InstallLink.js'
import { CopyIcon } from './icons.js'
import type { ViewProps } from './index.js'
import { QrCode } from './QrCode.js'
import { Toast, useToast } from './Toast.js'
import { WalletImage } from './WalletImage.js'

/**
 * ConnectingWalletConnectBasic: the pairing QR code, its link to copy, and, when opened from a
 * registry wallet, a link that opens that wallet app with the pairing. Without a WalletConnect
 * connector the app says so instead of failing silently.
 */
export function WalletConnectView(props: ViewProps<'ConnectingWalletConnectBasic'>) {
  const connectorId = walletConnectSessionConnector(
    props.latch.sessionConnectors,
    props.entry.params?.connectorId,
  )?.id
  return connectorId ? <Pairing {...props} connectorId={connectorId} /> : <Unavailable {...props} />
}

function useRegistryWallet({
  latch,
  entry,
}: ViewProps<'ConnectingWalletConnectBasic'>): RegistryWallet | undefined {
  const registry = useLatchState((s) => s.registry, { latch })
  const walletId = entry.params?.walletId
  return [
    ...registry.wallets,
    ...registry.search.results,
    ...registry.featured,
    ...registry.recommended,
  ].find((w) => w.id === walletId)
}

function Pairing(props: ViewProps<'ConnectingWalletConnectBasic'> & { connectorId: string }) {
  const { latch, entry, connectorId } = props
  const t = useT()
  const wallet = useRegistryWallet(props)
  const session = useLatchState((s) => s.sessions[connectorId], { latch })
  const [toast, showToast] = useToast()
  const mobile = isMobileBrowser()
  // On a phone, a registry wallet opens by its deep link; the QR code is for another device.
  const [otherDevice, setOtherDevice] = useState(false)
  const [deepLinkFailed, openedDeepLink] = useDeepLinkFailed()
  const walletId = entry.params?.walletId
  const pair = () => void selectSession(latch, { connectorId, walletId })
  // biome-ignore lint/correctness/useExhaustiveDependencies: one pairing per view instance
  useEffect(() => {
    pair()
    // Core keeps an unexpired pairing in Telegram and iOS Safari (spec §4).
    return () => cancelSession(latch, { connectorId })
  }, [latch, walletId, connectorId])
  const uri = session?.pairing?.uri
  const error = session?.error
  const link =
    wallet && uri ? walletLinkFor({ platform: mobile ? 'mobile' : 'desktop', wallet, uri }) : undefined
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
        <p className="latch-muted">{t(`error.hint.${error.code}`)}</p>
        <button type="button" className="latch-primary" data-autofocus onClick={pair}>
          {t('connecting.retry')}
        </button>
      </div>
    )
  }
  const open =
    link && wallet ? (
      <a
        className={`${mobile ? 'latch-primary' : 'latch-secondary'} latch-link-button`}
        href={link.href}
        target={link.platform === 'mobile' ? '_self' : '_blank'}
        rel="noreferrer noopener"
        data-testid="latch-wc-open"
        onClick={() => {
          setSessionLinking(latch, { connectorId, linking: { name: wallet.name, href: link.href } })
          if (mobile) openedDeepLink()
        }}
      >
        {t('walletConnect.openWallet', { wallet: wallet.name })}
      </a>
    ) : null
  const copy = uri ? (
    <button
      type="button"
      className="latch-secondary latch-link-button"
      data-testid="latch-wc-copy"
      onClick={() => {
        void navigator.clipboard?.writeText(uri).then(
          () => showToast(t('walletConnect.copied')),
          () => {},
        )
      }}
    >
      <CopyIcon />
      <span>{t('walletConnect.copy')}</span>
    </button>
  ) : null
  // A phone with a wallet to open: lead with the deep link.
  if (mobile && wallet && !otherDevice) {
    return (
      <div className="latch-center">
        <WalletImage
          connector={{ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }}
          className="latch-wallet-icon"
        />
        <p>{t('walletConnect.mobile.lead', { wallet: wallet.name })}</p>
        {uri ? (
          (open ?? <p className="latch-muted">{t('walletConnect.mobile.noLink', { wallet: wallet.name })}</p>)
        ) : (
          <div className="latch-spinner" role="progressbar" aria-label={t('walletConnect.preparing')} />
        )}
        {(deepLinkFailed || !open) && <InstallLink wallet={wallet} mobile />}
        <button type="button" className="latch-text-button" onClick={() => setOtherDevice(true)}>
          {t('walletConnect.otherDevice')}
        </button>
      </div>
    )
  }
  return (
    <div className="latch-center">
      {uri ? (
        <>
          <div className="latch-qr-frame">
            <QrCode value={uri} label={t('walletConnect.qr')} />
            <WalletImage
              connector={
                wallet
                  ? { id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }
                  : { id: 'walletConnect', name: 'WalletConnect' }
              }
              className="latch-qr-logo"
            />
          </div>
          <p className="latch-muted">
            {wallet ? t('walletConnect.scanWith', { wallet: wallet.name }) : t('walletConnect.scan')}
          </p>
          <div className="latch-actions">
            {copy}
            {open}
            {wallet && !mobile && <InstallLink wallet={wallet} mobile={false} />}
          </div>
        </>
      ) : (
        <div className="latch-spinner" role="progressbar" aria-label={t('walletConnect.preparing')} />
      )}
      <Toast message={toast} />
    </div>
  )
}

function Unavailable(props: ViewProps<'ConnectingWalletConnectBasic'>) {
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
