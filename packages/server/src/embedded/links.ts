import type { FastifyInstance } from 'fastify'
import { thrown } from './codes.js'

/** A host name or address that only this machine reaches. */
export const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host)

/** Fastify's default listen host, when the caller names none. */
const defaultHost = 'localhost'

/**
 * Refuses, at listen time, a server that mails links but knows no public URL and listens beyond
 * loopback: its links would have no trustworthy host. Loopback development needs no setting.
 */
export function requirePublicUrlBeyondLoopback(app: FastifyInstance): void {
  const listen = app.listen.bind(app) as (options?: { host?: string }) => Promise<string>
  const guarded = async (options: { host?: string } = {}) => {
    if (!isLoopback(options.host ?? defaultHost))
      throw new Error(
        'LATCH_PUBLIC_URL is required when mail is configured and the server listens beyond loopback: links in mails are built only from it',
      )
    return listen(options)
  }
  Object.assign(app, { listen: guarded })
}

/**
 * The origin that links in mails start with: the configured public URL, or, on a server that
 * listens on loopback only, its own listen address. Never the request's Host or
 * X-Forwarded-Host: a client writes those, and a mail link would carry its token to them.
 */
export function mailLinkBase(app: FastifyInstance, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl
  // A pipe or socket path has no origin: only TCP addresses on loopback make one.
  const addresses = app.addresses().map((a) => (typeof a === 'string' ? undefined : a))
  const first = addresses[0]
  if (first === undefined || !addresses.every((a) => a !== undefined && isLoopback(a.address)))
    throw thrown(503, 'mail_unavailable', 'Mail links need the server’s public URL (LATCH_PUBLIC_URL)')
  const host = first.family === 'IPv6' ? `[${first.address}]` : first.address
  return `http://${host}:${first.port}`
}
