import { randomUUID } from 'node:crypto'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AddressObject, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A mail the sink received, as its inbox serves it. */
export interface SinkMessage {
  id: string
  /** The recipients' addresses, lower-case. */
  to: string[]
  from: string
  subject: string
  text: string
  html?: string
  /** ISO time of arrival. */
  date: string
}

export interface StartMailSinkOptions {
  /** SMTP port; 0 picks a free one. */
  smtpPort?: number
  /** Port of the HTTP inbox (`GET /messages?to=`); 0 picks a free one. */
  httpPort?: number
  /** Interface to listen on (default 127.0.0.1). */
  host?: string
}

export interface MailSink {
  smtpPort: number
  httpPort: number
  /** `smtp://host:port`, for the server's `LATCH_SMTP_URL`. */
  smtpUrl: string
  /** The HTTP inbox's base URL. */
  inboxUrl: string
  /** Received mails, newest first; only those to `to` when given. */
  messages(to?: string): SinkMessage[]
  /** Resolves the first mail to `to` matching `filter` that arrives (or has arrived) after the call. */
  waitFor(
    to: string,
    options?: { after?: number; timeoutMs?: number; match?: (m: SinkMessage) => boolean },
  ): Promise<SinkMessage>
  close(): Promise<void>
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value)
    .map((a) => (a.address ?? '').toLowerCase())
    .filter(Boolean)

/** Inbox reads are allowed from local pages only (the demo's Dev inbox panel). */
const localOrigin = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/

/**
 * A real SMTP server (`smtp-server`, no TLS, no authentication, loopback only) that parses every
 * mail with `mailparser` and keeps it in memory, plus a small HTTP inbox:
 * `GET /messages?to=<email>` → `[{ id, to, from, subject, text, html?, date }]`, newest first.
 * For tests and the demo; never expose it.
 */
export async function startMailSink(options: StartMailSinkOptions = {}): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1'
  const received: SinkMessage[] = []
  const waiters = new Set<() => void>()

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.unshift({
            id: randomUUID(),
            to: addresses(mail.to),
            from: addresses(mail.from)[0] ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            ...(typeof mail.html === 'string' ? { html: mail.html } : {}),
            date: new Date().toISOString(),
          })
          for (const wake of waiters) wake()
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, host, () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const messages = (to?: string) =>
    to ? received.filter((m) => m.to.includes(to.toLowerCase())) : [...received]

  const http: Server = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sink')
    const origin = request.headers.origin
    if (typeof origin === 'string' && localOrigin.test(origin)) {
      response.setHeader('access-control-allow-origin', origin)
      response.setHeader('vary', 'origin')
    }
    if (request.method === 'GET' && url.pathname === '/messages') {
      response.setHeader('content-type', 'application/json; charset=utf-8')
      response.setHeader('cache-control', 'no-store')
      response.end(JSON.stringify(messages(url.searchParams.get('to') ?? undefined)))
      return
    }
    response.statusCode = request.method === 'OPTIONS' ? 204 : 404
    response.end()
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.httpPort ?? 0, host, () => resolve())
  })
  const httpPort = (http.address() as AddressInfo).port

  return {
    smtpPort,
    httpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    inboxUrl: `http://${host}:${httpPort}`,
    messages,
    waitFor(to, { after = 0, timeoutMs = 10_000, match = () => true } = {}) {
      const find = () => messages(to).find((m) => Date.parse(m.date) >= after && match(m))
      return new Promise((resolve, reject) => {
        const hit = find()
        if (hit) return resolve(hit)
        const wake = () => {
          const found = find()
          if (found) {
            clearTimeout(timer)
            waiters.delete(wake)
            resolve(found)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(wake)
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(wake)
      })
    },
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.closeAllConnections()
          http.close(() => resolve())
        }),
      ])
    },
  }
}
