import type { FastifyReply, FastifyRequest } from 'fastify'
import { isOriginAllowed, localhostPatterns } from '../origins.js'
import type { Project, Repository } from '../storage/types.js'
import { sendError } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The project named by `projectId`, set on project routes before the handler runs. */
    project: Project | null
  }
}

/** Routes anyone may read: images and the health check. */
function isPublicPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? ''
  return (
    path === '/healthz' ||
    path === '/siwx/v1/jwks' ||
    path.startsWith('/getWalletImage/') ||
    path.startsWith('/public/getAssetImage/') ||
    path.startsWith('/public/getCurrencyImage/') ||
    path.startsWith('/public/getTokenImage/')
  )
}

/** Every origin pattern the project accepts. */
export function projectOrigins(project: Project): string[] {
  return project.allowLocalhost
    ? [...project.allowedOrigins, ...localhostPatterns]
    : [...project.allowedOrigins]
}

/** How long a looked-up project (or its absence) is reused: changes take effect within this. */
export const defaultProjectCacheMs = 5_000
/** Projects held at most; the oldest entry makes room. */
const maxCachedProjects = 10_000
const projectIdShape = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Looks projects up through a short-lived cache shared by all requests: both the CORS hook and
 * the route guard need the project, and most requests then cost one database round trip (the
 * registry query) or none. Entries live `ttlMs` (at most 5 s), so `project add-origin` takes effect
 * on every instance within that; the database stays the only lasting state.
 */
export function createProjectLookup(repository: Repository, ttlMs: number = defaultProjectCacheMs) {
  const cache = new Map<string, { expiresAt: number; value: Promise<Project | undefined> }>()
  const byId = (id: string): Promise<Project | undefined> => {
    const now = Date.now()
    const hit = cache.get(id)
    if (hit !== undefined && hit.expiresAt > now) return hit.value
    if (hit !== undefined) cache.delete(id)
    const value = repository.getProject(id)
    if (ttlMs > 0) {
      if (cache.size >= maxCachedProjects) {
        const oldest = cache.keys().next().value
        if (oldest !== undefined) cache.delete(oldest)
      }
      cache.set(id, { expiresAt: now + ttlMs, value })
      // A failed lookup is not remembered.
      value.catch(() => {
        if (cache.get(id)?.value === value) cache.delete(id)
      })
    }
    return value
  }
  const lookup = (request: FastifyRequest): Promise<Project | undefined> => {
    const id = (request.query as Record<string, unknown> | undefined)?.projectId
    return typeof id === 'string' && projectIdShape.test(id) ? byId(id) : Promise.resolve(undefined)
  }

  /** CORS options for the request: public routes allow any origin, others only the project's. */
  const corsOptions = async (request: FastifyRequest) => {
    if (isPublicPath(request.url)) return { origin: '*', methods: ['GET', 'HEAD'] }
    const origin = request.headers.origin
    const project = origin === undefined ? undefined : await lookup(request)
    const allowed =
      origin !== undefined && project !== undefined && isOriginAllowed(origin, projectOrigins(project))
    // Sign-in routes also take JSON bodies, deletions and the session token; the RPC proxy takes
    // JSON-RPC bodies.
    const siwx = request.url.startsWith('/siwx/')
    const rpc = /^\/v1\/?(?:\?|$)/.test(request.url)
    return {
      origin: allowed ? origin : false,
      methods: siwx ? ['GET', 'HEAD', 'POST', 'DELETE'] : rpc ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'],
      ...(siwx ? { allowedHeaders: ['authorization', 'content-type'] } : {}),
      ...(rpc ? { allowedHeaders: ['content-type'] } : {}),
      maxAge: 600,
    }
  }

  /** preHandler for project routes: unknown project ids end here with a 403. */
  const requireProject = async (request: FastifyRequest, reply: FastifyReply) => {
    const project = await lookup(request)
    if (project === undefined) {
      const id = (request.query as { projectId?: string }).projectId ?? ''
      return sendError(
        reply,
        403,
        'unknown_project',
        `Project "${id}" is not registered on this server: create it with \`latch-server project create\``,
      )
    }
    request.project = project
  }

  return { lookup, corsOptions, requireProject }
}
