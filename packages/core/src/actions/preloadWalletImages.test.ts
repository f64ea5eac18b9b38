import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defineCaipNetwork } from '../caip.js'
import { createLatch } from '../createLatch.js'
import { createMemoryStorage } from '../storage.js'
import type { RegistryWallet } from '../types.js'
import { preloadWalletImages } from './preloadWalletImages.js'

let server: Server
let base: string
const served: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    served.push(request.url ?? '')
    if (request.url?.startsWith('/slow')) return // never answers: the preload must give up
    if (request.url?.startsWith('/missing')) return void response.writeHead(404).end()
    response
      .writeHead(200, { 'content-type': 'image/svg+xml' })
      .end('<svg xmlns="http://www.w3.org/2000/svg"/>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})
afterEach(() => {
  vi.useRealTimers()
  delete (globalThis as { Image?: unknown }).Image
  served.length = 0
  answered = 0
})

// Only the kit's own timers are faked (its 2 s limit per image); the images load over real HTTP,
// so a slow machine cannot make an image miss its limit.
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })

/** How many images had an answer (load or error), and a wait for a number of them. */
let answered = 0
const waiters: { count: number; resolve: () => void }[] = []
const answers = (count: number) =>
  new Promise<void>((resolve) => {
    if (answered >= count) resolve()
    else waiters.push({ count, resolve })
  })

/** The part of the browser's Image the kit uses, loading over real HTTP. */
class HttpImage {
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  set src(url: string) {
    const answer = (ok: boolean) => {
      answered += 1
      if (ok) this.onload?.()
      else this.onerror?.()
      for (const waiter of waiters.filter((w) => answered >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    }
    fetch(url).then(
      (response) => answer(response.ok),
      () => answer(false),
    )
  }
}

const latch = createLatch({
  networks: [
    defineCaipNetwork({
      id: 1,
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    }),
  ],
  storage: createMemoryStorage(),
})
const wallets = (count: number, path = 'ok'): RegistryWallet[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `w${i}`,
    name: `W${i}`,
    chains: ['eip155'],
    imageUrl: `${base}/${path}/${i}`,
  }))

describe('given wallet images to preload', () => {
  it('when there are 25 wallets, then only the first 20 images are loaded', async () => {
    fakeTimers()
    ;(globalThis as { Image?: unknown }).Image = HttpImage
    expect(await preloadWalletImages(latch, wallets(25))).toBe(20)
    expect(served.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `/ok/${i}`).sort())
  })

  it('when an image never answers or is missing, then it is skipped after at most 2 s without an error', async () => {
    fakeTimers()
    ;(globalThis as { Image?: unknown }).Image = HttpImage
    let loaded: number | undefined
    const preload = preloadWalletImages(latch, [
      ...wallets(1, 'slow'),
      ...wallets(1, 'missing'),
      ...wallets(2),
    ])
    void preload.then((count) => {
      loaded = count
    })
    // The missing image and the two others have answered; the slow one never will.
    await answers(3)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(loaded).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(await preload).toBe(2)
    expect(served.filter((url) => url.startsWith('/slow'))).toHaveLength(1)
  })

  it('when there is no browser Image, then nothing is requested', async () => {
    expect(await preloadWalletImages(latch, wallets(3))).toBe(0)
    expect(served).toEqual([])
  })
})
