import type { SqlDriver } from './driver.js'
import type { EmbeddedRepository, EmbeddedUser } from './embedded.js'

/** A project's OAuth client at one provider. */
export interface SocialClient {
  projectId: string
  provider: string
  issuer: string
  clientId: string
  /** Sealed under the server's `share` key: never logged, never served. */
  clientSecret: string
}

/**
 * Where a social login stands: `pending` (the window is at the provider), `exchanging` (the
 * callback came once and is redeeming the code), `authorized` (the provider vouched for the
 * subject), `failed` (denied, or a check failed), `done` (the frame took its session).
 */
export type SocialStatus = 'pending' | 'exchanging' | 'authorized' | 'failed' | 'done'

export interface SocialAttempt {
  id: string
  stateId: string
  projectId: string
  provider: string
  origin: string
  deviceId: string | null
  nonce: string
  codeVerifier: string
  status: SocialStatus
  subject: string | null
  email: string | null
  emailVerified: boolean
  /** The visitor's name at the provider (GitHub's login, Google's name), shown beside the provider. */
  username: string | null
  error: string | null
  userAgent: string
  createdAt: string
  expiresAt: number
}

/** What the provider said of the visitor, once its answer passed every check. */
export interface SocialResult {
  subject: string
  email: string | null
  emailVerified: boolean
  /** The name the visitor goes by at the provider, when it gives one. */
  username: string | null
}

/** Social-login tables (migration 11). */
export interface SocialRepository {
  setClient(client: SocialClient): Promise<void>
  getClient(projectId: string, provider: string): Promise<SocialClient | undefined>
  /** Stores a new attempt, and drops the expired ones (their nonce, verifier and the visitor's email). */
  insertAttempt(attempt: Omit<SocialAttempt, 'username'>): Promise<void>
  getAttempt(id: string): Promise<SocialAttempt | undefined>
  findAttemptByState(stateId: string): Promise<SocialAttempt | undefined>
  /** Moves the attempt from `from` to `to` (with the provider's answer or an error) once. */
  transition(
    id: string,
    from: SocialStatus,
    to: SocialStatus,
    outcome?: { result?: SocialResult; error?: string },
  ): Promise<boolean>
  /**
   * The account of (provider, subject), made on first use: joined to the account of the same
   * email only when the provider verified that email; else an account of its own, under a name
   * that is no email (so no email login ever reaches it).
   */
  userFor(
    projectId: string,
    provider: string,
    result: SocialResult,
    fresh: { id: string; createdAt: string; placeholder: string },
  ): Promise<EmbeddedUser>
}

interface AttemptRow {
  id: string
  state_id: string
  project_id: string
  provider: string
  origin: string
  device_id: string | null
  nonce: string
  code_verifier: string
  status: string
  subject: string | null
  email: string | null
  email_verified: number | string | null
  username: string | null
  error: string | null
  user_agent: string
  created_at: string
  expires_at: number | string
}

const attemptColumns =
  'id, state_id, project_id, provider, origin, device_id, nonce, code_verifier, status, subject, email, email_verified, error, user_agent, created_at, expires_at'
// The provider's name for the visitor (migration 12): written by the callback, never at the start.
const readColumns = `${attemptColumns}, username`

const toAttempt = (r: AttemptRow): SocialAttempt => ({
  id: r.id,
  stateId: r.state_id,
  projectId: r.project_id,
  provider: r.provider,
  origin: r.origin,
  deviceId: r.device_id,
  nonce: r.nonce,
  codeVerifier: r.code_verifier,
  status: r.status as SocialStatus,
  subject: r.subject,
  email: r.email,
  emailVerified: Number(r.email_verified) === 1,
  username: r.username,
  error: r.error,
  userAgent: r.user_agent,
  createdAt: r.created_at,
  expiresAt: Number(r.expires_at),
})

export function createSocialRepository(driver: SqlDriver, embedded: EmbeddedRepository): SocialRepository {
  const attemptWhere = async (column: 'id' | 'state_id', value: string) => {
    const [row] = await driver.all<AttemptRow>(
      `SELECT ${readColumns} FROM embedded_social_attempts WHERE ${column} = ?`,
      [value],
    )
    return row && toAttempt(row)
  }
  const identity = async (projectId: string, provider: string, subject: string) => {
    const [row] = await driver.all<{ user_id: string }>(
      'SELECT user_id FROM embedded_identities WHERE project_id = ? AND provider = ? AND subject = ?',
      [projectId, provider, subject],
    )
    return row?.user_id
  }
  return {
    async setClient(c) {
      await driver.run(
        `INSERT INTO embedded_social_clients (project_id, provider, issuer, client_id, client_secret, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (project_id, provider) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id,
           client_secret = excluded.client_secret, updated_at = excluded.updated_at`,
        [c.projectId, c.provider, c.issuer, c.clientId, c.clientSecret, new Date().toISOString()],
      )
    },
    async getClient(projectId, provider) {
      const [row] = await driver.all<{ issuer: string; client_id: string; client_secret: string }>(
        'SELECT issuer, client_id, client_secret FROM embedded_social_clients WHERE project_id = ? AND provider = ?',
        [projectId, provider],
      )
      return (
        row && {
          projectId,
          provider,
          issuer: row.issuer,
          clientId: row.client_id,
          clientSecret: row.client_secret,
        }
      )
    },
    async insertAttempt(a) {
      await driver.run('DELETE FROM embedded_social_attempts WHERE expires_at <= ?', [Date.now()])
      await driver.run(
        `INSERT INTO embedded_social_attempts (${attemptColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          a.id,
          a.stateId,
          a.projectId,
          a.provider,
          a.origin,
          a.deviceId,
          a.nonce,
          a.codeVerifier,
          a.status,
          a.subject,
          a.email,
          a.emailVerified ? 1 : 0,
          a.error,
          a.userAgent,
          a.createdAt,
          a.expiresAt,
        ],
      )
    },
    getAttempt: (id) => attemptWhere('id', id),
    findAttemptByState: (stateId) => attemptWhere('state_id', stateId),
    async transition(id, from, to, outcome = {}) {
      const { result, error } = outcome
      const rows = await driver.all(
        `UPDATE embedded_social_attempts SET status = ?,
           subject = COALESCE(?, subject), email = COALESCE(?, email),
           email_verified = COALESCE(?, email_verified), username = COALESCE(?, username),
           error = COALESCE(?, error)
         WHERE id = ? AND status = ? RETURNING id`,
        [
          to,
          result?.subject ?? null,
          result?.email ?? null,
          result === undefined ? null : result.emailVerified ? 1 : 0,
          result?.username ?? null,
          error ?? null,
          id,
          from,
        ],
      )
      return rows.length > 0
    },
    async userFor(projectId, provider, result, fresh) {
      const known = await identity(projectId, provider, result.subject)
      if (known === undefined) {
        // Only a provider's verified email names an existing account; anything else gets an
        // account of its own.
        const email =
          result.emailVerified && result.email !== null ? result.email.toLowerCase() : fresh.placeholder
        const user = await embedded.ensureUser({ id: fresh.id, projectId, email, createdAt: fresh.createdAt })
        // Two callbacks of one subject at once: the first identity stored wins, both read it back.
        await driver.run(
          `INSERT INTO embedded_identities (project_id, provider, subject, user_id, created_at)
           VALUES (?, ?, ?, ?, ?) ON CONFLICT (project_id, provider, subject) DO NOTHING`,
          [projectId, provider, result.subject, user.id, fresh.createdAt],
        )
      }
      const userId = await identity(projectId, provider, result.subject)
      const user = userId === undefined ? undefined : await embedded.getUser(userId)
      if (user === undefined) throw new Error('The account could not be stored')
      return user
    },
  }
}
