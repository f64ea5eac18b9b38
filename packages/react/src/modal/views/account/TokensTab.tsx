'use client'
import { type CaipNetwork, type ChainNamespace, type Latch, tokenBalancesQueryOptions } from '@latch/core'
import { formatBalance } from '@latch/core/internal'
import { useQuery } from '../../../hooks/useQuery.js'
import { useT } from '../../../i18n/context.js'

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
  return (
    <ul className="latch-list" data-testid="latch-tokens">
      {query.data.map((token) => (
        <li
          key={token.address ?? 'native'}
          className="latch-token"
          data-testid={`latch-token-${token.symbol}`}
        >
          <span className="latch-token-name">
            <span>{token.name}</span>
            <span className="latch-muted">{token.symbol}</span>
          </span>
          <span className="latch-token-amount" data-testid="latch-token-amount">
            {formatBalance(token.quantity.numeric)} {token.symbol}
          </span>
        </li>
      ))}
    </ul>
  )
}
