import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import type { LimitStore } from '../limits/store.js'
import type { Repository } from '../storage/types.js'
import type { KeyRing } from './keys.js'
import type { Mailer } from './mail.js'
import { embeddedContext } from './routes/context.js'
import { embeddedRoutes } from './routes/table.js'

/** Limits of the email login; every count lives in the shared limit store. */
export interface EmbeddedLimits {
  /** Seconds between two code mails to one email (spec §5: 30). */
  resendSeconds: number
  /** A code is valid this long. */
  codeLifetimeMs: number
  /** Wrong codes one login attempt may take before it is dead. */
  attemptFailures: number
  /** Code checks per email per window. */
  emailChecks: number
  /** Code checks per client IP per window. */
  ipChecks: number
  /** Login starts per client IP per window. */
  ipLogins: number
  windowMs: number
  /** Session lifetime. */
  sessionLifetimeMs: number
}

export const defaultEmbeddedLimits: EmbeddedLimits = {
  resendSeconds: 30,
  codeLifetimeMs: 10 * 60_000,
  attemptFailures: 5,
  emailChecks: 10,
  ipChecks: 100,
  ipLogins: 100,
  windowMs: 15 * 60_000,
  sessionLifetimeMs: 7 * 24 * 60 * 60_000,
}

export interface EmbeddedRouteOptions {
  repository: Repository
  store: LimitStore
  keys: KeyRing
  mailer: Mailer | undefined
  requireProject: preHandlerAsyncHookHandler
  limits: EmbeddedLimits
  /** The server's public URL, for links in mails (`LATCH_PUBLIC_URL`); else its loopback address. */
  publicUrl: string | undefined
}

/**
 * The embedded wallet's API, called by the frame only (same origin as the server):
 * email login with a one-time code bound to the attempt, device verification, sessions, and the
 * storage and release of shares. Emails, codes, tokens and shares are never logged: the access
 * log has paths and parameter names only, and no handler logs a body.
 */
export function registerEmbeddedRoutes(app: FastifyInstance, options: EmbeddedRouteOptions): void {
  const { requireProject } = options

  // Forms of the device-confirmation page.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_r, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )
  const context = embeddedContext(app, options)
  const withProject = { preHandler: requireProject }
  for (const route of embeddedRoutes)
    app.route({
      method: route.method,
      url: route.url,
      ...(route.project ? withProject : {}),
      schema: route.schema,
      ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
      handler: route.handler(context),
    })
}
