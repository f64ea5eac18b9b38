'use client'
import { cancelSession, selectSession } from '@latch/core/internal'
import { useEffect } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { CopyIcon } from './icons.js'
import type { ViewProps } from './index.js'
import { QrCode } from './QrCode.js'
import { Toast, useToast } from './Toast.js'

const FARCASTER = 'Farcaster'

/**
 * ConnectingFarcaster (spec §2): the Sign In With Farcaster link as a QR code for a phone's
 * Farcaster app, the same link to open on this device or copy, and the wait while the visitor
 * approves there. Leaving the view without an account ends the attempt and drops the link
 * (spec §2: the Farcaster URL is reset), so the next visit starts a fresh one.
 */
export function ConnectingFarcasterView({ latch, entry }: ViewProps<'ConnectingFarcaster'>) {
  const t = useT()
  const { connectorId } = entry.params
  const session = useLatchState((s) => s.sessions[connectorId], { latch })
  const [toast, showToast] = useToast()
  const start = () => void selectSession(latch, { connectorId, params: { provider: 'farcaster' } })
  // biome-ignore lint/correctness/useExhaustiveDependencies: one login per view instance
  useEffect(() => {
    start()
    return () => {
      // The account came: the login is done, nothing to end.
      if (latch.store.getState().sessions[connectorId]?.status === 'connected') return
      cancelSession(latch, { connectorId })
    }
  }, [latch, connectorId])
  const url = session?.pairing?.uri
  const error = session?.error
  if (error && session?.status !== 'connecting')
    return (
      <div className="latch-center">
        <p className="latch-error" role="alert" data-testid="latch-farcaster-error">
          {t(error.code === 'user-rejected' ? 'social.cancelled' : 'social.failed', { provider: FARCASTER })}
        </p>
        <button type="button" className="latch-primary" data-autofocus onClick={start}>
          {t('connecting.retry')}
        </button>
      </div>
    )
  if (!url)
    return (
      <div className="latch-center">
        <div className="latch-qr latch-skeleton" aria-hidden="true" />
        <p className="latch-muted" role="status">
          {t('walletConnect.preparing')}
        </p>
      </div>
    )
  return (
    <div className="latch-center" data-testid="latch-farcaster">
      <div className="latch-qr-frame">
        <QrCode value={url} label={t('farcaster.qr')} />
      </div>
      <p className="latch-muted">{t('walletConnect.scanWith', { wallet: FARCASTER })}</p>
      <div className="latch-actions">
        <button
          type="button"
          className="latch-secondary latch-link-button"
          data-testid="latch-farcaster-copy"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => showToast(t('walletConnect.copied')),
              () => {},
            )
          }}
        >
          <CopyIcon />
          <span>{t('walletConnect.copy')}</span>
        </button>
        <a
          className="latch-secondary latch-link-button"
          href={url}
          target="_blank"
          rel="noreferrer noopener"
          data-testid="latch-farcaster-open"
        >
          {t('walletConnect.openWallet', { wallet: FARCASTER })}
        </a>
      </div>
      <Toast message={toast} />
    </div>
  )
}
