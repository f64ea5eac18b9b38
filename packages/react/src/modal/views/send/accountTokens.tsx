'use client'
import {
  type CaipNetwork,
  type ChainNamespace,
  type Latch,
  type TokenBalance,
  tokenBalancesQueryOptions,
} from '@latch/core'
import type { ReactElement } from 'react'
import { useQuery } from '../../../hooks/useQuery.js'
import { useT } from '../../../i18n/context.js'

/**
 * The account's tokens for Send and Swap, or what stands in their place while there are none to
 * show: the balances' error, or the skeleton while they load.
 */
export function useAccountTokens(
  latch: Latch,
  account: { namespace: ChainNamespace; address: string; caipNetwork: CaipNetwork },
): { tokens: TokenBalance[] } | { placeholder: ReactElement } {
  const t = useT()
  const query = useQuery(tokenBalancesQueryOptions(latch, account), { latch })
  if (query.isError)
    return {
      placeholder: (
        <p className="latch-muted" role="alert">
          {t('account.balance.unavailable')}
        </p>
      ),
    }
  if (!query.data)
    return { placeholder: <div className="latch-skeleton latch-send-skeleton" aria-busy="true" /> }
  return { tokens: query.data }
}
