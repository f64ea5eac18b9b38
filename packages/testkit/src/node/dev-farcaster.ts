import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { escapeHtml, page, readBody } from './dev-oauth-shared.js'
import type { FarcasterClient } from './farcaster.js'

export interface StartDevFarcasterOptions {
  /** The Farcaster account that signs in: its custody key signs what Approve approves. */
  client: FarcasterClient
  /** 0 (default): a free port. */
  port?: number
}

export interface DevFarcaster {
  /** The sign-in page a project names (`set-social ID farcaster --client-url`), in Farcaster's shape. */
  url: string
  close(): Promise<void>
}

/**
 * A Farcaster client's sign-in page on loopback, for the demo and browser tests: what a phone's
 * Farcaster app shows when it opens a Sign In With Farcaster link. `GET /~/siwf?channelToken&relay`
 * asks "Sign in as @username?" with Approve and Cancel; Approve signs the channel's request with
 * the account's custody key and posts it to the relay (`farcasterClient`'s `approve`). The relay
 * named in the link must be on this machine.
 */
export async function startDevFarcaster(options: StartDevFarcasterOptions): Promise<DevFarcaster> {
  const { client } = options
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const html = (response: ServerResponse, status: number, body: string) =>
    response
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      .end(page('Dev Farcaster', body))

  /** The link's channel token and relay, or undefined when it is no sign-in link for a local relay. */
  const linkOf = (params: URLSearchParams) => {
    const channelToken = params.get('channelToken') ?? ''
    const relay = params.get('relay') ?? ''
    let host = ''
    try {
      host = new URL(relay).hostname
    } catch {}
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(channelToken) || !['127.0.0.1', 'localhost'].includes(host))
      return undefined
    return { channelToken, relay }
  }

  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', origin)
    const run = async () => {
      if (url.pathname !== '/~/siwf') return html(response, 404, '<h1>Dev Farcaster</h1><p>Not Found.</p>')
      if (request.method === 'GET') {
        const link = linkOf(url.searchParams)
        if (link === undefined)
          return html(response, 400, '<h1>Dev Farcaster</h1><p>This is no sign-in link.</p>')
        const hidden = `<input type="hidden" name="channelToken" value="${escapeHtml(link.channelToken)}"><input type="hidden" name="relay" value="${escapeHtml(link.relay)}">`
        return html(
          response,
          200,
          `<h1>Dev Farcaster</h1><p>Sign in as @${escapeHtml(client.username)} (fid ${client.fid})?</p><form method="post" action="/~/siwf">${hidden}<button type="submit" name="approve" value="1">Approve</button></form><form method="post" action="/~/siwf">${hidden}<button type="submit" name="cancel" value="1">Cancel</button></form>`,
        )
      }
      if (request.method !== 'POST')
        return html(response, 405, '<h1>Dev Farcaster</h1><p>Method not allowed.</p>')
      const form = await readBody(request)
      const link = linkOf(form)
      if (link === undefined)
        return html(response, 400, '<h1>Dev Farcaster</h1><p>This is no sign-in link.</p>')
      if (form.has('cancel'))
        return html(response, 200, '<h1>Dev Farcaster</h1><p>Cancelled. You can go back to the app.</p>')
      const signIn = new URL(`${origin}/~/siwf`)
      signIn.search = new URLSearchParams(link).toString()
      const approval = await client.approve(signIn.toString())
      return approval.status === 200
        ? html(response, 200, '<h1>Dev Farcaster</h1><p>Signed in. You can go back to the app.</p>')
        : html(
            response,
            400,
            `<h1>Dev Farcaster</h1><p>The app refused the sign-in (${approval.status}).</p>`,
          )
    }
    run().catch((error: Error) => {
      if (!response.headersSent)
        html(response, 400, `<h1>Dev Farcaster</h1><p>${escapeHtml(error.message)}</p>`)
    })
  })
  return {
    url: `${origin}/~/siwf`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
