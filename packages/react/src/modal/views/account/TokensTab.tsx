'use client'
import {
  type CaipNetwork,
  type ChainNamespace,
  type Latch,
  tokenBalancesQueryOptions,
  tokenPricesQueryOptions,
} from '@latch/core'
import { fiatValues, formatBalance } from '@latch/core/internal'
import { useMemo } from 'react'
import { useQuery } from '../../../hooks/useQuery.js'
import { useLocale, useT } from '../../../i18n/context.js'

export interface TokensTabProps {
  latch: Latch
  namespace: ChainNamespace
  address: string
  caipNetwork: CaipNetwork | undefined
}

/** The account's tokens on its network: loading, the list, empty, or 'Token Balance Unavailable'. */
export function TokensTab({ latch, namespace, address, caipNetwork }: TokensTabProps) {
  if (!caipNetwork) return <TokensEmpty />
  return <Tokens latch={latch} namespace={namespace} address={address} caipNetwork={caipNetwork} />
}

function TokensEmpty() {
  const t = useT()
  return <p className="latch-muted">{t('account.tokens.empty')}</p>
}

function Tokens({ latch, namespace, address, caipNetwork }: TokensTabProps & { caipNetwork: CaipNetwork }) {
  const t = useT()
  const query = useQuery(tokenBalancesQueryOptions(latch, { namespace, address, caipNetwork }), { latch })
  const balances = query.data ?? []
  const prices = useQuery(tokenPricesQueryOptions(latch, { caipNetwork, balances }), { latch })
  const money = useMoneyFormat(prices.data?.currency)
  const fiat = fiatValues(balances, prices.data?.prices)
  if (query.isError)
    return (
      <p className="latch-muted" role="alert" data-testid="latch-tokens-unavailable">
        {t('account.balance.unavailable')}
      </p>
    )
  if (!query.data)
    return (
      <p className="latch-muted" aria-busy={query.isFetching}>
        {query.isFetching ? t('account.balance.loading') : ''}
      </p>
    )
  if (query.data.length === 0) return <TokensEmpty />
  const total = money && fiat.total !== undefined ? money.format(fiat.total) : undefined
  return (
    <>
      <ul className="latch-list" data-testid="latch-tokens">
        {query.data.map((token, index) => (
          <li
            key={token.address ?? 'native'}
            className="latch-token"
            data-testid={`latch-token-${token.symbol}`}
          >
            <span className="latch-token-name">
              <span>{token.name}</span>
              <span className="latch-muted">{token.symbol}</span>
            </span>
            <span className="latch-token-amount">
              <span data-testid="latch-token-amount">
                {formatBalance(token.quantity.numeric)} {token.symbol}
              </span>
              {money && fiat.values[index] !== undefined && (
                <span className="latch-muted" data-testid="latch-token-value">
                  {money.format(fiat.values[index])}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {/* Below the list: it comes with the prices, after the rows, and moves none of them. */}
      {total !== undefined && (
        <p className="latch-muted" data-testid="latch-tokens-total">
          {t('account.tokens.total', { value: total })}
        </p>
      )}
    </>
  )
}

/**
 * Money in the visitor's locale (Intl, e.g. "$6,250.00" in en, "6.250,00 $" in de); none for a
 * currency code Intl does not know, so a bad answer shows no value rather than a wrong one.
 */
function useMoneyFormat(currency = 'USD'): Intl.NumberFormat | undefined {
  const { locale } = useLocale()
  return useMemo(() => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency })
    } catch {
      return undefined
    }
  }, [locale, currency])
}
