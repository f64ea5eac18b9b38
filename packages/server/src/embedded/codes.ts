import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { LimitStore } from '../limits/store.js'
import type { EmbeddedAttempt, EmbeddedRepository } from '../storage/embedded.js'
import type { KeyRing } from './keys.js'

/** A refusal a route answers with `{ error: code, message, ...extra }` and `status`. */
export function thrown(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { status, code, extra })
}
type Refusal = ReturnType<typeof thrown>
const isRefusal = (e: unknown): e is Refusal => e instanceof Error && 'status' in e && 'code' in e

/**
 * Wraps a route handler: a refusal it throws answers `{ error, message, ...extra }` with its
 * status; any other error goes on to the server's error handler (a 500 without details).
 */
export function refusing(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await handler(request, reply)
    } catch (error) {
      if (!isRefusal(error)) throw error
      return reply
        .code(error.status)
        .type('application/json; charset=utf-8')
        .send({ error: error.code, message: error.message, ...error.extra })
    }
  }
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * Which code of an attempt: a login has one; an email update has one to the current address
 * (`primary`) and one to the new address (`secondary`), so neither passes for the other.
 */
type CodePhase = 'login' | 'primary' | 'secondary'

const hmacInput = (attemptId: string, phase: CodePhase, code: string) =>
  phase === 'login' ? `${attemptId}:${code}` : `${attemptId}:${phase}:${code}`

/** A fresh 6-digit code. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
const codeHmac = (secret: Buffer, input: string) => createHmac('sha256', secret).update(input).digest()

export interface CodeDeps {
  db: EmbeddedRepository
  keys: KeyRing
  store: LimitStore
  limits: {
    codeLifetimeMs: number
    attemptFailures: number
    emailChecks: number
    ipChecks: number
    windowMs: number
  }
}

/**
 * A new 6-digit code for the attempt: only its HMAC-SHA-256 under the current pepper is stored,
 * bound to the attempt's id (the hash of a secret only the frame holds) and the phase.
 * Resolves the code, for the mail.
 */
export async function issueCode(deps: CodeDeps, attemptId: string, phase: CodePhase): Promise<string> {
  const code = newCode()
  const pepper = await deps.keys.current('otp')
  const hmac = codeHmac(pepper.secret!, hmacInput(attemptId, phase, code)).toString('hex')
  await deps.db.setAttemptCode(attemptId, {
    hmac,
    kid: pepper.kid,
    expiresAt: Date.now() + deps.limits.codeLifetimeMs,
  })
  return code
}

/**
 * Checks a typed code against the attempt, with every rule of the login: checks per email and
 * per IP in the shared limit store, a dead attempt after too many wrong codes, the attempt's
 * state, expiry, a constant-time compare; a wrong code counts one failure. Then moves the attempt
 * from `state` to `next` atomically, so a code works once even when sent twice at the same time.
 */
export async function checkCode(
  deps: CodeDeps,
  input: {
    attempt: EmbeddedAttempt
    phase: CodePhase
    state: EmbeddedAttempt['state']
    next: EmbeddedAttempt['state']
    /** The address the code was mailed to (its checks are counted per address). */
    email: string
    otp: string
    projectId: string
    ip: string
  },
): Promise<void> {
  const { attempt, limits } = { attempt: input.attempt, limits: deps.limits }
  const tooMany = () => thrown(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts: ask for a new code later')
  const perIp = await deps.store.increment(`embedded-check-ip:${input.ip}`, limits.windowMs)
  if (perIp.count > limits.ipChecks) throw tooMany()
  // An attempt that holds no code (a device still unconfirmed) costs the address nothing: else
  // anyone could spend an owner's budget with logins only the owner's mailbox can confirm.
  if (attempt.state !== input.state || attempt.codeHmac === null || attempt.codeKid === null)
    throw thrown(400, 'INVALID_OTP', 'Invalid code')
  // A known device (or a signed-in one changing its email) has a budget of its own, which a
  // stranger's new-device attempts never touch.
  const path = attempt.deviceId === null ? 'new' : 'known'
  const perEmail = await deps.store.increment(
    `embedded-check:${path}:${input.projectId}:${sha256(input.email)}`,
    limits.windowMs,
  )
  if (perEmail.count > limits.emailChecks) throw tooMany()
  if (attempt.failures >= limits.attemptFailures) throw tooMany()
  if ((attempt.codeExpiresAt ?? 0) <= Date.now())
    throw thrown(400, 'EXPIRED_OTP', 'The code has expired: ask for a new one')
  const pepper = await deps.keys.byKid('otp', attempt.codeKid)
  const expected = Buffer.from(attempt.codeHmac, 'hex')
  const given = codeHmac(pepper!.secret!, hmacInput(attempt.id, input.phase, input.otp))
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const failures = await deps.db.addAttemptFailure(attempt.id)
    if (failures >= limits.attemptFailures) throw tooMany()
    throw thrown(400, 'INVALID_OTP', 'Invalid code')
  }
  // Once: a second use of the same code (even concurrently) is refused.
  if (!(await deps.db.transitionAttempt(attempt.id, input.state, input.next)))
    throw thrown(400, 'INVALID_OTP', 'Invalid code')
}

/** The spec's 30 s between two code mails to one address (the key names the address). */
export async function throttleMail(store: LimitStore, key: string, resendSeconds: number): Promise<void> {
  const count = await store.increment(key, resendSeconds * 1000)
  if (count.count > 1) {
    const retryAfter = Math.max(1, Math.ceil(count.resetMs / 1000))
    throw thrown(429, 'THROTTLED', `Please try again after ${retryAfter} seconds`, { retryAfter })
  }
}

/**
 * The wallet export's code: no attempt row, only a once-only entry in the limit store, keyed by
 * the session and the HMAC of the code bound to an export id only the export window holds (the
 * `export` purpose, so no login or email code passes for it). Resolves the code, the export id
 * and the pepper's kid (the window sends it back with the code).
 */
export async function issueExportCode(
  deps: CodeDeps,
  sessionId: string,
): Promise<{ code: string; exportId: string; kid: string }> {
  const code = newCode()
  const exportId = randomBytes(32).toString('base64url')
  const pepper = await deps.keys.current('otp')
  const hmac = codeHmac(pepper.secret!, exportInput(exportId, code)).toString('hex')
  await deps.store.put(exportKey(sessionId, pepper.kid, hmac), deps.limits.codeLifetimeMs)
  return { code, exportId, kid: pepper.kid }
}

/**
 * Checks an export code: at most `attemptFailures` checks per session per window, then the
 * code's entry is consumed (once, across every instance), so a code works once.
 */
export async function checkExportCode(
  deps: CodeDeps,
  input: { sessionId: string; exportId: string; kid: string; otp: string },
): Promise<void> {
  const checks = await deps.store.increment(`embedded-export-check:${input.sessionId}`, deps.limits.windowMs)
  if (checks.count > deps.limits.attemptFailures)
    throw thrown(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts: ask for a new code later')
  const pepper = await deps.keys.byKid('otp', input.kid)
  const valid =
    pepper?.secret !== undefined &&
    (await deps.store.consume(
      exportKey(
        input.sessionId,
        input.kid,
        codeHmac(pepper.secret, exportInput(input.exportId, input.otp)).toString('hex'),
      ),
    ))
  if (!valid) throw thrown(400, 'INVALID_OTP', 'Invalid or expired code')
}

const exportInput = (exportId: string, code: string) => `export:${exportId}:${code}`
const exportKey = (sessionId: string, kid: string, hmac: string) =>
  `embedded-export:${sessionId}:${kid}:${hmac}`

const attemptLifetimeMs = 20 * 60_000

/**
 * A new attempt of `request`'s client, with no code yet, and the secret only the frame holds
 * (its id is the secret's hash).
 */
export function newAttempt(
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
  fields: Pick<EmbeddedAttempt, 'projectId' | 'email' | 'deviceId' | 'action' | 'state' | 'confirmId'>,
): { secret: string; attempt: EmbeddedAttempt } {
  const secret = randomBytes(32).toString('base64url')
  const attempt: EmbeddedAttempt = {
    id: sha256(secret),
    ...fields,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? 'unknown').slice(0, 400),
    codeHmac: null,
    codeKid: null,
    codeExpiresAt: null,
    failures: 0,
    createdAt: new Date().toISOString(),
    expiresAt: Date.now() + attemptLifetimeMs,
  }
  return { secret, attempt }
}
