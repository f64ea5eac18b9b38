import { createHttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import { s } from '../schema/s.js'
import type { CaipNetwork, ChainNamespace } from '../types.js'

export interface NftsQueryParameters {
  namespace: ChainNamespace
  address: string
  caipNetwork: CaipNetwork
}

/** An NFT the account holds, as the Account view shows it. */
export interface Nft {
  /** CAIP-10 id of the contract. */
  contract: string
  tokenId: string
  standard: 'erc721' | 'erc1155'
  amount: string
  collection: string
  name: string
  /** The image through the app's own server (its image route); never a third-party URL. */
  imageUrl?: string | undefined
}

// Built when an answer is checked, not at import (see rules/tokens.ts).
const nftsAnswerSchema = () =>
  s
    .object({
      nfts: s.array(
        s
          .object({
            chainId: s.string(),
            contract: s.string(),
            tokenId: s.string(),
            standard: s.enum(['erc721', 'erc1155']),
            amount: s.string(),
            collection: s.string(),
            name: s.string(),
            description: s.string().optional(),
            image: s.string().optional(),
          })
          .strict(),
      ),
      next: s.string().optional(),
    })
    .strict()

const imageRoute = '/account/v1/nft-image?'

/** The stable key of an account's NFTs on one network. */
export function nftsQueryKey(parameters: NftsQueryParameters) {
  const { namespace, address, caipNetwork } = parameters
  return ['latch', 'nfts', { namespace, caipNetworkId: caipNetwork.caipNetworkId, address }] as const
}

/**
 * Query options for the NFTs an account holds on one network, from the NFT service of the app's
 * `apiUrl` (`/account/v1/nfts`; spam already left out there). Only eip155 networks have NFTs
 * here; without `apiUrl` nothing is asked (the query stays disabled). Images are the server's
 * image route on `apiUrl`, with the project id: an answer that points anywhere else gets no image.
 *
 * @example
 * const nfts = await queryClientOf(latch).fetchQuery(nftsQueryOptions(latch, parameters))
 */
export function nftsQueryOptions(latch: Latch, parameters: NftsQueryParameters) {
  const { address, caipNetwork } = parameters
  return {
    queryKey: nftsQueryKey(parameters),
    queryFn: async (): Promise<Nft[]> => {
      const { apiUrl, projectId } = latch.options
      if (!apiUrl) return []
      const client = createHttpClient({ baseUrl: apiUrl, projectId, retries: 0 })
      const body = await client.get('/account/v1/nfts', {
        params: { address, chainId: caipNetwork.caipNetworkId },
      })
      const base = apiUrl.replace(/\/+$/, '')
      const project = projectId ? `&${new URLSearchParams({ projectId })}` : ''
      return nftsAnswerSchema()
        .parse(body)
        .nfts.map(({ contract, tokenId, standard, amount, collection, name, image }) => ({
          contract,
          tokenId,
          standard,
          amount,
          collection,
          name,
          imageUrl: image?.startsWith(imageRoute) ? `${base}${image}${project}` : undefined,
        }))
    },
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
    // Nothing to ask without the app's server or off eip155: the tab shows its empty state at once.
    enabled: Boolean(latch.options.apiUrl) && caipNetwork.chainNamespace === 'eip155',
  } as const
}
