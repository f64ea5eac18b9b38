'use client'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { NetworkList } from './NetworkList.js'

export function NetworksView({ latch }: ViewProps<'Networks'>) {
  const t = useT()
  const error = useLatchState((s) => s.error, { latch })
  const filter = useLatchState((s) => s.namespaceFilter, { latch })
  const networks = latch.options.networks.filter((n) => !filter || n.chainNamespace === filter)
  const failed = error?.view === 'Networks' ? error : undefined
  return (
    <>
      {failed && (
        <div role="alert" data-testid="latch-error">
          <p className="latch-error">
            {failed.code === 'user-rejected' ? t('switch.declined') : t('switch.failed')}
          </p>
          <p className="latch-muted">
            {failed.code === 'user-rejected' ? t('switch.declined.hint') : t(`error.hint.${failed.code}`)}
          </p>
        </div>
      )}
      <NetworkList latch={latch} networks={networks} />
    </>
  )
}
