'use client'
import { openModal } from '@latch/core'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'

/** The wallet is connected on another namespace only: connect one for the target first. */
export function SwitchActiveChainView({ latch, entry }: ViewProps<'SwitchActiveChain'>) {
  const t = useT()
  const network = latch.options.networks.find((n) => n.caipNetworkId === entry.params?.caipNetworkId)
  const namespace = network?.chainNamespace ?? ''
  return (
    <div className="latch-center">
      <p>{t('activeChain.message', { network: network?.name ?? '' })}</p>
      <button
        type="button"
        className="latch-primary"
        data-autofocus
        onClick={() => openModal(latch, { view: 'Connect', namespace })}
      >
        {t('button.connect')}
      </button>
    </div>
  )
}
