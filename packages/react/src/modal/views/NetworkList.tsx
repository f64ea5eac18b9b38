'use client'
import type { CaipNetwork, Latch } from '@latch/core'
import { selectNetwork } from '@latch/core/internal'
import { useNetworkState } from '../../hooks/useNetworkState.js'
import { useT } from '../../i18n/context.js'
import { WalletImage } from './WalletImage.js'

/** The configured networks; the current one is marked. */
export function NetworkList({ latch, networks }: { latch: Latch; networks: readonly CaipNetwork[] }) {
  const t = useT()
  const { caipNetwork, unsupported } = useNetworkState(latch)
  return (
    <ul className="latch-list" aria-label={t('networks.search.label')}>
      {networks.map((network) => {
        const current = !unsupported && network.caipNetworkId === caipNetwork?.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="latch-item"
              data-testid="network-option"
              data-caip-network-id={network.caipNetworkId}
              aria-current={current ? 'true' : undefined}
              onClick={() =>
                void selectNetwork(latch, { caipNetworkId: network.caipNetworkId }).catch(() => {})
              }
            >
              <WalletImage
                connector={{
                  id: network.caipNetworkId,
                  name: network.name,
                  imageUrl: network.assets?.imageUrl,
                }}
              />
              <span>{network.name}</span>
              {current && <span className="latch-tag">{t('networks.current')}</span>}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
