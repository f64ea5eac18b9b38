import type { FastifyInstance, FastifyRequest } from 'fastify'
import { atRestContext } from '../../at-rest.js'
import type { EmbeddedAttempt, EmbeddedSession } from '../../storage/embedded.js'
import { sha256, thrown } from '../codes.js'
import { mailLinkBase } from '../links.js'
import { noticeOf } from '../recoveries.js'
import type { EmbeddedRouteOptions } from '../routes.js'
import { createFarcasterVerifier } from '../social/farcaster.js'
import { createSocialLogin } from '../social/login.js'
import { embeddedMails } from './mails.js'
import { sessionChecks } from './session.js'

/** What the embedded routes' handlers share: the stores, the mailer, and the common checks. */
export type EmbeddedContext = ReturnType<typeof embeddedContext>

export function embeddedContext(app: FastifyInstance, options: EmbeddedRouteOptions) {
  const { repository, store, keys, mailer, limits } = options
  const db = repository.embedded
  const publicUrl = () => mailLinkBase(app, options.publicUrl)
  const requireMailer = () => {
    if (mailer === undefined)
      throw thrown(503, 'mail_unavailable', 'Email login is not configured on this server (LATCH_SMTP_URL)')
    return mailer
  }

  // Every call to a provider is bounded, well inside the frame's 30 s for the whole request.
  const socialLogin = createSocialLogin({ timeoutMs: 10_000 })
  /** The one callback URL every project registers at its providers. */
  const socialRedirectUri = () => `${publicUrl()}/embedded/v1/social/callback`
  /** The base of the Sign In With Farcaster relay this server hosts (`{base}/v1/channel/…`). */
  const farcasterRelay = () => `${publicUrl()}/farcaster`
  const farcaster = createFarcasterVerifier({ timeoutMs: 10_000 })

  const codeDeps = { db, keys, store, limits }
  const recoveryDeps = { db, requireMailer, publicUrl }

  const { sendCode, sendDeviceLink, mailReshared } = embeddedMails({ codeDeps, requireMailer, publicUrl })
  const { session, deviceProof } = sessionChecks({ db, keys, store })

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

  async function liveAttempt(request: FastifyRequest, secret: string): Promise<EmbeddedAttempt> {
    const attempt = await db.getAttempt(sha256(secret))
    if (attempt === undefined || attempt.projectId !== request.project!.id || attempt.expiresAt <= Date.now())
      throw thrown(400, 'EXPIRED_OTP', 'This login has expired: ask for a new code')
    return attempt
  }
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

  return {
    repository,
    store,
    keys,
    limits,
    db,
    social: repository.social,
    socialLogin,
    socialRedirectUri,
    farcasterRelay,
    farcaster,
    requireMailer,
    publicUrl,
    codeDeps,
    recoveryDeps,
    session,
    deviceProof,
    describe,
    liveAttempt,
    storedRecovery,
    sendCode,
    sendDeviceLink,
    mailReshared,
  }
}
