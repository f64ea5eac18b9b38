'use client'
import { balanceQueryOptions, type CaipNetwork, type ChainNamespace, type Latch } from '@latch/core'
import { useQuery } from '../../../hooks/useQuery.js'
import { useT } from '../../../i18n/context.js'

export interface NativeBalanceProps {
  latch: Latch
  namespace: ChainNamespace | undefined
  address: string
  /** The account's network; none while the wallet is on a chain the app did not configure. */
  caipNetwork: CaipNetwork | undefined
}

/**
 * The account's native balance from the balance query: loading while it loads, the amount and
 * symbol, or 'Token Balance Unavailable' after a failure (no new attempt for 30 s, spec §9).
 */
export function NativeBalance({ latch, namespace, address, caipNetwork }: NativeBalanceProps) {
  if (!caipNetwork || !namespace) return <p className="latch-balance" data-testid="latch-account-balance" />
  return <Balance latch={latch} namespace={namespace} address={address} caipNetwork={caipNetwork} />
}

interface BalanceProps {
  latch: Latch
  namespace: ChainNamespace
  address: string
  caipNetwork: CaipNetwork
}

function Balance({ latch, namespace, address, caipNetwork }: BalanceProps) {
  const t = useT()
  const query = useQuery(balanceQueryOptions(latch, { namespace, address, caipNetwork }), { latch })
  return (
    <p className="latch-balance" data-testid="latch-account-balance">
      {query.data
        ? `${query.data.balance} ${query.data.symbol}`
        : query.isError
          ? t('account.balance.unavailable')
          : query.isFetching
            ? t('account.balance.loading')
            : ''}
    </p>
  )
}
