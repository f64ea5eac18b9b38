import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const frameEntry = fileURLToPath(new URL('src/main.ts', import.meta.url))

/** viem 2 imports noble-hashes 1 by its old module names; version 2 has the same functions here. */
const nobleHashes1 = {
  '@noble/hashes/sha3': '@noble/hashes/sha3.js',
  '@noble/hashes/sha256': '@noble/hashes/sha2.js',
  '@noble/hashes/ripemd160': '@noble/hashes/legacy.js',
} as Record<string, string>

/**
 * One copy of the noble libraries. `micro-key-producer` (SLIP-0010) gets its own nested copy of
 * `@noble/curves` and `@noble/hashes` from npm, of the same major version as the frame's; viem
 * brings noble-hashes 1 (keccak-256, sha-256, ripemd-160). Bundled as they install, every copy
 * ships (about 9 KiB gzip for the first, 3 KiB for the second). Their imports resolve as the
 * frame's own (the same functions, tested by the frame's signing and derivation tests).
 */
function oneNoble(): Plugin {
  return {
    name: 'latch-frame-one-noble',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer?.includes('/node_modules/micro-key-producer/') &&
        /^@noble\/(curves|hashes)\//.test(source)
      )
        return this.resolve(source, frameEntry, { skipSelf: true })
      if (importer?.includes('/node_modules/viem/') && nobleHashes1[source])
        return this.resolve(nobleHashes1[source], frameEntry, { skipSelf: true })
      return null
    },
  }
}

// The frame app: one HTML page, one script and one stylesheet, served by @latch/server under
// /frame/ with `script-src 'self'` (so no inline script, no module-preload polyfill).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/frame/',
  logLevel: 'warn',
  plugins: [oneNoble()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The frame, and the frame origin's own top-level window (export; approvals without
    // IntersectionObserver v2).
    rollupOptions: {
      input: {
        frame: fileURLToPath(new URL('index.html', import.meta.url)),
        window: fileURLToPath(new URL('window.html', import.meta.url)),
      },
      output: {
        // The password strength estimator's packages all live in a `dist/` folder: name their
        // chunks after the package, so the size check can hold each to its budget. viem's ABI
        // code, which the approval screen's call decoder and the signing chunk's typed-data hashing
        // share, is a chunk of its own that the bundler would name after one of its modules.
        chunkFileNames: (chunk) => {
          const pkg = /@zxcvbn-ts\/([\w-]+)\//.exec(chunk.facadeModuleId ?? '')?.[1]
          const viemAbi =
            chunk.facadeModuleId === null &&
            chunk.moduleIds.some((id) => id.includes('/viem/_esm/utils/abi/'))
          return `assets/${pkg ? `zxcvbn-${pkg}` : viemAbi ? 'viemAbi' : '[name]'}-[hash].js`
        },
      },
    },
  },
})
