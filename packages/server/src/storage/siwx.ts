import type { SqlDriver } from './driver.js'

/** A key that signs sign-in session tokens (and nothing else), as JWKs. */
export interface SigningKey {
  kid: string
  /** The private JWK (JSON, or `sealed:` under the key-encryption key): never logged, never served. */
  privateJwk: string
  publicJwk: string
  createdAt: string
  /** Set when a newer key replaced it; tokens it signed stay verifiable until they expire. */
  retiredAt: string | null
}

/** A sign-in session issued after a verified message. */
export interface SignInSession {
  id: string
  projectId: string
  /** CAIP-2 chain id (`eip155:1`). */
  chainId: string
  address: string
  message: string
  signature: string
  signatureType: 'eip191' | 'eip1271' | 'ed25519'
  issuedAt: string
  expiresAt: string
  revokedAt: string | null
}

/** Sign-in data of the repository: signing keys, sessions and each project's chain RPC URLs. */
export interface SiwxRepository {
  listSigningKeys(): Promise<SigningKey[]>
  /** Adds a key and retires the current ones, in one transaction. */
  rotateSigningKey(key: Omit<SigningKey, 'retiredAt'>): Promise<void>
  /** Adds the first key unless one exists; resolves whether this call added it. */
  insertFirstSigningKey(key: Omit<SigningKey, 'retiredAt'>): Promise<boolean>
  /** Replaces a private key stored in the clear with its sealed form. */
  sealSigningKey(kid: string, privateJwk: string): Promise<void>
  insertSession(session: Omit<SignInSession, 'revokedAt'>): Promise<void>
  getSession(projectId: string, id: string): Promise<SignInSession | undefined>
  listSessions(projectId: string, filter: { address?: string; chainId?: string }): Promise<SignInSession[]>
  /** Resolves false when no live session of the project has that id. */
  revokeSession(projectId: string, id: string): Promise<boolean>
  setRpcUrl(projectId: string, chainId: string, url: string): Promise<void>
  getRpcUrl(projectId: string, chainId: string): Promise<string | undefined>
  /** Every chain RPC URL of the project, by CAIP-2 id (the embedded-wallet frame's chains). */
  listRpcUrls(projectId: string): Promise<Record<string, string>>
}

interface KeyRow {
  kid: string
  private_jwk: string
  public_jwk: string
  created_at: string
  retired_at: string | null
}
interface SessionRow {
  id: string
  project_id: string
  chain_id: string
  address: string
  message: string
  signature: string
  signature_type: string
  issued_at: string
  expires_at: string
  revoked_at: string | null
}

const toKey = (row: KeyRow): SigningKey => ({
  kid: row.kid,
  privateJwk: row.private_jwk,
  publicJwk: row.public_jwk,
  createdAt: row.created_at,
  retiredAt: row.retired_at,
})
const toSession = (row: SessionRow): SignInSession => ({
  id: row.id,
  projectId: row.project_id,
  chainId: row.chain_id,
  address: row.address,
  message: row.message,
  signature: row.signature,
  signatureType:
    row.signature_type === 'eip1271' || row.signature_type === 'ed25519' ? row.signature_type : 'eip191',
  issuedAt: row.issued_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
})
const sessionColumns =
  'id, project_id, chain_id, address, message, signature, signature_type, issued_at, expires_at, revoked_at'

/** Sign-in tables (migration 3) over any {@link SqlDriver}. */
export function createSiwxRepository(driver: SqlDriver): SiwxRepository {
  const insertKey = 'INSERT INTO siwx_keys (kid, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?)'
  return {
    async listSigningKeys() {
      const rows = await driver.all<KeyRow>(
        'SELECT kid, private_jwk, public_jwk, created_at, retired_at FROM siwx_keys ORDER BY created_at DESC, kid',
      )
      return rows.map(toKey)
    },
    async rotateSigningKey(key) {
      await driver.transaction(async (tx) => {
        await tx.run('UPDATE siwx_keys SET retired_at = ? WHERE retired_at IS NULL', [key.createdAt])
        await tx.run(insertKey, [key.kid, key.privateJwk, key.publicJwk, key.createdAt])
      })
    },
    async sealSigningKey(kid, privateJwk) {
      // Only a key still in the clear (a JSON object) is replaced.
      await driver.run("UPDATE siwx_keys SET private_jwk = ? WHERE kid = ? AND private_jwk LIKE '{%'", [
        privateJwk,
        kid,
      ])
    },
    async insertFirstSigningKey(key) {
      // The singleton row `first` makes concurrent first starts agree on one key.
      const rows = await driver.all(
        `INSERT INTO siwx_keys (kid, private_jwk, public_jwk, created_at)
         SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM siwx_keys) ON CONFLICT DO NOTHING RETURNING kid`,
        [key.kid, key.privateJwk, key.publicJwk, key.createdAt],
      )
      return rows.length === 1
    },
    async insertSession(session) {
      await driver.run(
        `INSERT INTO siwx_sessions (${sessionColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
        [
          session.id,
          session.projectId,
          session.chainId,
          session.address,
          session.message,
          session.signature,
          session.signatureType,
          session.issuedAt,
          session.expiresAt,
        ],
      )
    },
    async getSession(projectId, id) {
      const [row] = await driver.all<SessionRow>(
        `SELECT ${sessionColumns} FROM siwx_sessions WHERE project_id = ? AND id = ?`,
        [projectId, id],
      )
      return row === undefined ? undefined : toSession(row)
    },
    async listSessions(projectId, filter) {
      const rows = await driver.all<SessionRow>(
        `SELECT ${sessionColumns} FROM siwx_sessions
         WHERE project_id = ? AND revoked_at IS NULL AND expires_at > ?
           AND (? = '' OR address = ?) AND (? = '' OR chain_id = ?)
         ORDER BY issued_at DESC LIMIT 100`,
        [
          projectId,
          new Date().toISOString(),
          filter.address ?? '',
          filter.address ?? '',
          filter.chainId ?? '',
          filter.chainId ?? '',
        ],
      )
      return rows.map(toSession)
    },
    async revokeSession(projectId, id) {
      const rows = await driver.all(
        'UPDATE siwx_sessions SET revoked_at = ? WHERE project_id = ? AND id = ? AND revoked_at IS NULL RETURNING id',
        [new Date().toISOString(), projectId, id],
      )
      return rows.length === 1
    },
    async setRpcUrl(projectId, chainId, url) {
      await driver.run(
        `INSERT INTO project_rpc_urls (project_id, chain_id, url) VALUES (?, ?, ?)
         ON CONFLICT (project_id, chain_id) DO UPDATE SET url = EXCLUDED.url`,
        [projectId, chainId, url],
      )
    },
    async getRpcUrl(projectId, chainId) {
      const [row] = await driver.all<{ url: string }>(
        'SELECT url FROM project_rpc_urls WHERE project_id = ? AND chain_id = ?',
        [projectId, chainId],
      )
      return row?.url
    },
    async listRpcUrls(projectId) {
      const rows = await driver.all<{ chain_id: string; url: string }>(
        'SELECT chain_id, url FROM project_rpc_urls WHERE project_id = ? ORDER BY chain_id',
        [projectId],
      )
      return Object.fromEntries(rows.map((row) => [row.chain_id, row.url]))
    },
  }
}
