#!/usr/bin/env node
// @latch/server as a process of its own (scripts/start.mjs runs it so), so that it can be stopped
// and resumed without the chains, the relay or the mail sink: what a wallet server that is down or
// hung looks like to the demo. Its options come as JSON in LATCH_LOCAL_SERVER_OPTIONS (those of
// startLocalServer); once it listens it sends `{ url }` to its parent.
import { startLocalServer } from './local-server.mjs'

const api = await startLocalServer(JSON.parse(process.env.LATCH_LOCAL_SERVER_OPTIONS ?? '{}'))
process.send?.({ url: api.url })
let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await api.stop()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
// Ctrl-C in a terminal reaches the whole process group: the parent stops this server (SIGTERM)
// along with the rest of the stack, so it does not look like a crash.
process.on('SIGINT', () => {})
// The parent is gone (killed without a word): nothing would stop this server otherwise.
process.on('disconnect', () => void stop())
