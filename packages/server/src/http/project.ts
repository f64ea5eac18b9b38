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
export function isPublicPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? ''
  return (
    path === '/healthz' ||
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

/**
 * Looks projects up once per request: both the CORS hook and the route guard need the project,
 * and the database stays the only state.
 */
export function createProjectLookup(repository: Repository) {
  const cache = new WeakMap<FastifyRequest, Promise<Project | undefined>>()
  const lookup = (request: FastifyRequest): Promise<Project | undefined> => {
    let pending = cache.get(request)
    if (pending === undefined) {
      const id = (request.query as Record<string, unknown> | undefined)?.projectId
      pending =
        typeof id === 'string' && id.length > 0 && id.length <= 64
          ? repository.getProject(id)
          : Promise.resolve(undefined)
      cache.set(request, pending)
    }
    return pending
  }

  /** CORS options for the request: public routes allow any origin, others only the project's. */
  const corsOptions = async (request: FastifyRequest) => {
    if (isPublicPath(request.url)) return { origin: '*', methods: ['GET', 'HEAD'] }
    const origin = request.headers.origin
    const project = origin === undefined ? undefined : await lookup(request)
    const allowed =
      origin !== undefined && project !== undefined && isOriginAllowed(origin, projectOrigins(project))
    return { origin: allowed ? origin : false, methods: ['GET', 'HEAD'], maxAge: 600 }
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
