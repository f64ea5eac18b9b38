import type { Repository } from '../storage/types.js'
import { defaultImagesFile, defaultWalletsFile, loadImages, loadWallets } from './dataset.js'

export interface SeedOptions {
  walletsFile?: URL | string
  imagesFile?: URL | string
}

/** Load the curated dataset into the repository, replacing the previous registry. */
export async function seedRegistry(
  repository: Repository,
  options: SeedOptions = {},
): Promise<{ wallets: number; images: number }> {
  const wallets = await loadWallets(options.walletsFile ?? defaultWalletsFile)
  const images = await loadImages(wallets, options.imagesFile ?? defaultImagesFile)
  await repository.replaceRegistry(wallets, images)
  return { wallets: wallets.length, images: images.length }
}
