import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'

// The build (vite.config.ts) resolves the noble imports of micro-key-producer (SLIP-0010) and of
// viem to the frame's own copy, so one copy ships; the frame's unit tests run under that same
// config (vitest.config.ts extends it and runs both libraries through it). This checks the rule
// on the config itself, as both the build and the tests load it.
const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url))
const require = createRequire(import.meta.url)
const server = await createServer({
  configFile,
  logLevel: 'silent',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
})
afterAll(() => server.close())
const frameCopy = (pkg: string) => fileURLToPath(new URL(`../../node_modules/${pkg}/`, import.meta.url))

describe('given the frame’s build and test configuration', () => {
  it('then SLIP-0010’s noble imports resolve to the frame’s copy, not its own nested one', async () => {
    const importer = require.resolve('micro-key-producer/slip10.js')
    for (const [source, pkg] of [
      ['@noble/curves/ed25519.js', '@noble/curves'],
      ['@noble/hashes/hmac.js', '@noble/hashes'],
    ] as const) {
      const resolved = await server.pluginContainer.resolveId(source, importer)
      expect(resolved?.id.startsWith(frameCopy(pkg)), `${source} → ${resolved?.id}`).toBe(true)
    }
  })

  it('then viem’s noble-hashes 1 module names resolve to the frame’s noble-hashes 2 modules', async () => {
    const importer = require.resolve('viem')
    const resolved = await server.pluginContainer.resolveId('@noble/hashes/sha3', importer)
    expect(resolved?.id).toBe(`${frameCopy('@noble/hashes')}sha3.js`)
  })
})
