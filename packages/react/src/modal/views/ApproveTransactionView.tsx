'use client'
import { embeddedWalletOf, goBack } from '@latch/core/internal'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'

/**
 * An unsafe request of the embedded wallet waits for the visitor in the wallet (the frame, shown
 * above this view, or the wallet's own window): nothing to approve here. Cancel aborts the
 * pending requests.
 */
export function ApproveTransactionView({ latch }: ViewProps<'ApproveTransaction'>) {
  const t = useT()
  // In the wallet's own window the request is not over this page: say where, and what closing does.
  // In the frame it is: the short line names no window.
  const inWindow = embeddedWalletOf(latch)?.embedded.inWindow() === true
  return (
    <div className="latch-center" data-testid="latch-approve-transaction">
      <div className="latch-spinner" role="progressbar" aria-label={t('approve.confirm')} />
      <p data-testid="latch-approve-confirm">{t(inWindow ? 'approve.inWindow' : 'approve.confirm')}</p>
      <div className="latch-actions">
        <button type="button" className="latch-secondary" onClick={() => goBack(latch)}>
          {t('siwx.cancel')}
        </button>
      </div>
    </div>
  )
}
