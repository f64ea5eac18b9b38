import { IMAGE_PRELOAD_TIMEOUT_MS, WALLET_IMAGES_PRELOAD_COUNT } from '../constants.js'
import type { Latch } from '../createLatch.js'
import type { RegistryWallet } from '../types.js'

export type PreloadWalletImagesParameters = readonly RegistryWallet[]
/** How many images finished loading in time. */
export type PreloadWalletImagesReturnType = number
/** Never thrown: a broken or slow image is simply not preloaded. */
export type PreloadWalletImagesErrorType = never

/**
 * Warms the browser cache with the images of the first 20 wallets (spec §9), each given at most
 * 2 s. Outside a browser (no `Image`) it does nothing.
 *
 * @example
 * await preloadWalletImages(latch, latch.store.getState().registry.wallets)
 */
export async function preloadWalletImages(
  _latch: Latch,
  wallets: PreloadWalletImagesParameters,
): Promise<PreloadWalletImagesReturnType> {
  const ImageConstructor = (globalThis as { Image?: new () => HTMLImageElement }).Image
  if (!ImageConstructor) return 0
  const urls = wallets
    .slice(0, WALLET_IMAGES_PRELOAD_COUNT)
    .map((wallet) => wallet.imageUrl)
    .filter((url): url is string => typeof url === 'string')
  const loaded = await Promise.all(urls.map((url) => preload(ImageConstructor, url)))
  return loaded.filter(Boolean).length
}

function preload(ImageConstructor: new () => HTMLImageElement, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new ImageConstructor()
    const done = (ok: boolean) => {
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
      resolve(ok)
    }
    const timer = setTimeout(() => done(false), IMAGE_PRELOAD_TIMEOUT_MS)
    image.onload = () => done(true)
    image.onerror = () => done(false)
    image.src = url
  })
}
