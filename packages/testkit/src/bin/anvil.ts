#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { startLocalChains } from '../node/anvil.js'

const { values } = parseArgs({
  options: {
    'mainnet-port': { type: 'string', default: '8545' },
    'base-port': { type: 'string', default: '8546' },
    host: { type: 'string', default: '127.0.0.1' },
  },
})

const chains = await startLocalChains({
  mainnetPort: Number(values['mainnet-port']),
  basePort: Number(values['base-port']),
  host: values.host,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

console.log(`chain 1    ${chains.mainnet.rpcUrl}`)
console.log(`chain 8453 ${chains.base.rpcUrl}`)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await chains.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
