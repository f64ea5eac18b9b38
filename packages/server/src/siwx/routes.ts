import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { KeyEncryptionKey } from '../at-rest.js'
import { sendError } from '../http/errors.js'
import { projectOrigins } from '../http/project.js'
import { errorResponse, projectQuery } from '../http/schemas.js'
import type { LimitStore } from '../limits/store.js'
import { isOriginAllowed } from '../origins.js'
import type { SignInSession } from '../storage/siwx.js'
import type { Repository } from '../storage/types.js'
import { defaultSessionLifetimeMs, publishedKeys, signSessionToken, verifySessionToken } from './keys.js'
import { isSolanaSignIn, publicSolanaClusters, verifySolanaSignIn } from './solana.js'
import { checkMessage, SignInRefused, verifySignature } from './verify.js'

/** A session's CAIP-10 account, as its token's `sub` names it. */
const accountOf = (session: { chainId: string; address: string }) => `${session.chainId}:${session.address}`

/** A nonce is valid this long, and only once. */
const nonceLifetimeMs = 5 * 60 * 1000
const nonceKey = (projectId: string, nonce: string) => `siwx-nonce:${projectId}:${nonce}`
const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function newNonce(): string {
  // 62^22 > 2^128; the modulo bias of 256 % 62 over 22 draws is negligible for a nonce.
  return [...randomBytes(22)].map((b) => alphanumeric[b % alphanumeric.length]).join('')
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse }

function publicSession(session: SignInSession) {
  return {
    id: session.id,
    chainId: session.chainId,
    address: session.address,
    message: session.message,
    signature: session.signature,
    signatureType: session.signatureType,
    issuedAt: session.issuedAt,
    expiresAt: session.expiresAt,
  }
}

/** An EIP-4361 sign-in: its origin and times, then its signature (eip191, or eip1271 on the chain's RPC). */
async function verifyEip155(
  message: string,
  signature: string,
  origin: string,
  siwx: Repository['siwx'],
  projectId: string,
) {
  const checked = checkMessage(message, origin)
  const chainId = `eip155:${checked.chainId}`
  const rpcUrl = await siwx.getRpcUrl(projectId, chainId)
  if (rpcUrl === undefined)
    throw new SignInRefused('unsupported_chain', `No RPC url provided for chainId: ${chainId}`)
  const signatureType = await verifySignature({ message, address: checked.address, signature, rpcUrl })
  return { checked, chainId, signatureType }
}

/** A Sign-In With Solana: same origin and time rules, then its ed25519 signature. */
async function verifySolana(
  message: string,
  signature: string,
  origin: string,
  siwx: Repository['siwx'],
  projectId: string,
) {
  const checked = verifySolanaSignIn(message, signature, origin)
  // As for eip155: only a public cluster, or one the project has an RPC URL for.
  if (
    !publicSolanaClusters.has(checked.chainId) &&
    (await siwx.getRpcUrl(projectId, checked.chainId)) === undefined
  )
    throw new SignInRefused('unsupported_chain', `No RPC url provided for chainId: ${checked.chainId}`)
  return { checked, chainId: checked.chainId, signatureType: 'ed25519' as const }
}

/**
 * Sign-in with the wallet: `GET /siwx/v1/nonce`, `POST /siwx/v1/sessions` (verify a signed
 * EIP-4361 message, issue a session token), `GET /siwx/v1/sessions` and
 * `DELETE /siwx/v1/sessions/:id` (with the token), `POST /siwx/v1/introspect` and the public
 * `GET /siwx/v1/jwks`.
 */
export function registerSiwxRoutes(
  app: FastifyInstance,
  repository: Repository,
  store: LimitStore,
  requireProject: preHandlerAsyncHookHandler,
  /** Seals the signing key at rest (the embedded wallet's key-encryption key). */
  kek: KeyEncryptionKey | undefined,
): void {
  const siwx = repository.siwx

  /**
   * The session a token names, answered from its row: live (not revoked, not expired) and with
   * the token's subject and expiry equal to the row's. A token's claims alone prove nothing (a
   * copy of the database signs any claims).
   */
  const liveSession = async (token: string, projectId: string) => {
    const claims = await verifySessionToken(siwx, token, projectId).catch(() => undefined)
    const session = claims && (await siwx.getSession(projectId, claims.sessionId))
    if (claims === undefined || session === undefined || session.revokedAt !== null) return undefined
    const expiresAt = Date.parse(session.expiresAt)
    if (!(expiresAt > Date.now())) return undefined
    if (claims.account !== accountOf(session) || claims.expiresAt !== Math.floor(expiresAt / 1000))
      return undefined
    return session
  }

  const bearer = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined
    if (token === undefined) {
      sendError(reply, 401, 'unauthorized', 'A session token is required (Authorization: Bearer …)')
      return undefined
    }
    const session = await liveSession(token, request.project!.id)
    if (session === undefined) {
      sendError(reply, 401, 'unauthorized', 'The session token is not valid or its session was revoked')
      return undefined
    }
    return session
  }

  app.get(
    '/siwx/v1/nonce',
    { preHandler: requireProject, schema: { querystring: projectQuery } },
    async (request) => {
      const nonce = newNonce()
      await store.put(nonceKey(request.project!.id, nonce), nonceLifetimeMs)
      return { nonce, expiresAt: new Date(Date.now() + nonceLifetimeMs).toISOString() }
    },
  )

  app.post(
    '/siwx/v1/sessions',
    {
      preHandler: requireProject,
      schema: {
        querystring: projectQuery,
        body: {
          type: 'object',
          required: ['message', 'signature'],
          additionalProperties: false,
          properties: {
            message: { type: 'string', minLength: 1, maxLength: 4096 },
            // 0x-hex (eip155) or base58 (an ed25519 signature, solana).
            signature: {
              type: 'string',
              minLength: 4,
              maxLength: 8192,
              pattern: '^(0x[0-9a-fA-F]*|[1-9A-HJ-NP-Za-km-z]{64,90})$',
            },
          },
        },
        response: errors,
      },
    },
    async (request, reply) => {
      const project = request.project!
      const { message, signature } = request.body as { message: string; signature: string }
      const origin = request.headers.origin
      if (typeof origin !== 'string' || !isOriginAllowed(origin, projectOrigins(project)))
        return sendError(
          reply,
          403,
          'origin_not_allowed',
          "Sign-in is only accepted from the project's allowed origins",
        )
      try {
        const { checked, chainId, signatureType } = isSolanaSignIn(message)
          ? await verifySolana(message, signature, origin, siwx, project.id)
          : await verifyEip155(message, signature, origin, siwx, project.id)
        // Last, so a refused message does not spend it; atomic across every instance.
        if (!(await store.consume(nonceKey(project.id, checked.nonce))))
          throw new SignInRefused('invalid_nonce', 'The nonce is unknown, expired or already used')
        const issuedAt = new Date()
        const lifetimeEnd = issuedAt.getTime() + defaultSessionLifetimeMs
        const expiresAt = new Date(Math.min(lifetimeEnd, checked.expirationTime?.getTime() ?? lifetimeEnd))
        const session = {
          id: randomUUID(),
          projectId: project.id,
          chainId,
          address: checked.address,
          message,
          signature,
          signatureType,
          issuedAt: issuedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
        }
        await siwx.insertSession(session)
        const token = await signSessionToken(
          siwx,
          {
            sessionId: session.id,
            projectId: project.id,
            account: `${chainId}:${checked.address}`,
            issuedAt,
            expiresAt,
          },
          kek,
        )
        return { token, session: publicSession({ ...session, revokedAt: null }) }
      } catch (error) {
        if (error instanceof SignInRefused) return sendError(reply, 400, error.code, error.message)
        throw error
      }
    },
  )

  app.get(
    '/siwx/v1/sessions',
    { preHandler: requireProject, schema: { querystring: projectQuery } },
    async (request, reply) => {
      const session = await bearer(request, reply)
      if (session === undefined) return reply
      const sessions = await siwx.listSessions(request.project!.id, {
        address: session.address,
        chainId: session.chainId,
      })
      return { sessions: sessions.map(publicSession) }
    },
  )

  app.delete(
    '/siwx/v1/sessions/:id',
    {
      preHandler: requireProject,
      schema: {
        querystring: projectQuery,
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f-]{36}$' } } },
      },
    },
    async (request, reply) => {
      const session = await bearer(request, reply)
      if (session === undefined) return reply
      const { id } = request.params as { id: string }
      const target = await siwx.getSession(request.project!.id, id)
      if (target === undefined || target.address !== session.address)
        return sendError(reply, 404, 'not_found', 'No such session of this account')
      await siwx.revokeSession(request.project!.id, id)
      return reply.code(204).send()
    },
  )

  app.post(
    '/siwx/v1/introspect',
    {
      preHandler: requireProject,
      schema: {
        querystring: projectQuery,
        body: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: { type: 'string', minLength: 1, maxLength: 4096 } },
        },
      },
    },
    async (request) => {
      const { token } = request.body as { token: string }
      const session = await liveSession(token, request.project!.id)
      if (session === undefined) return { active: false }
      return {
        active: true,
        sub: accountOf(session),
        aud: request.project!.id,
        exp: Math.floor(Date.parse(session.expiresAt) / 1000),
        session: publicSession(session),
      }
    },
  )

  app.get('/siwx/v1/jwks', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return publishedKeys(siwx)
  })
}
