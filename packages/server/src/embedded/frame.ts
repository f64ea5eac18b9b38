import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify'
import { sendError } from '../http/errors.js'
import { projectOrigins } from '../http/project.js'
import { projectQuery } from '../http/schemas.js'
import { isOriginPattern } from '../origins.js'

/** Where the built `@latch/frame` lives: the installed package's `dist`, if there is one. */
export function defaultFrameDir(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@latch/frame/package.json')), 'dist')
  } catch {
    return undefined
  }
}

const types: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
}

/**
 * The frame's own policy: its scripts only, its server only (chain reads and sends too go through
 * the server, so no node's origin is listed), no inline code, Trusted Types required (no policy
 * may be created, so no string ever reaches an HTML sink), and embeddable by exactly the project's
 * allowed origins (never the spec's default preview hosts).
 */
export function frameContentSecurityPolicy(ancestors: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ')
}

/** A page of the frame origin: never cached, its own policy, no opener, no referrer. */
function sendPage(reply: FastifyReply, html: string, csp: string, extra: Record<string, string> = {}) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('cross-origin-opener-policy', 'same-origin')
    .header('referrer-policy', 'no-referrer')
    .headers(extra)
    .send(html)
}

/** `GET /frame/?projectId=…` (the frame's page, per project) and `/frame/assets/*`. */
export function registerFrameRoutes(
  app: FastifyInstance,
  frameDir: string | undefined,
  requireProject: preHandlerAsyncHookHandler,
): void {
  app.get(
    '/frame',
    { preHandler: requireProject, schema: { querystring: projectQuery } },
    async (request, reply) => {
      if (frameDir === undefined)
        return sendError(
          reply,
          404,
          'frame_unavailable',
          'The embedded-wallet frame is not installed (@latch/frame)',
        )
      const html = await readFile(join(frameDir, 'index.html'), 'utf8')
      // The wallet window (`mode=window`: the fallback where a browser gives the frame no
      // storage) is a top-level page the app opened: nobody may frame it, and it keeps its opener,
      // the app, which is the one page it answers (by exact origin and source).
      if ((request.query as { mode?: unknown }).mode === 'window')
        return sendPage(reply, html, frameContentSecurityPolicy([]), {
          'x-frame-options': 'DENY',
          'cross-origin-opener-policy': 'unsafe-none',
        })
      const ancestors = projectOrigins(request.project!).filter(isOriginPattern)
      return sendPage(reply, html, frameContentSecurityPolicy(ancestors))
    },
  )

  // The frame origin's own top-level window (export of the recovery phrase and keys; approvals
  // where the browser has no IntersectionObserver v2): nobody may frame it. An export or an
  // approval keeps its opener, the frame, which hands it the login or the request (checked by
  // origin, source and a shared random id on both sides: docs/embedded-frame-protocol.md); any
  // other use of the page has its opener cut.
  app.get(
    '/frame/window',
    { preHandler: requireProject, schema: { querystring: projectQuery } },
    async (request, reply) => {
      if (frameDir === undefined)
        return sendError(
          reply,
          404,
          'frame_unavailable',
          'The embedded-wallet frame is not installed (@latch/frame)',
        )
      const html = await readFile(join(frameDir, 'window.html'), 'utf8').catch(() => undefined)
      if (html === undefined) return sendError(reply, 404, 'not_found', 'No frame window in this build')
      const { action } = request.query as { action?: unknown }
      const fromFrame = action === 'approve' || action === 'export'
      return sendPage(reply, html, frameContentSecurityPolicy([]), {
        'x-frame-options': 'DENY',
        ...(fromFrame ? { 'cross-origin-opener-policy': 'unsafe-none' } : {}),
      })
    },
  )

  app.get('/frame/assets/:file', async (request, reply) => {
    const { file } = request.params as { file: string }
    const match = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(js|css|svg)$/.exec(file)
    if (frameDir === undefined || match === null)
      return sendError(reply, 404, 'not_found', 'No such frame asset')
    const body = await readFile(join(frameDir, 'assets', file)).catch(() => undefined)
    if (body === undefined) return sendError(reply, 404, 'not_found', 'No such frame asset')
    return reply
      .type(types[match[1] ?? 'js'] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(body)
  })
}
