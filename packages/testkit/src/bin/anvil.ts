#!/usr/bin/env node
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { startLocalChains } from '../node/anvil.js'

const usage = `Usage: latch-anvil [--mainnet-port 8545] [--base-port 8546] [--host 127.0.0.1]
       latch-anvil --version | --help

Starts two local anvil chains (ids 1 and 8453) with the ten prefunded test accounts and keeps
them up until Ctrl-C.`

let values: { 'mainnet-port': string; 'base-port': string; host: string; help?: boolean; version?: boolean }
try {
  const parsed = parseArgs({
    allowPositionals: true,
    options: {
      'mainnet-port': { type: 'string', default: '8545' },
      'base-port': { type: 'string', default: '8546' },
      host: { type: 'string', default: '127.0.0.1' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  })
  values = parsed.values
  const [command] = parsed.positionals
  if (command === 'help') values.help = true
  else if (command === 'version') values.version = true
  else if (command !== undefined) throw new Error(`Unknown command "${command}"`)
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`)
  process.exit(2)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (values.version) {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  console.log(pkg.version)
  process.exit(0)
}
const ports = [values['mainnet-port'], values['base-port']].map(Number)
if (!ports.every((port) => Number.isInteger(port) && port >= 0 && port <= 65_535)) {
  console.error(`--mainnet-port and --base-port must be port numbers\n\n${usage}`)
  process.exit(2)
}

const chains = await startLocalChains({
  mainnetPort: ports[0] as number,
  basePort: ports[1] as number,
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
