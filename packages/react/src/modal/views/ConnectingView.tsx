'use client'
import { selectWallet } from '@latch/core/internal'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { WalletImage } from './WalletImage.js'

/** Waiting for the wallet to accept; on failure says why and offers a retry. */
export function ConnectingView({ latch, entry }: ViewProps<'Connecting'>) {
  const t = useT()
  const connectors = useLatchState((s) => s.connectors, { latch })
  const error = useLatchState((s) => s.error, { latch })
  const connectorId = entry.params?.connectorId ?? ''
  const connector = Object.values(connectors)
    .flat()
    .find((c) => c.id === connectorId)
  const name = connector?.name ?? connectorId
  const failed = error?.view === 'Connecting' ? error : undefined
  return (
    <div className="latch-center">
      {connector && <WalletImage connector={connector} className="latch-wallet-icon" />}
      {failed ? (
        <>
          <p className="latch-error" role="alert" data-testid="latch-error">
            {failed.code === 'user-rejected' ? t('connecting.declined') : t('connecting.failed')}
          </p>
          <p className="latch-muted">{t(`error.hint.${failed.code}`)}</p>
          <button
            type="button"
            className="latch-primary"
            data-autofocus
            onClick={() =>
              void selectWallet(latch, { connectorId, namespace: entry.params?.namespace, retry: true })
            }
          >
            {t('connecting.retry')}
          </button>
        </>
      ) : (
        <>
          <div
            className="latch-spinner"
            role="progressbar"
            aria-label={t('connecting.continue', { wallet: name })}
          />
          <p>{t('connecting.continue', { wallet: name })}</p>
          <p className="latch-muted">{t('connecting.accept')}</p>
        </>
      )}
    </div>
  )
}
