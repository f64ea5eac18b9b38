'use client'
import type { CaipNetwork, Latch, TokenBalance } from '@latch/core'
import {
  confirmSend,
  formatUnits,
  goBack,
  resetSend,
  type SendState,
  setSendForm,
} from '@latch/core/internal'
import { shortAddress } from '../../../format.js'
import { useT } from '../../../i18n/context.js'
import { failureMessage } from './messages.js'

// A fee is a small fraction of a coin: shown with up to 8 decimal places, never rounded to zero.
function formatFee(fee: bigint, caipNetwork: CaipNetwork): string {
  const { decimals, symbol } = caipNetwork.nativeCurrency
  const exact = formatUnits(fee, decimals)
  const [whole, fraction = ''] = exact.split('.')
  const cut = fraction.slice(0, 8).replace(/0+$/, '')
  const shown = cut ? `${whole}.${cut}` : fee > 0n && whole === '0' ? `< 0.00000001` : (whole ?? '0')
  return `${shown} ${symbol}`
}

interface StepProps {
  latch: Latch
  send: SendState
  token: TokenBalance
  caipNetwork: CaipNetwork
}

/** The review: what goes where, and the network fee in the native coin; then the wallet. */
export function SendReview({ latch, send, token, caipNetwork }: StepProps) {
  const t = useT()
  const pending = send.status === 'pending'
  return (
    <div className="latch-send" data-testid="latch-send-review-step">
      <dl className="latch-send-summary">
        <dt>{t('send.amount')}</dt>
        <dd data-testid="latch-send-review-amount">{`${send.amount} ${token.symbol}`}</dd>
        <dt>{t('send.to')}</dt>
        <dd data-testid="latch-send-review-to" title={send.to}>
          {send.toName ? `${send.toName} · ${shortAddress(send.to)}` : shortAddress(send.to)}
        </dd>
        <dt>{t('send.fee')}</dt>
        <dd data-testid="latch-send-fee">{send.fee === undefined ? '' : formatFee(send.fee, caipNetwork)}</dd>
      </dl>
      {pending && (
        <p className="latch-muted" role="status" data-testid="latch-send-pending">
          {send.hash ? t('send.waiting') : t('send.pending')}
        </p>
      )}
      <div className="latch-email-row">
        <button
          type="button"
          className="latch-secondary"
          disabled={pending}
          data-testid="latch-send-edit"
          onClick={() => setSendForm(latch, {})}
        >
          {t('send.edit')}
        </button>
        <button
          type="button"
          className="latch-primary"
          disabled={pending}
          aria-busy={pending || undefined}
          data-testid="latch-send-confirm"
          onClick={() => void confirmSend(latch, { token }).catch(() => {})}
        >
          {t('send.confirm')}
        </button>
      </div>
    </div>
  )
}

/** Sent, with its hash (and the explorer's page when the network has one), or why it failed. */
export function SendResult({ latch, send, caipNetwork }: StepProps) {
  const t = useT()
  const explorer = caipNetwork.blockExplorers?.default.url
  const hash = send.hash
  return (
    <div className="latch-send" data-testid="latch-send-result">
      {send.status === 'success' ? (
        <p className="latch-success" role="status" data-testid="latch-send-success">
          {t('send.success')}
        </p>
      ) : (
        <p className="latch-error" role="alert" data-testid="latch-send-failure">
          {t(failureMessage[send.failure ?? 'failed'])}
        </p>
      )}
      {hash && (
        <p className="latch-muted-small">
          {t('send.hash')}{' '}
          {explorer && /^https?:\/\//.test(explorer) ? (
            <a href={`${explorer.replace(/\/$/, '')}/tx/${hash}`} target="_blank" rel="noreferrer noopener">
              <code data-testid="latch-send-hash" title={hash}>
                {hash}
              </code>
            </a>
          ) : (
            <code data-testid="latch-send-hash" title={hash}>
              {hash}
            </code>
          )}
        </p>
      )}
      <div className="latch-email-row">
        {send.status === 'failed' && (
          <button type="button" className="latch-secondary" onClick={() => setSendForm(latch, {})}>
            {t('send.retry')}
          </button>
        )}
        <button
          type="button"
          className="latch-primary"
          data-testid="latch-send-done"
          onClick={() => {
            resetSend(latch)
            goBack(latch)
          }}
        >
          {t('send.done')}
        </button>
      </div>
    </div>
  )
}
