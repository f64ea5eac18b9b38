import { randomUUID } from 'node:crypto'
import type { SqlDriver, SqlExecutor } from './driver.js'

/** A per-purpose server key of the embedded wallet. */
export interface EmbeddedKeyRow {
  kid: string
  purpose: string
  /** JSON, or ciphertext under LATCH_SECRET_KEY when `encrypted`. Never logged, never served. */
  material: string
  encrypted: boolean
  createdAt: string
  retiredAt: string | null
}

/** A wallet user of one project, known by email. */
export interface EmbeddedUser {
  id: string
  projectId: string
  email: string
  createdAt: string
  eip155Address: string | null
  solanaAddress: string | null
  /** 'password' | 'passkey' | 'server'; null before the first wallet exists. */
  recoveryMode: string | null
  /** The recovery share: ciphertext the frame made (password/passkey) or the server did (server). */
  recoveryShare: string | null
  /** The device whose share set the recovery share belongs to (its auth share completes it). */
  recoveryDeviceId: string | null
  /** The email the shares were bound to, once the login email changed; null: the current one. */
  shareContext: string | null
}

export interface EmbeddedDevice {
  id: string
  userId: string
  publicJwk: string
  userAgent: string
  createdAt: string
  /** This device's auth share, encrypted under a server key; null until the device has a share set. */
  authShare: string | null
  revokedAt: string | null
}

/** A login (`VERIFY_OTP`, `VERIFY_DEVICE`) or a change of the login email (`UPDATE_EMAIL`). */
export type AttemptAction = 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'UPDATE_EMAIL'
export type AttemptState =
  | 'device_pending'
  | 'device_confirmed'
  | 'code_sent'
  /** Email update: a code went to the current email, then one to the new email. */
  | 'primary_sent'
  | 'secondary_sent'
  | 'done'

export interface EmbeddedAttempt {
  id: string
  projectId: string
  email: string
  deviceId: string | null
  ip: string
  userAgent: string
  action: AttemptAction
  state: AttemptState
  confirmId: string | null
  codeHmac: string | null
  codeKid: string | null
  codeExpiresAt: number | null
  failures: number
  createdAt: string
  expiresAt: number
}

export interface EmbeddedSession {
  id: string
  projectId: string
  userId: string
  deviceId: string
  createdAt: string
  expiresAt: string
  revokedAt: string | null
}

/** A server-assisted recovery of a new device (held while `pending`, see the project's hold). */
export interface EmbeddedRecovery {
  id: string
  userId: string
  /** The new device. */
  deviceId: string
  ip: string
  userAgent: string
  createdAt: string
  /** When a held recovery may complete (epoch ms); its start when there is no hold. */
  releasesAt: number
  state: 'pending' | 'done' | 'cancelled'
  /** SHA-256 of the mailed cancel link's token; null without a hold. */
  cancelId: string | null
}

/** A device's notice of a recovery of its account on another device. */
export interface EmbeddedNotice {
  id: string
  deviceId: string
  createdAt: string
  recovery: EmbeddedRecovery
}

/** The embedded wallet's tables (migration 4). */
export interface EmbeddedRepository {
  listKeys(purpose: string): Promise<EmbeddedKeyRow[]>
  /** Adds the first key of a purpose unless one exists; resolves whether this call added it. */
  insertFirstKey(key: Omit<EmbeddedKeyRow, 'retiredAt'>): Promise<boolean>
  rotateKey(key: Omit<EmbeddedKeyRow, 'retiredAt'>): Promise<void>
  /** Replaces a key stored in the clear with its sealed material (once: only a clear row moves). */
  sealKey(kid: string, material: string): Promise<void>
  findUser(projectId: string, email: string): Promise<EmbeddedUser | undefined>
  getUser(id: string): Promise<EmbeddedUser | undefined>
  /** Inserts the user unless the email exists; resolves the stored user either way. */
  ensureUser(user: { id: string; projectId: string; email: string; createdAt: string }): Promise<EmbeddedUser>
  /** Sets the wallet once: resolves false when the user already has one. */
  setWallet(
    userId: string,
    wallet: {
      eip155Address: string
      solanaAddress: string
      recoveryMode: string
      recoveryShare: string
      deviceId: string
    },
  ): Promise<boolean>
  /**
   * Moves the user's login to `email` (keeping the email the shares were bound to); false when
   * another user of the project has that email, or while a recovery of the user is held.
   */
  changeEmail(userId: string, projectId: string, email: string): Promise<boolean>
  getDevice(id: string): Promise<EmbeddedDevice | undefined>
  listDevices(userId: string): Promise<EmbeddedDevice[]>
  insertDevice(device: Omit<EmbeddedDevice, 'authShare' | 'revokedAt'>): Promise<void>
  setAuthShare(deviceId: string, authShare: string): Promise<void>
  insertAttempt(attempt: EmbeddedAttempt): Promise<void>
  getAttempt(id: string): Promise<EmbeddedAttempt | undefined>
  findAttemptByConfirmId(confirmId: string): Promise<EmbeddedAttempt | undefined>
  /** Moves the attempt from one state to another atomically; false when it was not in `from`. */
  transitionAttempt(id: string, from: AttemptState, to: AttemptState): Promise<boolean>
  setAttemptCode(id: string, code: { hmac: string; kid: string; expiresAt: number }): Promise<void>
  /** Counts one wrong code; resolves the new count. */
  addAttemptFailure(id: string): Promise<number>
  insertSession(session: Omit<EmbeddedSession, 'revokedAt'>): Promise<void>
  getSession(id: string): Promise<EmbeddedSession | undefined>
  revokeSession(id: string): Promise<void>
  /** 'user' (default) or 'server' (operator-custodial recovery). */
  getRecoveryPolicy(projectId: string): Promise<'user' | 'server'>
  setRecoveryPolicy(projectId: string, policy: 'user' | 'server'): Promise<void>
  /** Hours a server-assisted recovery waits before it completes; 0 (default): none. */
  getRecoveryHold(projectId: string): Promise<number>
  setRecoveryHold(projectId: string, hours: number): Promise<void>
  /**
   * Stops a held recovery in one transaction: pending → cancelled, its device revoked and every
   * session of that device ended. False when it was not pending.
   */
  cancelRecovery(id: string): Promise<boolean>
  /**
   * Records a recovery and a notice for each of `noticeDeviceIds`, in one transaction; false (and
   * nothing written) while another recovery of the user is held.
   */
  insertRecovery(recovery: EmbeddedRecovery, noticeDeviceIds: string[]): Promise<boolean>
  /** The user's recovery whose hold has not passed yet, if any. */
  pendingRecovery(userId: string): Promise<EmbeddedRecovery | undefined>
  /** A recovered device's share set: its auth share and the account's recovery share, together. */
  reshare(
    userId: string,
    deviceId: string,
    authShare: string,
    recovery: { mode: string; share: string },
  ): Promise<void>
  /** The device's latest recovery. */
  latestRecovery(deviceId: string): Promise<EmbeddedRecovery | undefined>
  getRecovery(id: string): Promise<EmbeddedRecovery | undefined>
  findRecoveryByCancelId(cancelId: string): Promise<EmbeddedRecovery | undefined>
  /** Moves the recovery from one state to another atomically; false when it was not in `from`. */
  transitionRecovery(
    id: string,
    from: EmbeddedRecovery['state'],
    to: EmbeddedRecovery['state'],
  ): Promise<boolean>
  /** The device's notices it has not dismissed, oldest first. */
  listNotices(deviceId: string): Promise<EmbeddedNotice[]>
  /** Dismisses one of the device's notices; false when it has none of that id. */
  dismissNotice(id: string, deviceId: string): Promise<boolean>
}

interface RecoveryRow {
  id: string
  user_id: string
  device_id: string
  ip: string
  user_agent: string
  created_at: string
  releases_at: number | string
  state: string
  cancel_id: string | null
}
/** A recovery of user `?` whose hold has not passed at `?` (epoch ms): the account is frozen. */
const heldRecovery =
  "SELECT 1 FROM embedded_recoveries WHERE user_id = ? AND state = 'pending' AND releases_at > ?"
const recoveryColumns = 'id, user_id, device_id, ip, user_agent, created_at, releases_at, state, cancel_id'
const toRecovery = (r: RecoveryRow): EmbeddedRecovery => ({
  id: r.id,
  userId: r.user_id,
  deviceId: r.device_id,
  ip: r.ip,
  userAgent: r.user_agent,
  createdAt: r.created_at,
  releasesAt: Number(r.releases_at),
  state: r.state === 'pending' || r.state === 'cancelled' ? r.state : 'done',
  cancelId: r.cancel_id,
})

interface UserRow {
  id: string
  project_id: string
  email: string
  created_at: string
  eip155_address: string | null
  solana_address: string | null
  recovery_mode: string | null
  recovery_share: string | null
  recovery_device_id: string | null
  share_context: string | null
}
interface DeviceRow {
  id: string
  user_id: string
  public_jwk: string
  user_agent: string
  created_at: string
  auth_share: string | null
  revoked_at: string | null
}
interface AttemptRow {
  id: string
  project_id: string
  email: string
  device_id: string | null
  ip: string
  user_agent: string
  action: string
  state: string
  confirm_id: string | null
  code_hmac: string | null
  code_kid: string | null
  code_expires_at: number | string | null
  failures: number | string
  created_at: string
  expires_at: number | string
}
interface SessionRow {
  id: string
  project_id: string
  user_id: string
  device_id: string
  created_at: string
  expires_at: string
  revoked_at: string | null
}

const userColumns =
  'id, project_id, email, created_at, eip155_address, solana_address, recovery_mode, recovery_share, recovery_device_id, share_context'
const deviceColumns = 'id, user_id, public_jwk, user_agent, created_at, auth_share, revoked_at'
const attemptColumns =
  'id, project_id, email, device_id, ip, user_agent, action, state, confirm_id, code_hmac, code_kid, code_expires_at, failures, created_at, expires_at'

const toUser = (r: UserRow): EmbeddedUser => ({
  id: r.id,
  projectId: r.project_id,
  email: r.email,
  createdAt: r.created_at,
  eip155Address: r.eip155_address,
  solanaAddress: r.solana_address,
  recoveryMode: r.recovery_mode,
  recoveryShare: r.recovery_share,
  recoveryDeviceId: r.recovery_device_id,
  shareContext: r.share_context,
})
const toDevice = (r: DeviceRow): EmbeddedDevice => ({
  id: r.id,
  userId: r.user_id,
  publicJwk: r.public_jwk,
  userAgent: r.user_agent,
  createdAt: r.created_at,
  authShare: r.auth_share,
  revokedAt: r.revoked_at,
})
const toAttempt = (r: AttemptRow): EmbeddedAttempt => ({
  id: r.id,
  projectId: r.project_id,
  email: r.email,
  deviceId: r.device_id,
  ip: r.ip,
  userAgent: r.user_agent,
  action: r.action === 'VERIFY_DEVICE' || r.action === 'UPDATE_EMAIL' ? r.action : 'VERIFY_OTP',
  state: r.state as AttemptState,
  confirmId: r.confirm_id,
  codeHmac: r.code_hmac,
  codeKid: r.code_kid,
  codeExpiresAt: r.code_expires_at === null ? null : Number(r.code_expires_at),
  failures: Number(r.failures),
  createdAt: r.created_at,
  expiresAt: Number(r.expires_at),
})
const toSession = (r: SessionRow): EmbeddedSession => ({
  id: r.id,
  projectId: r.project_id,
  userId: r.user_id,
  deviceId: r.device_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
})

/** Embedded-wallet tables over any {@link SqlDriver}. */
export function createEmbeddedRepository(driver: SqlDriver): EmbeddedRepository {
  const insertKey =
    'INSERT INTO embedded_keys (kid, purpose, material, encrypted, created_at) VALUES (?, ?, ?, ?, ?)'
  /**
   * Serialises the writes that check an account's held recoveries (a new recovery, an email
   * change): on PostgreSQL two transactions would otherwise each miss the other's uncommitted
   * row. SQLite runs one write transaction at a time already.
   */
  const lockUser = async (tx: SqlExecutor, userId: string) => {
    if (driver.kind === 'postgres')
      await tx.run('SELECT 1 FROM embedded_users WHERE id = ? FOR UPDATE', [userId])
  }
  const keyParams = (k: Omit<EmbeddedKeyRow, 'retiredAt'>) => [
    k.kid,
    k.purpose,
    k.material,
    k.encrypted ? 1 : 0,
    k.createdAt,
  ]
  const getUser = async (id: string) => {
    const [row] = await driver.all<UserRow>(`SELECT ${userColumns} FROM embedded_users WHERE id = ?`, [id])
    return row && toUser(row)
  }
  const findUser = async (projectId: string, email: string) => {
    const [row] = await driver.all<UserRow>(
      `SELECT ${userColumns} FROM embedded_users WHERE project_id = ? AND email = ?`,
      [projectId, email],
    )
    return row && toUser(row)
  }
  return {
    async listKeys(purpose) {
      const rows = await driver.all<{
        kid: string
        purpose: string
        material: string
        encrypted: number | string
        created_at: string
        retired_at: string | null
      }>(
        'SELECT kid, purpose, material, encrypted, created_at, retired_at FROM embedded_keys WHERE purpose = ? ORDER BY created_at DESC, kid',
        [purpose],
      )
      return rows.map((r) => ({
        kid: r.kid,
        purpose: r.purpose,
        material: r.material,
        encrypted: Number(r.encrypted) === 1,
        createdAt: r.created_at,
        retiredAt: r.retired_at,
      }))
    },
    async insertFirstKey(key) {
      return driver.transaction(async (tx) => {
        if (driver.kind === 'postgres') {
          // Serialises concurrent first starts of several instances.
          await tx.run('LOCK TABLE embedded_keys IN SHARE ROW EXCLUSIVE MODE')
        }
        const rows = await tx.all('SELECT kid FROM embedded_keys WHERE purpose = ? AND retired_at IS NULL', [
          key.purpose,
        ])
        if (rows.length > 0) return false
        await tx.run(insertKey, keyParams(key))
        return true
      })
    },
    async rotateKey(key) {
      await driver.transaction(async (tx) => {
        await tx.run('UPDATE embedded_keys SET retired_at = ? WHERE purpose = ? AND retired_at IS NULL', [
          key.createdAt,
          key.purpose,
        ])
        await tx.run(insertKey, keyParams(key))
      })
    },
    findUser,
    getUser,
    async sealKey(kid, material) {
      await driver.run(
        'UPDATE embedded_keys SET material = ?, encrypted = 1 WHERE kid = ? AND encrypted = 0',
        [material, kid],
      )
    },
    async ensureUser(user) {
      await driver.run(
        'INSERT INTO embedded_users (id, project_id, email, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (project_id, email) DO NOTHING',
        [user.id, user.projectId, user.email, user.createdAt],
      )
      const stored = await findUser(user.projectId, user.email)
      if (stored === undefined) throw new Error('The user could not be stored')
      return stored
    },
    async setWallet(userId, wallet) {
      const rows = await driver.all(
        `UPDATE embedded_users SET eip155_address = ?, solana_address = ?, recovery_mode = ?, recovery_share = ?, recovery_updated_at = ?, recovery_device_id = ?
         WHERE id = ? AND eip155_address IS NULL RETURNING id`,
        [
          wallet.eip155Address,
          wallet.solanaAddress,
          wallet.recoveryMode,
          wallet.recoveryShare,
          new Date().toISOString(),
          wallet.deviceId,
          userId,
        ],
      )
      return rows.length > 0
    },
    async changeEmail(userId, projectId, email) {
      try {
        return await driver.transaction(async (tx) => {
          await lockUser(tx, userId)
          // SET reads the row's old values: share_context keeps the first email.
          const rows = await tx.all(
            `UPDATE embedded_users SET share_context = COALESCE(share_context, email), email = ?
             WHERE id = ? AND NOT EXISTS (SELECT 1 FROM embedded_users WHERE project_id = ? AND email = ?)
             AND NOT EXISTS (${heldRecovery}) RETURNING id`,
            [email, userId, projectId, email, userId, Date.now()],
          )
          return rows.length > 0
        })
      } catch {
        // A concurrent change to the same email: the unique (project, email) refused this one.
        return false
      }
    },
    async getDevice(id) {
      const [row] = await driver.all<DeviceRow>(
        `SELECT ${deviceColumns} FROM embedded_devices WHERE id = ?`,
        [id],
      )
      return row && toDevice(row)
    },
    async listDevices(userId) {
      const rows = await driver.all<DeviceRow>(
        `SELECT ${deviceColumns} FROM embedded_devices WHERE user_id = ? ORDER BY created_at`,
        [userId],
      )
      return rows.map(toDevice)
    },
    async insertDevice(device) {
      await driver.run(
        'INSERT INTO embedded_devices (id, user_id, public_jwk, user_agent, created_at) VALUES (?, ?, ?, ?, ?)',
        [device.id, device.userId, device.publicJwk, device.userAgent, device.createdAt],
      )
    },
    async setAuthShare(deviceId, authShare) {
      await driver.run('UPDATE embedded_devices SET auth_share = ?, share_set_at = ? WHERE id = ?', [
        authShare,
        new Date().toISOString(),
        deviceId,
      ])
    },
    async insertAttempt(a) {
      await driver.run(
        `INSERT INTO embedded_attempts (${attemptColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          a.id,
          a.projectId,
          a.email,
          a.deviceId,
          a.ip,
          a.userAgent,
          a.action,
          a.state,
          a.confirmId,
          a.codeHmac,
          a.codeKid,
          a.codeExpiresAt,
          a.failures,
          a.createdAt,
          a.expiresAt,
        ],
      )
    },
    async getAttempt(id) {
      const [row] = await driver.all<AttemptRow>(
        `SELECT ${attemptColumns} FROM embedded_attempts WHERE id = ?`,
        [id],
      )
      return row && toAttempt(row)
    },
    async findAttemptByConfirmId(confirmId) {
      const [row] = await driver.all<AttemptRow>(
        `SELECT ${attemptColumns} FROM embedded_attempts WHERE confirm_id = ?`,
        [confirmId],
      )
      return row && toAttempt(row)
    },
    async transitionAttempt(id, from, to) {
      const rows = await driver.all(
        'UPDATE embedded_attempts SET state = ? WHERE id = ? AND state = ? RETURNING id',
        [to, id, from],
      )
      return rows.length > 0
    },
    async setAttemptCode(id, code) {
      await driver.run(
        'UPDATE embedded_attempts SET code_hmac = ?, code_kid = ?, code_expires_at = ?, failures = 0 WHERE id = ?',
        [code.hmac, code.kid, code.expiresAt, id],
      )
    },
    async addAttemptFailure(id) {
      const rows = await driver.all<{ failures: number | string }>(
        'UPDATE embedded_attempts SET failures = failures + 1 WHERE id = ? RETURNING failures',
        [id],
      )
      return Number(rows[0]?.failures ?? 0)
    },
    async insertSession(s) {
      await driver.run(
        'INSERT INTO embedded_sessions (id, project_id, user_id, device_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        [s.id, s.projectId, s.userId, s.deviceId, s.createdAt, s.expiresAt],
      )
    },
    async getSession(id) {
      const [row] = await driver.all<SessionRow>(
        'SELECT id, project_id, user_id, device_id, created_at, expires_at, revoked_at FROM embedded_sessions WHERE id = ?',
        [id],
      )
      return row && toSession(row)
    },
    async getRecoveryPolicy(projectId) {
      const [row] = await driver.all<{ recovery: string }>(
        'SELECT recovery FROM embedded_settings WHERE project_id = ?',
        [projectId],
      )
      return row?.recovery === 'server' ? 'server' : 'user'
    },
    async setRecoveryPolicy(projectId, policy) {
      await driver.run(
        'INSERT INTO embedded_settings (project_id, recovery) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET recovery = excluded.recovery',
        [projectId, policy],
      )
    },
    async getRecoveryHold(projectId) {
      const [row] = await driver.all<{ hours: number | string }>(
        'SELECT recovery_hold_hours AS hours FROM embedded_settings WHERE project_id = ?',
        [projectId],
      )
      return Number(row?.hours ?? 0)
    },
    async setRecoveryHold(projectId, hours) {
      await driver.run(
        'INSERT INTO embedded_settings (project_id, recovery_hold_hours) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET recovery_hold_hours = excluded.recovery_hold_hours',
        [projectId, hours],
      )
    },
    async cancelRecovery(id) {
      return driver.transaction(async (tx) => {
        const [row] = await tx.all<{ device_id: string }>(
          "UPDATE embedded_recoveries SET state = 'cancelled' WHERE id = ? AND state = 'pending' RETURNING device_id",
          [id],
        )
        if (row === undefined) return false
        const now = new Date().toISOString()
        await tx.run('UPDATE embedded_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
          now,
          row.device_id,
        ])
        await tx.run(
          'UPDATE embedded_sessions SET revoked_at = ? WHERE device_id = ? AND revoked_at IS NULL',
          [now, row.device_id],
        )
        return true
      })
    },
    async insertRecovery(r, noticeDeviceIds) {
      return driver.transaction(async (tx) => {
        await lockUser(tx, r.userId)
        // Written only while no other recovery of the user is held (recoveries freeze meanwhile).
        const inserted = await tx.all(
          `INSERT INTO embedded_recoveries (${recoveryColumns}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?
           WHERE NOT EXISTS (${heldRecovery}) RETURNING id`,
          [
            r.id,
            r.userId,
            r.deviceId,
            r.ip,
            r.userAgent,
            r.createdAt,
            r.releasesAt,
            r.state,
            r.cancelId,
            r.userId,
            Date.now(),
          ],
        )
        if (inserted.length === 0) return false
        for (const deviceId of noticeDeviceIds)
          await tx.run(
            'INSERT INTO embedded_notices (id, device_id, recovery_id, created_at) VALUES (?, ?, ?, ?)',
            [randomUUID(), deviceId, r.id, r.createdAt],
          )
        return true
      })
    },
    async pendingRecovery(userId) {
      const [row] = await driver.all<RecoveryRow>(
        `SELECT ${recoveryColumns} FROM embedded_recoveries WHERE user_id = ? AND state = 'pending' AND releases_at > ? ORDER BY created_at LIMIT 1`,
        [userId, Date.now()],
      )
      return row && toRecovery(row)
    },
    async reshare(userId, deviceId, authShare, recovery) {
      await driver.transaction(async (tx) => {
        const now = new Date().toISOString()
        await tx.run('UPDATE embedded_devices SET auth_share = ?, share_set_at = ? WHERE id = ?', [
          authShare,
          now,
          deviceId,
        ])
        await tx.run(
          'UPDATE embedded_users SET recovery_mode = ?, recovery_share = ?, recovery_updated_at = ?, recovery_device_id = ? WHERE id = ?',
          [recovery.mode, recovery.share, now, deviceId, userId],
        )
      })
    },
    async latestRecovery(deviceId) {
      const [row] = await driver.all<RecoveryRow>(
        `SELECT ${recoveryColumns} FROM embedded_recoveries WHERE device_id = ? ORDER BY created_at DESC, id LIMIT 1`,
        [deviceId],
      )
      return row && toRecovery(row)
    },
    async getRecovery(id) {
      const [row] = await driver.all<RecoveryRow>(
        `SELECT ${recoveryColumns} FROM embedded_recoveries WHERE id = ?`,
        [id],
      )
      return row && toRecovery(row)
    },
    async findRecoveryByCancelId(cancelId) {
      const [row] = await driver.all<RecoveryRow>(
        `SELECT ${recoveryColumns} FROM embedded_recoveries WHERE cancel_id = ?`,
        [cancelId],
      )
      return row && toRecovery(row)
    },
    async transitionRecovery(id, from, to) {
      const rows = await driver.all(
        'UPDATE embedded_recoveries SET state = ? WHERE id = ? AND state = ? RETURNING id',
        [to, id, from],
      )
      return rows.length > 0
    },
    async listNotices(deviceId) {
      const rows = await driver.all<RecoveryRow & { notice_id: string; notice_created_at: string }>(
        `SELECT n.id AS notice_id, n.created_at AS notice_created_at, ${recoveryColumns
          .split(', ')
          .map((c) => `r.${c}`)
          .join(', ')}
         FROM embedded_notices n JOIN embedded_recoveries r ON r.id = n.recovery_id
         WHERE n.device_id = ? AND n.dismissed_at IS NULL ORDER BY n.created_at, n.id`,
        [deviceId],
      )
      return rows.map((row) => ({
        id: row.notice_id,
        deviceId,
        createdAt: row.notice_created_at,
        recovery: toRecovery(row),
      }))
    },
    async dismissNotice(id, deviceId) {
      const rows = await driver.all(
        'UPDATE embedded_notices SET dismissed_at = ? WHERE id = ? AND device_id = ? AND dismissed_at IS NULL RETURNING id',
        [new Date().toISOString(), id, deviceId],
      )
      return rows.length > 0
    },
    async revokeSession(id) {
      await driver.run('UPDATE embedded_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
        new Date().toISOString(),
        id,
      ])
    },
  }
}
