'use client'
import { cancelSignIn, signIn } from '@latch/core'
import { embeddedWalletOf } from '@latch/core/internal'
import { useEffect, useRef } from 'react'
import { shortAddress } from '../../format.js'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { embeddedConnectorOf } from './embedded.js'
import type { ViewProps } from './index.js'

/**
 * Sign-in with the wallet (spec §2, §4): says in plain words what the signature is for, then
 * Sign / Cancel. It cannot be closed while sign-in is required and no session exists.
 */
export default function SIWXSignMessageView({ latch }: ViewProps<'SIWXSignMessage'>) {
  const t = useT()
  const request = useLatchState((s) => s.signIn.request, { latch })
  const signing = useLatchState((s) => s.signIn.signing, { latch })
  const error = useLatchState((s) => s.signIn.error, { latch })
  const errorName = useLatchState((s) => s.signIn.errorName, { latch })
  const required = useLatchState((s) => s.signIn.required, { latch })
  // The embedded wallet approves in its frame, shown above the modal…
  const embeddedId = embeddedConnectorOf(latch)?.id
  const viaFrame = useLatchState(
    (s) => embeddedId !== undefined && (s.sessions[embeddedId]?.status ?? 'disconnected') !== 'disconnected',
    { latch },
  )
  // …or, where the browser gave its frame no storage, in a window of its own: then say so.
  const inWindow = viaFrame && embeddedWalletOf(latch)?.embedded.inWindow() === true
  const network = latch.options.networks.find((n) => n.caipNetworkId === request?.caipNetworkId)
  // This view arrives after the modal placed the focus (it loads on demand): take it once.
  const primary = useRef<HTMLButtonElement>(null)
  useEffect(() => primary.current?.focus(), [])
  const app = latch.options.metadata?.name ?? (typeof location === 'undefined' ? '' : location.host)
  return (
    <div className="latch-center" data-testid="latch-siwx">
      <p data-testid="latch-siwx-summary">
        {t('siwx.summary', {
          app,
          address: request ? shortAddress(request.address) : '',
          network: network?.name ?? request?.caipNetworkId ?? '',
        })}
      </p>
      <p className="latch-muted">{t('siwx.free')}</p>
      {required && <p className="latch-muted">{t('siwx.required')}</p>}
      {error && (
        <p className="latch-error" role="alert" data-testid="latch-error">
          {/* Looked up in the catalog by the error's class, never from its English text. */}
          {errorName === 'SignatureDeclinedError' ? t('siwx.declined') : t('error.hint.unknown')}
        </p>
      )}
      {signing ? (
        <>
          <div className="latch-spinner" role="progressbar" aria-label={t('siwx.authenticating')} />
          <p data-testid="latch-siwx-authenticating">{t('siwx.authenticating')}</p>
          <p className="latch-muted" data-testid="latch-siwx-confirm">
            {t(inWindow ? 'approve.inWindow' : viaFrame ? 'approve.confirm' : 'siwx.confirm')}
          </p>
        </>
      ) : (
        <div className="latch-actions">
          <button type="button" className="latch-secondary" onClick={() => cancelSignIn(latch)}>
            {t('siwx.cancel')}
          </button>
          <button
            ref={primary}
            type="button"
            className="latch-primary"
            data-autofocus
            onClick={() => void signIn(latch)}
          >
            {error ? t('connecting.retry') : t('siwx.sign')}
          </button>
        </div>
      )}
    </div>
  )
}
