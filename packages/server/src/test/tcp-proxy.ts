import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy for tests: forwards connections to the targets in turn (round robin), and can stop
 * forwarding altogether, as a network that silently drops traffic would, then start again.
 */
export interface TcpProxy {
  /** `host:port` to connect to. */
  readonly address: { host: string; port: number }
  /** Stop moving bytes in both directions; new connections wait unanswered. */
  stall(): void
  /** Move bytes again, including everything held while stalled. */
  resume(): void
  close(): Promise<void>
}

export async function startTcpProxy(
  targets: ReadonlyArray<{ host: string; port: number }>,
): Promise<TcpProxy> {
  let stalled = false
  let next = 0
  const pairs = new Set<[Socket, Socket | undefined]>()
  const waiting = new Set<() => void>()

  const server: Server = createServer((client) => {
    const pair: [Socket, Socket | undefined] = [client, undefined]
    pairs.add(pair)
    client.on('error', () => undefined)
    client.on('close', () => {
      pair[1]?.destroy()
      pairs.delete(pair)
    })
    const open = () => {
      const target = targets[next++ % targets.length] as { host: string; port: number }
      const upstream = connect(target.port, target.host)
      pair[1] = upstream
      upstream.on('error', () => client.destroy())
      upstream.on('close', () => client.destroy())
      client.pipe(upstream)
      upstream.pipe(client)
      if (stalled) {
        client.pause()
        upstream.pause()
      }
    }
    if (stalled) {
      client.pause()
      waiting.add(open)
    } else open()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }

  return {
    address: { host: '127.0.0.1', port },
    stall() {
      stalled = true
      for (const [client, upstream] of pairs) {
        client.pause()
        upstream?.pause()
      }
    },
    resume() {
      stalled = false
      for (const open of waiting) open()
      waiting.clear()
      for (const [client, upstream] of pairs) {
        client.resume()
        upstream?.resume()
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of pairs) {
          client.destroy()
          upstream?.destroy()
        }
        server.close(() => resolve())
      }),
  }
}
