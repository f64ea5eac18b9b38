import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto'
import { isEmail } from '@latch/core/internal'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import { atRestContext } from '../at-rest.js'
import { projectOrigins } from '../http/project.js'
import { projectQuery } from '../http/schemas.js'
import type { LimitStore } from '../limits/store.js'
import { isOriginPattern } from '../origins.js'
import type { EmbeddedAttempt, EmbeddedSession } from '../storage/embedded.js'
import type { Project, Repository } from '../storage/types.js'
import { describeAgent } from './agent.js'
import {
  checkCode,
  checkExportCode,
  issueCode,
  issueExportCode,
  newAttempt,
  refusing,
  sha256,
  throttleMail,
  thrown,
} from './codes.js'
import { registerEmailUpdateRoutes } from './email-update.js'
import type { KeyRing } from './keys.js'
import { mailLinkBase } from './links.js'
import type { Mailer } from './mail.js'
import { confirmPage, resultPage } from './pages.js'
import {
  admitRecovery,
  noticeOf,
  refuseCancelled,
  refuseUnfinished,
  registerRecoveryRoutes,
} from './recoveries.js'

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

/** The `typ` of the frame's session tokens: no other token of the server passes for one. */
export const embeddedTokenType = 'latch-embedded+jwt'
const audienceOf = (projectId: string) => `latch-embedded:${projectId}`
const nonceLifetimeMs = 2 * 60_000
/** How long after its released recovery a device may post its new share set. */
const reshareWindowMs = 30 * 60_000
const reshareGrant = (sessionId: string) => `embedded-reshare:${sessionId}`

/** Base64url of at most `max` characters. */
const b64 = (max: number) =>
  ({ type: 'string', minLength: 4, maxLength: max, pattern: '^[A-Za-z0-9_-]+$' }) as const
const attemptIdSchema = b64(64)
const deviceIdSchema = { type: 'string', pattern: '^[0-9a-f-]{36}$' } as const
const signed = {
  nonce: b64(64),
  signature: b64(128),
} as const
const recoverySchema = {
  type: 'object',
  required: ['mode', 'share'],
  additionalProperties: false,
  properties: {
    mode: { type: 'string', enum: ['password', 'passkey', 'server'] },
    // The frame's ciphertext (JSON: KDF parameters, salt, iv, data), opaque to the server; with
    // server-assisted recovery, the share itself (base64url), which the server encrypts.
    share: { type: 'string', minLength: 16, maxLength: 4096, pattern: '^[\\x20-\\x7e]+$' },
  },
} as const
const addressSchema = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const
const solanaSchema = { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' } as const

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
  const { repository, store, keys, mailer, requireProject, limits } = options
  const db = repository.embedded

  // Forms of the device-confirmation page.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_r, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )

  const publicUrl = () => mailLinkBase(app, options.publicUrl)
  const requireMailer = () => {
    if (mailer === undefined)
      throw thrown(503, 'mail_unavailable', 'Email login is not configured on this server (LATCH_SMTP_URL)')
    return mailer
  }

  const codeDeps = { db, keys, store, limits }
  const recoveryDeps = { db, requireMailer, publicUrl }

  /** The sites the code belongs on: the project's own origins (the frame runs nowhere else). */
  const whereToType = (project: Project) => {
    const sites = projectOrigins(project)
      .filter((origin) => !origin.includes('*'))
      .slice(0, 3)
      .map((origin) => origin.replace(/^https?:\/\//, ''))
    return sites.length === 0
      ? `Type it only in ${project.name}'s own sign-in window.`
      : `Type it only in ${project.name}'s sign-in window on ${sites.join(', ')}.`
  }

  async function sendCode(project: Project, attempt: EmbeddedAttempt): Promise<void> {
    const code = await issueCode(codeDeps, attempt.id, 'login')
    const minutes = Math.round(limits.codeLifetimeMs / 60_000)
    await requireMailer().send({
      to: attempt.email,
      subject: `Your ${project.name} login code`,
      text: `Your login code for ${project.name} is ${code}.\n\n${whereToType(project)} Never type it on another site, and never tell it to anyone: ${project.name} never asks for it.\n\nIt expires in ${minutes} minutes and works only in the window where you asked for it. If you did not ask for it, ignore this mail.`,
    })
  }

  async function sendDeviceLink(request: FastifyRequest, project: Project, email: string, token: string) {
    const link = `${publicUrl()}/embedded/v1/device/confirm?token=${token}`
    await requireMailer().send({
      to: email,
      subject: `Confirm a new device for ${project.name}`,
      text: `A new device asked to sign in to ${project.name} with this email.\n\nBrowser (as reported by the device): ${describeAgent(request.headers['user-agent'])}\nIP address: ${request.ip}\nTime: ${new Date().toUTCString()}\n\nIf this was you, open this link and press "This was me":\n${link}\n\nIf it was not you, ignore this mail: nothing happens without your confirmation.`,
    })
  }

  /**
   * The request's live session. `stoppedMayRead`: a device whose recovery its owner stopped may
   * still read its own description (the frame reads it first, then learns from every other
   * route that it was stopped); nothing else answers it.
   */
  async function session(request: FastifyRequest, stoppedMayRead = false): Promise<EmbeddedSession> {
    const header = request.headers.authorization
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined
    if (token === undefined)
      throw thrown(401, 'unauthorized', 'A session token is required (Authorization: Bearer …)')
    const project = request.project!
    const claims = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid === undefined ? undefined : await keys.sessionPublicKey(header.kid)
        if (key === undefined) throw new Error('Unknown key')
        return key
      },
      { audience: audienceOf(project.id), typ: embeddedTokenType, algorithms: ['ES256'] },
    ).catch(() => undefined)
    const id = claims?.payload.jti
    const stored = typeof id === 'string' ? await db.getSession(id) : undefined
    const ended = () =>
      thrown(401, 'session_ended', 'The session is not valid, has expired or was signed out')
    if (stored === undefined || stored.projectId !== project.id || Date.parse(stored.expiresAt) <= Date.now())
      throw ended()
    // A removed device's sessions end with it; one whose recovery the owner stopped is told so.
    if ((await db.getDevice(stored.deviceId))?.revokedAt !== null) {
      if (stoppedMayRead && (await db.latestRecovery(stored.deviceId))?.state === 'cancelled') return stored
      await refuseCancelled(db, stored.deviceId)
      throw ended()
    }
    if (stored.revokedAt !== null) throw ended()
    return stored
  }

  /** Every replacement of the recovery share is mailed to the owner (also a legitimate one). */
  async function mailReshared(request: FastifyRequest, project: Project, email: string) {
    await requireMailer().send({
      to: email,
      subject: `The recovery of your ${project.name} wallet now goes through a new device`,
      text: `A device that just recovered your ${project.name} wallet replaced its recovery data.\n\nBrowser (as reported by the device): ${describeAgent(request.headers['user-agent'])}\nIP address: ${request.ip}\nTime: ${new Date().toUTCString()}\n\nIf this was not you, someone can read your email: secure your mailbox, move your funds to a new wallet and contact ${project.name}.`,
    })
  }

  /** The device of the session must sign `purpose` over a fresh server nonce. */
  async function deviceProof(
    request: FastifyRequest,
    current: EmbeddedSession,
    purpose: string,
    body: { nonce: string; signature: string },
  ) {
    const device = await db.getDevice(current.deviceId)
    if (device === undefined || device.revokedAt !== null)
      throw thrown(403, 'device_revoked', 'This device was removed')
    const message = `latch-embedded/1|${purpose}|${request.project!.id}|${current.id}|${body.nonce}`
    let valid = false
    try {
      const key = createPublicKey({ key: JSON.parse(device.publicJwk), format: 'jwk' })
      valid = verify(
        'sha256',
        Buffer.from(message),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(body.signature, 'base64url'),
      )
    } catch {
      valid = false
    }
    // The nonce is spent only by a valid signature, and only once across every instance.
    if (!valid || !(await store.consume(`embedded-nonce:${current.id}:${body.nonce}`)))
      throw thrown(403, 'invalid_device_proof', 'The device signature or its nonce is not valid')
    return device
  }

  const withProject = { preHandler: requireProject }

  /** What is stored of a recovery share: the frame's ciphertext, or (server-assisted) ours. */
  async function storedRecovery(
    projectId: string,
    userId: string,
    recovery: { mode: string; share: string },
  ) {
    if (recovery.mode !== 'server') return recovery.share
    if ((await db.getRecoveryPolicy(projectId)) !== 'server')
      throw thrown(400, 'recovery_not_allowed', 'This project does not use server-assisted recovery')
    return keys.encrypt(Buffer.from(recovery.share, 'base64url'), atRestContext.recoveryShare(userId))
  }

  app.get(
    '/embedded/v1/config',
    { ...withProject, schema: { querystring: projectQuery } },
    async (request) => {
      const project = request.project!
      return {
        projectId: project.id,
        name: project.name,
        // Only patterns the server's full check accepts; the frame matches with the same code.
        allowedOrigins: projectOrigins(project).filter(isOriginPattern),
        recovery: await db.getRecoveryPolicy(project.id),
        // The chains the frame signs for and reads from (`project set-rpc`), never the page's.
        rpcUrls: await repository.siwx.listRpcUrls(project.id),
      }
    },
  )

  app.post(
    '/embedded/v1/login',
    {
      ...withProject,
      schema: {
        querystring: projectQuery,
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', maxLength: 254 }, deviceId: deviceIdSchema },
        },
      },
    },
    refusing(async (request) => {
      const project = request.project!
      const body = request.body as { email: string; deviceId?: string }
      const email = body.email.trim().toLowerCase()
      // The kit's own check (spec §5), run again here: the server never trusts the page's.
      if (!isEmail(email)) throw thrown(400, 'invalid_email', 'Invalid email')
      const perIp = await store.increment(`embedded-login-ip:${request.ip}`, limits.windowMs)
      if (perIp.count > limits.ipLogins) {
        const retryAfter = Math.ceil(perIp.resetMs / 1000)
        throw thrown(429, 'THROTTLED', `Please try again after ${retryAfter} seconds`, { retryAfter })
      }
      await throttleMail(store, `embedded-mail:${project.id}:${sha256(email)}`, limits.resendSeconds)
      requireMailer()
      const user = await db.findUser(project.id, email)
      const device = user && body.deviceId ? await db.getDevice(body.deviceId) : undefined
      const knownDevice = device !== undefined && device.userId === user?.id && device.revokedAt === null
      // A known email on an unknown device must confirm the device from the mailbox first.
      const action = user !== undefined && !knownDevice ? 'VERIFY_DEVICE' : 'VERIFY_OTP'
      const confirmToken = action === 'VERIFY_DEVICE' ? randomBytes(32).toString('base64url') : undefined
      const { secret, attempt } = newAttempt(request, {
        projectId: project.id,
        email,
        deviceId: knownDevice ? device.id : null,
        action,
        state: action === 'VERIFY_DEVICE' ? 'device_pending' : 'code_sent',
        confirmId: confirmToken === undefined ? null : sha256(confirmToken),
      })
      await db.insertAttempt(attempt)
      if (confirmToken !== undefined) await sendDeviceLink(request, project, email, confirmToken)
      else await sendCode(project, attempt)
      return { attemptId: secret, action }
    }),
  )

  const attemptBody = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
    type: 'object',
    required: ['attemptId', ...required],
    additionalProperties: false,
    properties: { attemptId: attemptIdSchema, ...extra },
  })

  async function liveAttempt(request: FastifyRequest, secret: string): Promise<EmbeddedAttempt> {
    const attempt = await db.getAttempt(sha256(secret))
    if (attempt === undefined || attempt.projectId !== request.project!.id || attempt.expiresAt <= Date.now())
      throw thrown(400, 'EXPIRED_OTP', 'This login has expired: ask for a new code')
    return attempt
  }

  app.post(
    '/embedded/v1/device/status',
    { ...withProject, schema: { querystring: projectQuery, body: attemptBody() } },
    refusing(async (request) => {
      const attempt = await liveAttempt(request, (request.body as { attemptId: string }).attemptId)
      if (attempt.state === 'device_pending') return { confirmed: false }
      // The first poll after the confirmation sends the code, once.
      if (await db.transitionAttempt(attempt.id, 'device_confirmed', 'code_sent'))
        await sendCode(request.project!, attempt)
      return { confirmed: true }
    }),
  )

  const tokenQuery = {
    type: 'object',
    required: ['token'],
    properties: { token: b64(64) },
  } as const

  // GET shows what asks to sign in; it never confirms anything (mail scanners prefetch links).
  app.get('/embedded/v1/device/confirm', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const { token } = request.query as { token: string }
    const attempt = await db.findAttemptByConfirmId(sha256(token))
    reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
    if (attempt === undefined || attempt.expiresAt <= Date.now() || attempt.state !== 'device_pending')
      return resultPage('This link has expired or was already used.', 'Start the login again in the app.')
    return confirmPage({
      token,
      browser: describeAgent(attempt.userAgent),
      ip: attempt.ip,
      time: new Date(attempt.createdAt).toUTCString(),
    })
  })

  app.post(
    '/embedded/v1/device/confirm',
    {
      schema: {
        body: { type: 'object', required: ['token'], properties: { token: b64(64) } },
      },
    },
    async (request, reply) => {
      const { token } = request.body as { token: string }
      const attempt = await db.findAttemptByConfirmId(sha256(token))
      reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
      const ok =
        attempt !== undefined &&
        attempt.expiresAt > Date.now() &&
        (await db.transitionAttempt(attempt.id, 'device_pending', 'device_confirmed'))
      if (!ok)
        return resultPage('This link has expired or was already used.', 'Start the login again in the app.')
      return resultPage(
        'Device confirmed.',
        'Go back to the app: it asks for the code we are sending you now.',
      )
    },
  )

  app.post(
    '/embedded/v1/otp',
    {
      ...withProject,
      schema: {
        querystring: projectQuery,
        body: attemptBody(
          {
            otp: { type: 'string', pattern: '^[0-9]{6}$' },
            devicePublicKey: {
              type: 'object',
              required: ['kty', 'crv', 'x', 'y'],
              additionalProperties: true,
              properties: { kty: { const: 'EC' }, crv: { const: 'P-256' }, x: b64(64), y: b64(64) },
            },
          },
          ['otp'],
        ),
      },
    },
    refusing(async (request) => {
      const project = request.project!
      const body = request.body as {
        attemptId: string
        otp: string
        devicePublicKey?: { kty: string; crv: string; x: string; y: string }
      }
      const attempt = await liveAttempt(request, body.attemptId)
      if (attempt.action === 'UPDATE_EMAIL') throw thrown(400, 'INVALID_OTP', 'Invalid code')
      await checkCode(codeDeps, {
        attempt,
        phase: 'login',
        state: 'code_sent',
        next: 'done',
        email: attempt.email,
        otp: body.otp,
        projectId: project.id,
        ip: request.ip,
      })
      const now = new Date().toISOString()
      const user = await db.ensureUser({
        id: randomUUID(),
        projectId: project.id,
        email: attempt.email,
        createdAt: now,
      })
      let deviceId = attempt.deviceId
      if (deviceId === null) {
        if (body.devicePublicKey === undefined)
          throw thrown(400, 'device_key_required', 'A new device must register its public key')
        const { kty, crv, x, y } = body.devicePublicKey
        try {
          createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' })
        } catch {
          throw thrown(400, 'device_key_required', 'The device key is not a P-256 public key')
        }
        deviceId = randomUUID()
        await db.insertDevice({
          id: deviceId,
          userId: user.id,
          publicJwk: JSON.stringify({ kty, crv, x, y }),
          userAgent: attempt.userAgent,
          createdAt: now,
        })
      }
      const sessionId = randomUUID()
      const expiresAt = new Date(Date.now() + limits.sessionLifetimeMs)
      await db.insertSession({
        id: sessionId,
        projectId: project.id,
        userId: user.id,
        deviceId,
        createdAt: now,
        expiresAt: expiresAt.toISOString(),
      })
      const signing = await keys.sessionPrivateKey()
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: embeddedTokenType })
        .setSubject(user.id)
        .setAudience(audienceOf(project.id))
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(signing.key)
      return { token, deviceId, expiresAt: expiresAt.toISOString() }
    }),
  )

  async function describe(current: EmbeddedSession) {
    const user = await db.getUser(current.userId)
    const device = await db.getDevice(current.deviceId)
    if (user === undefined || device === undefined)
      throw thrown(401, 'session_ended', 'The session is not valid')
    return {
      email: user.email,
      deviceId: device.id,
      wallet:
        user.eip155Address === null
          ? null
          : {
              eip155Address: user.eip155Address,
              solanaAddress: user.solanaAddress,
              recoveryMode: user.recoveryMode,
            },
      deviceHasShare: device.authShare !== null,
      // The email the frame binds this account's shares to (stays the first one after a change).
      shareContext: user.shareContext ?? user.email,
      // Recoveries of this account on other devices that this device has not dismissed.
      // A removed device hears nothing more of the account's other devices.
      notices: device.revokedAt === null ? (await db.listNotices(device.id)).map(noticeOf) : [],
    }
  }

  app.get(
    '/embedded/v1/me',
    { ...withProject, schema: { querystring: projectQuery } },
    refusing(async (request) => {
      return await describe(await session(request, true))
    }),
  )

  app.post(
    '/embedded/v1/nonce',
    { ...withProject, schema: { querystring: projectQuery } },
    refusing(async (request) => {
      const current = await session(request)
      const nonce = randomBytes(24).toString('base64url')
      await store.put(`embedded-nonce:${current.id}:${nonce}`, nonceLifetimeMs)
      return { nonce }
    }),
  )

  const shareBody = {
    type: 'object',
    required: ['eip155Address', 'authShare', 'recovery', 'nonce', 'signature'],
    additionalProperties: false,
    properties: {
      eip155Address: addressSchema,
      solanaAddress: solanaSchema,
      authShare: b64(512),
      recovery: recoverySchema,
      ...signed,
    },
  } as const
  type ShareBody = {
    eip155Address: string
    solanaAddress?: string
    authShare: string
    recovery: { mode: string; share: string }
    nonce: string
    signature: string
  }

  // The first share set of a new wallet: this device's auth share, and the recovery share the
  // frame encrypted under the visitor's password or passkey.
  app.post(
    '/embedded/v1/wallet',
    { ...withProject, schema: { querystring: projectQuery, body: shareBody } },
    refusing(async (request) => {
      const current = await session(request)
      const body = request.body as ShareBody
      const device = await deviceProof(request, current, 'wallet', body)
      if (!body.solanaAddress) throw thrown(400, 'invalid_request', 'Body field solanaAddress is required')
      const created = await db.setWallet(current.userId, {
        eip155Address: body.eip155Address.toLowerCase(),
        solanaAddress: body.solanaAddress,
        recoveryMode: body.recovery.mode,
        recoveryShare: await storedRecovery(request.project!.id, current.userId, body.recovery),
        deviceId: device.id,
      })
      if (!created) throw thrown(409, 'wallet_exists', 'This account already has a wallet')
      await db.setAuthShare(
        device.id,
        await keys.encrypt(
          Buffer.from(body.authShare, 'base64url'),
          atRestContext.authShare(current.userId, device.id),
        ),
      )
      return describe(current)
    }),
  )

  // After a new device reconstructed the key: its own auth share, and a recovery share of its
  // new set that replaces the account's previous one. Older devices keep their own sets.
  app.post(
    '/embedded/v1/reshare',
    { ...withProject, schema: { querystring: projectQuery, body: shareBody } },
    refusing(async (request) => {
      const current = await session(request)
      const body = request.body as ShareBody
      // A device whose server-assisted recovery is held or stopped replaces nothing.
      await refuseUnfinished(db, current.deviceId)
      const device = await deviceProof(request, current, 'reshare', body)
      const user = await db.getUser(current.userId)
      if (user?.eip155Address == null || user.eip155Address !== body.eip155Address.toLowerCase())
        throw thrown(409, 'wrong_wallet', 'The shares are not of this account’s wallet')
      const authShare = await keys.encrypt(
        Buffer.from(body.authShare, 'base64url'),
        atRestContext.authShare(current.userId, device.id),
      )
      const recoveryShare = await storedRecovery(request.project!.id, current.userId, body.recovery)
      // Only right after this session's own released recovery, once: the grant /recovery left.
      if (!(await store.consume(reshareGrant(current.id))))
        throw thrown(
          403,
          'recovery_required',
          'Only a device that just recovered the wallet can replace its shares',
        )
      await db.reshare(current.userId, device.id, authShare, {
        mode: body.recovery.mode,
        share: recoveryShare,
      })
      await mailReshared(request, request.project!, user.email)
      return describe(current)
    }),
  )

  const proofBody = {
    type: 'object',
    required: ['nonce', 'signature'],
    additionalProperties: false,
    properties: signed,
  } as const

  // The auth share of this device's set: a valid session AND the device key's signature.
  app.post(
    '/embedded/v1/share',
    { ...withProject, schema: { querystring: projectQuery, body: proofBody } },
    refusing(async (request) => {
      const current = await session(request)
      const device = await deviceProof(
        request,
        current,
        'share',
        request.body as { nonce: string; signature: string },
      )
      if (device.authShare === null)
        throw thrown(404, 'no_share', 'This device has no share set yet: recover the wallet')
      const share = await keys.decrypt(device.authShare, atRestContext.authShare(current.userId, device.id))
      return { authShare: share.toString('base64url') }
    }),
  )

  // The recovery share's ciphertext, for a confirmed new device; only the visitor can open it.
  app.post(
    '/embedded/v1/recovery',
    { ...withProject, schema: { querystring: projectQuery, body: proofBody } },
    refusing(async (request) => {
      const current = await session(request)
      // A recovery the owner stopped: said before the proof (the device is removed by then).
      await refuseCancelled(db, current.deviceId)
      await deviceProof(request, current, 'recovery', request.body as { nonce: string; signature: string })
      const user = await db.getUser(current.userId)
      if (user?.recoveryShare == null || user.recoveryMode === null)
        throw thrown(404, 'no_wallet', 'This account has no wallet yet')
      // Also the auth share of the set the recovery share belongs to: with the recovery share
      // (which only the visitor can open) it rebuilds the key in the frame.
      const donor = user.recoveryDeviceId === null ? undefined : await db.getDevice(user.recoveryDeviceId)
      if (donor?.authShare == null)
        throw thrown(404, 'no_share', 'No device of this account holds a share set')
      const authShare = await keys.decrypt(
        donor.authShare!,
        atRestContext.authShare(current.userId, donor.id),
      )
      const project = request.project!
      // In every mode the other devices and the owner are told; operator-custodial recovery may
      // be held first, and then the server opens the share itself.
      const server = user.recoveryMode === 'server'
      const hold = server ? await db.getRecoveryHold(project.id) : 0
      await admitRecovery(recoveryDeps, request, project, current, user.email, hold)
      // The one reshare this release allows, bound to this session.
      await store.put(reshareGrant(current.id), reshareWindowMs)
      if (!server)
        return {
          mode: user.recoveryMode,
          share: user.recoveryShare,
          authShare: authShare.toString('base64url'),
        }
      const share = await keys.decrypt(user.recoveryShare, atRestContext.recoveryShare(current.userId))
      return {
        mode: 'server',
        share: share.toString('base64url'),
        authShare: authShare.toString('base64url'),
      }
    }),
  )

  // Export of the recovery phrase and keys (shown in the frame origin's own top-level window):
  // a fresh code mailed to the account, bound to this session and to an export id only that
  // window holds, checked once; a passed check mails the owner that the wallet was exported.
  app.post(
    '/embedded/v1/export/code',
    { ...withProject, schema: { querystring: projectQuery, body: proofBody } },
    refusing(async (request) => {
      const current = await session(request)
      await deviceProof(request, current, 'export-code', request.body as { nonce: string; signature: string })
      const user = await db.getUser(current.userId)
      if (user?.eip155Address == null) throw thrown(404, 'no_wallet', 'This account has no wallet yet')
      const project = request.project!
      await throttleMail(store, `embedded-export-mail:${project.id}:${current.userId}`, limits.resendSeconds)
      const mail = requireMailer()
      const { code, exportId, kid } = await issueExportCode(codeDeps, current.id)
      const minutes = Math.round(limits.codeLifetimeMs / 60_000)
      await mail.send({
        to: user.email,
        subject: `Your ${project.name} wallet export code`,
        text: `Your code to export your ${project.name} wallet is ${code}.\n\nIt expires in ${minutes} minutes. Exporting shows your recovery phrase and private keys: anyone who sees them controls your wallet. If you did not ask for it, do not share this code with anyone, and secure your mailbox.`,
      })
      return { exportId, kid }
    }),
  )

  app.post(
    '/embedded/v1/export/confirm',
    {
      ...withProject,
      schema: {
        querystring: projectQuery,
        body: {
          type: 'object',
          required: ['exportId', 'kid', 'otp', 'nonce', 'signature'],
          additionalProperties: false,
          properties: {
            exportId: b64(64),
            kid: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' },
            otp: { type: 'string', pattern: '^[0-9]{6}$' },
            ...signed,
          },
        },
      },
    },
    refusing(async (request) => {
      const current = await session(request)
      const body = request.body as {
        exportId: string
        kid: string
        otp: string
        nonce: string
        signature: string
      }
      await deviceProof(request, current, 'export', body)
      const project = request.project!
      await checkExportCode(codeDeps, {
        sessionId: current.id,
        exportId: body.exportId,
        kid: body.kid,
        otp: body.otp,
      })
      const user = await db.getUser(current.userId)
      if (user === undefined) throw thrown(401, 'session_ended', 'The session is not valid')
      await requireMailer().send({
        to: user.email,
        subject: `Your ${project.name} wallet was exported`,
        text: `The recovery phrase and private keys of your ${project.name} wallet were just shown on a device signed in with this email.\n\nBrowser (as reported by the device): ${describeAgent(request.headers['user-agent'])}\nIP address: ${request.ip}\nTime: ${new Date().toUTCString()}\n\nIf this was not you, move your funds to a new wallet now and secure your mailbox.`,
      })
      return { ok: true }
    }),
  )

  app.delete(
    '/embedded/v1/session',
    { ...withProject, schema: { querystring: projectQuery } },
    refusing(async (request, reply) => {
      const current = await session(request)
      await db.revokeSession(current.id)
      return reply.code(204).send()
    }),
  )

  registerRecoveryRoutes(app, { ...recoveryDeps, session, deviceProof, withProject, pageCsp })

  registerEmailUpdateRoutes(app, {
    ...options,
    codeDeps,
    session,
    describe,
    liveAttempt,
    withProject,
  })
}

export const pageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
