import { connect } from 'node:net'

/** Send bytes as they are (no client-side validation) and resolve the whole answer as text. */
export function rawRequest(base: string, text: string, timeoutMs = 5_000): Promise<string> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let out = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no complete answer within ${timeoutMs} ms: ${out.slice(0, 200)}`))
    }, timeoutMs)
    socket.on('data', (chunk: Buffer) => {
      out += chunk.toString('latin1')
    })
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(out)
    })
    socket.on('error', () => undefined)
    // Half-close after sending: the server answers, then closes, as it does for Connection: close.
    socket.end(text, 'latin1')
  })
}

/** Status, headers (lower-case) and body of a raw HTTP/1.1 answer. */
export function parseRaw(answer: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = answer.split('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const at = line.indexOf(':')
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') }
}
