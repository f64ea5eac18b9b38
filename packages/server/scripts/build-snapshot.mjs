#!/usr/bin/env node
// Writes the kit's bundled registry snapshot from the curated dataset. Run after `tsc -b`:
//   npm run build:snapshot -w @latch/server
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadWalletLogos, loadWallets } from '../dist/registry/dataset.js'
import { renderSnapshotLogosModule, renderSnapshotModule } from '../dist/registry/snapshot.js'

const target = fileURLToPath(new URL('../../core/src/registry/snapshot.ts', import.meta.url))
const biome = fileURLToPath(new URL('../../../node_modules/@biomejs/biome/bin/biome', import.meta.url))

const logosTarget = fileURLToPath(new URL('../../core/src/registry/snapshotLogos.ts', import.meta.url))

const wallets = await loadWallets()
writeFileSync(target, renderSnapshotModule(wallets))
writeFileSync(logosTarget, renderSnapshotLogosModule(await loadWalletLogos(wallets)))
execFileSync(process.execPath, [biome, 'format', '--write', target, logosTarget], { stdio: 'ignore' })
process.stdout.write(`Wrote ${wallets.length} wallets to ${target}\n`)
