#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { startRelay } from './relay/server.js'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8555' },
    host: { type: 'string', default: '127.0.0.1' },
    quiet: { type: 'boolean', default: false },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, got ${values.port}`)
  process.exit(1)
}

const relay = await startRelay({
  port,
  host: values.host,
  log: (event) => {
    if (values.quiet && event.type !== 'unknown-method' && event.type !== 'rejected') return
    switch (event.type) {
      case 'connected':
        console.log(
          `connected    ${event.clientId} project=${event.projectId ?? '-'} ua=${event.userAgent ?? '-'}`,
        )
        break
      case 'disconnected':
        console.log(`disconnected ${event.clientId} code=${event.code}`)
        break
      case 'rejected':
        console.log(`rejected     ${event.reason}`)
        break
      case 'unknown-method':
        console.log(`unknown method ${event.method}`)
        break
      case 'restart':
        console.log(`restart      dropped ${event.dropped} sockets`)
        break
    }
  },
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

console.log(`WalletConnect relay on ${relay.url}`)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await relay.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
