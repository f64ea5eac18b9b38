'use client'
import { disconnect } from '@latch/core'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { NetworkList } from './NetworkList.js'

/** The wallet is on a chain the app did not configure (spec §4). */
export function UnsupportedChainView({ latch }: ViewProps<'UnsupportedChain'>) {
  const t = useT()
  const namespace = latch.store.getState().activeNamespace
  const networks = latch.options.networks.filter((n) => n.chainNamespace === namespace)
  return (
    <>
      <p className="latch-muted" data-testid="latch-unsupported-message">
        {t('unsupported.message')}
      </p>
      <NetworkList latch={latch} networks={networks} />
      <div className="latch-actions" style={{ marginTop: 12 }}>
        <button
          type="button"
          className="latch-secondary"
          onClick={() => void disconnect(latch).catch(() => {})}
        >
          {t('unsupported.disconnect')}
        </button>
      </div>
    </>
  )
}
