'use client'
import { type CaipNetwork, type ChainNamespace, type Latch, type Nft, nftsQueryOptions } from '@latch/core'
import type { CSSProperties } from 'react'
import { useQuery } from '../../../hooks/useQuery.js'
import { useT } from '../../../i18n/context.js'

export interface NftsTabProps {
  latch: Latch
  namespace: ChainNamespace
  address: string
  caipNetwork: CaipNetwork | undefined
}

// The grid's layout lives here rather than in the modal's stylesheet: this file loads only when
// the NFTs tab opens, so the first load does not carry it.
const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: 8,
  listStyle: 'none',
  margin: 0,
  padding: 0,
}
const card: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }
const picture: CSSProperties = {
  width: '100%',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: 12,
  background: 'var(--latch-bg-2)',
}
const line: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }

/** The account's NFTs on its network: a skeleton grid, the NFTs, empty, or a failure. */
export function NftsTab({ latch, namespace, address, caipNetwork }: NftsTabProps) {
  const t = useT()
  if (!caipNetwork) return <p className="latch-muted">{t('account.nfts.empty')}</p>
  return <Nfts latch={latch} namespace={namespace} address={address} caipNetwork={caipNetwork} />
}

function Nfts({ latch, namespace, address, caipNetwork }: NftsTabProps & { caipNetwork: CaipNetwork }) {
  const t = useT()
  const query = useQuery(nftsQueryOptions(latch, { namespace, address, caipNetwork }), { latch })
  if (query.isError)
    return (
      <p className="latch-muted" role="alert" data-testid="latch-nfts-unavailable">
        {t('account.nfts.unavailable')}
      </p>
    )
  if (!query.data && !query.isFetching) return <p className="latch-muted">{t('account.nfts.empty')}</p>
  if (!query.data)
    return (
      <ul
        style={grid}
        aria-busy="true"
        aria-label={t('account.nfts.loading')}
        data-testid="latch-nfts-loading"
      >
        {[0, 1, 2].map((n) => (
          <li key={n} className="latch-skeleton" style={{ ...picture, minHeight: 0 }} />
        ))}
      </ul>
    )
  if (query.data.length === 0) return <p className="latch-muted">{t('account.nfts.empty')}</p>
  return (
    <ul style={grid} data-testid="latch-nfts">
      {query.data.map((nft) => (
        <NftCard key={`${nft.contract}:${nft.tokenId}`} nft={nft} />
      ))}
    </ul>
  )
}

function NftCard({ nft }: { nft: Nft }) {
  const t = useT()
  return (
    <li style={card} data-testid="latch-nft" data-contract={nft.contract} data-token-id={nft.tokenId}>
      {nft.imageUrl ? (
        <img src={nft.imageUrl} alt={nft.name} style={picture} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <span style={picture} aria-hidden="true" />
      )}
      <span style={line} data-testid="latch-nft-name">
        {nft.name}
      </span>
      <span className="latch-muted" style={line} data-testid="latch-nft-collection">
        {nft.collection}
        {nft.standard === 'erc1155' && nft.amount !== '1'
          ? ` · ${t('account.nfts.held', { amount: nft.amount })}`
          : ''}
      </span>
    </li>
  )
}
