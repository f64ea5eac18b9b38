import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLatch, createMemoryStorage } from '@latch/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import { NftsTab } from './NftsTab.js'

// The tab loads its part of the modal and reads a local HTTP service: on a loaded machine that
// takes longer than waitFor's default second.
const LOADED = { timeout: 10_000 }

const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'

// The NFT service over real HTTP, answering what the test sets.
let service: Server
let serviceUrl: string
let answer: { status: number; body: unknown }
beforeAll(async () => {
  service = createServer((_, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
})
afterAll(() => service?.close())
afterEach(cleanup)

function setup() {
  const adapter = testAdapter([mainnet])
  const latch = createLatch({
    networks: [mainnet],
    adapters: [adapter],
    storage: createMemoryStorage(),
    apiUrl: serviceUrl,
    projectId: 'p1',
  })
  render(
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      <NftsTab latch={latch} namespace="eip155" address={ALICE} caipNetwork={mainnet} />
    </MessagesContext.Provider>,
  )
}

const nft = {
  chainId: 'eip155:1',
  contract: 'eip155:1:0x1111111111111111111111111111111111111111',
  tokenId: '1',
  standard: 'erc721',
  amount: '1',
  collection: 'Latch Test NFT',
  name: '<img src=x onerror=alert(1)>',
  image: '/account/v1/nft-image?url=http%3A%2F%2Fnft.example%2F1.png',
}

describe('given the NFTs tab of a connected account', () => {
  it('when the service lists NFTs, then a skeleton first, then each with its image from the server, name as text and collection', async () => {
    answer = {
      status: 200,
      body: { nfts: [nft, { ...nft, tokenId: '7', standard: 'erc1155', amount: '5', image: undefined }] },
    }
    setup()
    expect(screen.getByTestId('latch-nfts-loading').getAttribute('aria-label')).toBe('Loading NFTs')
    await vi.waitFor(() => expect(screen.getAllByTestId('latch-nft')).toHaveLength(2), LOADED)
    const [first, second] = screen.getAllByTestId('latch-nft')
    const img = first!.querySelector('img')
    expect(img?.getAttribute('src')).toBe(`${serviceUrl}${nft.image}&projectId=p1`)
    expect(img?.getAttribute('alt')).toBe(nft.name)
    // The name is text: no element was made from it.
    expect(first!.querySelectorAll('img')).toHaveLength(1)
    expect(screen.getAllByTestId('latch-nft-name')[0]!.textContent).toBe(nft.name)
    expect(second!.querySelector('img')).toBeNull()
    expect(second!.textContent).toContain('Latch Test NFT · 5 held')
  })

  it('when the account holds none, then the empty state', async () => {
    answer = { status: 200, body: { nfts: [] } }
    setup()
    await vi.waitFor(() => expect(screen.getByText('No NFTs yet')).toBeTruthy(), LOADED)
  })

  it('when the service fails, then an alert says the NFTs could not be loaded', async () => {
    answer = { status: 502, body: { error: 'nfts_unavailable', message: 'NFTs Unavailable' } }
    setup()
    await vi.waitFor(
      () => expect(screen.getByTestId('latch-nfts-unavailable').textContent).toBe('NFTs could not be loaded'),
      LOADED,
    )
  })
})
