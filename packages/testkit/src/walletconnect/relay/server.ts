import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { parseConnectionUrl, RELAY_CLOSE_RESTART, RELAY_CLOSE_UNAUTHORIZED } from './auth.js'
import { RelayEngine, type RelayPeer } from './engine.js'
import { defaultMailboxLimits, type MailboxLimits } from './mailbox.js'
import { MAX_FRAME_BYTES, parseFrame } from './protocol.js'

/** Something the relay noticed; `startRelay({ log })` receives these. */
export type RelayLogEvent =
  | { type: 'connected'; clientId: string; projectId: string | undefined; userAgent: string | undefined }
  | { type: 'rejected'; reason: string }
  | { type: 'disconnected'; clientId: string; code: number }
  | { type: 'unknown-method'; method: string }
  | { type: 'restart'; dropped: number }

export type StartRelayParameters = {
  /** Port to listen on; 0 picks a free one. */
  port?: number
  host?: string
  /** How often each socket is pinged; clients drop a socket that stays silent for about 30 s. */
  pingIntervalMs?: number
  limits?: Partial<MailboxLimits>
  log?: (event: RelayLogEvent) => void
}

export type RelayStats = {
  /** Open sockets. */
  connections: number
  subscriptions: number
  storedMessages: number
  /** Distinct messages published. */
  published: number
  /** irn_subscription requests sent. */
  delivered: number
  restarts: number
  projectIds: string[]
  unknownMethods: string[]
}

export type LocalRelay = {
  /** `ws://host:port`, ready to pass as a WalletConnect `relayUrl`. */
  url: string
  port: number
  /** Closes every socket and the listener. */
  stop(): Promise<void>
  /** Drops every socket, keeping stored messages and subscriptions, so clients must reconnect. */
  restart(): Promise<void>
  stats(): RelayStats
}

/**
 * Starts a WalletConnect-compatible relay on a local port: JSON-RPC 2.0 over WebSocket with the
 * `irn_*` methods and the `wc_proposeSession` / `wc_approveSession` calls the 2.x clients make.
 *
 * @example
 * const relay = await startRelay({ port: 8555 })
 * const client = await SignClient.init({ relayUrl: relay.url, projectId })
 */
export async function startRelay(parameters: StartRelayParameters = {}): Promise<LocalRelay> {
  const { port = 0, host = '127.0.0.1', pingIntervalMs = 30_000, log = () => {} } = parameters
  const engine = new RelayEngine({
    limits: { ...defaultMailboxLimits, ...parameters.limits },
    onUnknownMethod: (method) => log({ type: 'unknown-method', method }),
  })
  const projectIds = new Set<string>()
  const sockets = new Map<WebSocket, RelayPeer>()
  let restarts = 0

  const http = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only\n')
  })
  const wss = new WebSocketServer({ server: http, maxPayload: MAX_FRAME_BYTES })

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const parsed = parseConnectionUrl(request.url)
    if (!parsed.ok) {
      log({ type: 'rejected', reason: parsed.reason })
      ws.close(RELAY_CLOSE_UNAUTHORIZED, `Unauthorized: ${parsed.reason}`)
      return
    }
    const { clientId, projectId, userAgent } = parsed.info
    if (projectId) projectIds.add(projectId)
    log({ type: 'connected', clientId, projectId, userAgent })

    const peer: RelayPeer = {
      clientId,
      send(payload) {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload))
      },
    }
    sockets.set(ws, peer)
    engine.attach(peer)
    let alive = true
    ws.on('pong', () => {
      alive = true
    })
    const pinger = setInterval(() => {
      if (!alive) {
        ws.terminate()
        return
      }
      alive = false
      ws.ping()
    }, pingIntervalMs)
    pinger.unref()

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return
      const frame = parseFrame(data.toString())
      if (frame.kind === 'response') {
        engine.onResponse(peer, frame.id, frame.ok)
      } else if (frame.kind === 'invalid') {
        peer.send({
          id: frame.id,
          jsonrpc: '2.0',
          error: { code: frame.code, message: 'Invalid JSON-RPC request' },
        })
      } else {
        const outcome = engine.handle(peer, frame.method, frame.params)
        peer.send({ id: frame.id, jsonrpc: '2.0', ...outcome })
      }
    })
    ws.on('close', (code: number) => {
      clearInterval(pinger)
      sockets.delete(ws)
      engine.detach(peer)
      log({ type: 'disconnected', clientId, code })
    })
    ws.on('error', () => ws.terminate())
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const actualPort = (http.address() as AddressInfo).port

  const dropAll = async (code: number, reason: string) => {
    const closing = [...sockets.keys()].map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve()
          ws.once('close', () => resolve())
          ws.close(code, reason)
          // A client that does not finish the closing handshake is cut off.
          setTimeout(() => ws.terminate(), 1000).unref()
        }),
    )
    await Promise.all(closing)
    return closing.length
  }

  return {
    url: `ws://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    async stop() {
      await dropAll(1001, 'Relay stopping')
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
    async restart() {
      restarts++
      const dropped = await dropAll(RELAY_CLOSE_RESTART, 'Relay restarting')
      log({ type: 'restart', dropped })
    },
    stats() {
      return { connections: sockets.size, restarts, projectIds: [...projectIds], ...engine.stats() }
    },
  }
}
