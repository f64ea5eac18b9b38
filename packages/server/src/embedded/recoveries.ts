import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type {
  EmbeddedNotice,
  EmbeddedRecovery,
  EmbeddedRepository,
  EmbeddedSession,
} from '../storage/embedded.js'
import type { Project } from '../storage/types.js'
import { describeAgent } from './agent.js'
import { sha256, thrown } from './codes.js'
import type { Mailer } from './mail.js'
import { resultPage } from './pages.js'

const hourMs = 60 * 60_000
/** The longest hold a project may set: 30 days. */
export const maxRecoveryHoldHours = 720

export interface RecoveryDeps {
  db: EmbeddedRepository
  requireMailer: () => Mailer
  /** The origin of links in mails (never the request's host). */
  publicUrl: () => string
}

/** What a device is told of a recovery of its account on another device (never HTML). */
export function noticeOf(notice: EmbeddedNotice) {
  const { recovery } = notice
  return {
    id: notice.id,
    kind:
      recovery.state === 'pending'
        ? ('recovery_pending' as const)
        : recovery.state === 'cancelled'
          ? ('recovery_cancelled' as const)
          : ('recovered' as const),
    at: recovery.createdAt,
    browser: recovery.userAgent,
    ip: recovery.ip,
    ...(recovery.state === 'pending' ? { until: new Date(recovery.releasesAt).toISOString() } : {}),
  }
}

const pending = (recovery: EmbeddedRecovery) =>
  thrown(
    409,
    'recovery_pending',
    `This new device can open the wallet after ${new Date(recovery.releasesAt).toUTCString()}, unless the owner stops it`,
    { until: new Date(recovery.releasesAt).toISOString() },
  )
const cancelled = () =>
  thrown(403, 'recovery_cancelled', 'The owner of this wallet stopped this recovery ("This wasn\'t me")')

/** Refuses a device whose recovery the owner stopped. */
export async function refuseCancelled(db: EmbeddedRepository, deviceId: string): Promise<void> {
  if ((await db.latestRecovery(deviceId))?.state === 'cancelled') throw cancelled()
}

/** Refuses a device whose recovery is still held or was stopped (it may not replace shares). */
export async function refuseUnfinished(db: EmbeddedRepository, deviceId: string): Promise<void> {
  const latest = await db.latestRecovery(deviceId)
  if (latest?.state === 'cancelled') throw cancelled()
  if (latest?.state === 'pending') throw pending(latest)
}

const unfinished = () =>
  thrown(403, 'device_unfinished', 'This device has not finished recovering the wallet: it cannot do this')

/**
 * Refuses a device that is not established: one of an account with a wallet that holds no share
 * set of its own (never recovered, or recovered and never re-shared), or whose own recovery is
 * held or was stopped. Such a device may be a mailbox attacker's; it must not change the email or
 * touch another device's recovery. `before`: it must also predate that moment (a recovery's start).
 */
export async function refuseUnestablished(
  db: EmbeddedRepository,
  current: EmbeddedSession,
  before?: string,
): Promise<void> {
  const [user, device, latest] = await Promise.all([
    db.getUser(current.userId),
    db.getDevice(current.deviceId),
    db.latestRecovery(current.deviceId),
  ])
  if (user === undefined || device === undefined)
    throw thrown(401, 'session_ended', 'The session is not valid')
  if (latest?.state === 'pending' || latest?.state === 'cancelled') throw unfinished()
  if (user.eip155Address !== null && device.authShare === null) throw unfinished()
  if (before !== undefined && !(device.createdAt < before)) throw unfinished()
}

const frozen = (recovery: EmbeddedRecovery) =>
  thrown(
    409,
    'recovery_frozen',
    `A recovery of this wallet is held until ${new Date(recovery.releasesAt).toUTCString()}: this waits until then`,
    { until: new Date(recovery.releasesAt).toISOString() },
  )

/** Refuses while a recovery of the user is held: email changes and other recoveries wait. */
export async function refuseWhileHeld(db: EmbeddedRepository, userId: string): Promise<void> {
  const held = await db.pendingRecovery(userId)
  if (held !== undefined) throw frozen(held)
}

/**
 * The recovery of a new device, in every mode: every other device of the account gets a notice,
 * the owner a mail, and with a hold (server-assisted recovery only) the share is released only
 * once the hold has passed and nobody pressed "This wasn't me". Resolves when the share may be
 * released now; throws `recovery_pending` (with `until`), `recovery_cancelled`, or
 * `recovery_frozen` while another device's recovery is held.
 */
export async function admitRecovery(
  deps: RecoveryDeps,
  request: FastifyRequest,
  project: Project,
  current: EmbeddedSession,
  hours: number,
): Promise<void> {
  const { db } = deps
  // The owner's address is read after the recovery's row is written: an email change that
  // committed before it is mailed at the new address, and none can commit after it while held.
  const ownerEmail = async () => {
    const user = await db.getUser(current.userId)
    if (user === undefined) throw thrown(404, 'no_wallet', 'This account has no wallet yet')
    return user.email
  }
  const latest = await db.latestRecovery(current.deviceId)
  if (latest?.state === 'cancelled') throw cancelled()
  if (latest?.state === 'pending') {
    if (Date.now() < latest.releasesAt) throw pending(latest)
    if (await db.transitionRecovery(latest.id, 'pending', 'done')) {
      await mailRecovered(deps, request, project, await ownerEmail(), latest)
      return
    }
    // Cancelled between the read and now.
    throw cancelled()
  }
  await refuseWhileHeld(db, current.userId)
  const now = Date.now()
  const token = hours > 0 ? randomBytes(32).toString('base64url') : undefined
  const recovery: EmbeddedRecovery = {
    id: randomUUID(),
    userId: current.userId,
    deviceId: current.deviceId,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? 'unknown').slice(0, 512),
    createdAt: new Date(now).toISOString(),
    releasesAt: now + hours * hourMs,
    state: token === undefined ? 'done' : 'pending',
    cancelId: token === undefined ? null : sha256(token),
  }
  const others = (await db.listDevices(current.userId)).filter(
    (device) => device.id !== current.deviceId && device.revokedAt === null,
  )
  const mailer = deps.requireMailer()
  const ids = others.map((device) => device.id)
  if (!(await db.insertRecovery(recovery, ids))) {
    // Another device's recovery became held between the check and now.
    await refuseWhileHeld(db, current.userId)
    throw thrown(409, 'recovery_frozen', 'Another recovery of this wallet is held: try again later')
  }
  if (token === undefined) {
    await mailRecovered(deps, request, project, await ownerEmail(), recovery)
    return
  }
  const link = `${deps.publicUrl()}/embedded/v1/recovery/cancel?token=${token}`
  await mailer.send({
    to: await ownerEmail(),
    subject: `A new device asked to open your ${project.name} wallet`,
    text: `A new device asked to open your wallet for ${project.name}.\n\nBrowser (as reported by the device): ${describeAgent(recovery.userAgent)}\nIP address: ${recovery.ip}\nTime: ${new Date(now).toUTCString()}\n\nIt can open the wallet after ${new Date(recovery.releasesAt).toUTCString()}. If this was you, do nothing.\n\nIf this wasn't you, open this link and press "This wasn't me" to stop it:\n${link}\n\nYour other signed-in devices show the same notice. Someone who can read your email may be trying to take the wallet: secure your mailbox.`,
  })
  throw pending(recovery)
}

async function mailRecovered(
  deps: RecoveryDeps,
  request: FastifyRequest,
  project: Project,
  email: string,
  recovery: EmbeddedRecovery,
) {
  await deps.requireMailer().send({
    to: email,
    subject: `Your ${project.name} wallet was opened on a new device`,
    text: `Your wallet for ${project.name} was just recovered on a new device.\n\nBrowser (as reported by the device): ${describeAgent(recovery.userAgent)}\nIP address: ${recovery.ip}\nAsked at: ${new Date(recovery.createdAt).toUTCString()}\nOpened at: ${new Date().toUTCString()} (${request.ip})\n\nIf this was not you, someone can read your email: secure your mailbox and contact ${project.name}.`,
  })
}

/**
 * Stops a held recovery: the new device is removed, its sessions end at once, and it will be
 * told. False when not pending.
 */
export const cancel = (db: EmbeddedRepository, recovery: EmbeddedRecovery) => db.cancelRecovery(recovery.id)

/** The notice `id` of the session's device; refused when it has none such. */
export async function ownNotice(db: EmbeddedRepository, current: EmbeddedSession, id: string) {
  const notice = (await db.listNotices(current.deviceId)).find((n) => n.id === id)
  if (notice === undefined) throw thrown(404, 'no_notice', 'This device has no such notice')
  return notice
}

/** The page a used or expired "This wasn't me" link shows. */
export const gone = () =>
  resultPage(
    'This link has expired or was already used.',
    'The recovery it was about has completed or was already stopped.',
  )
