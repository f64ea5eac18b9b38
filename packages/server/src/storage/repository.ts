import type { ChainNamespace, ImageKind, RegistryWallet, StoredImage } from '../registry/types.js'
import type { SqlDriver, SqlValue } from './driver.js'
import { applyMigrations } from './migrations.js'
import type { NewProject, Project, Repository, WalletPage, WalletQuery } from './types.js'

interface ProjectRow {
  id: string
  name: string
  allowed_origins: string
  allow_localhost: number
  features: string
  created_at: string
}

interface WalletRow {
  id: string
  name: string
  rdns: string | null
  chains: string
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  homepage: string | null
  badge_type: string | null
  sort_order: number
}

const projectColumns = 'id, name, allowed_origins, allow_localhost, features, created_at'
const walletColumns =
  'w.id, w.name, w.rdns, w.chains, w.mobile_link, w.desktop_link, w.webapp_link, w.homepage, w.badge_type, w.sort_order'

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    allowLocalhost: Number(row.allow_localhost) === 1,
    features: JSON.parse(row.features) as Project['features'],
    createdAt: row.created_at,
  }
}

function toWallet(row: WalletRow): RegistryWallet {
  return {
    id: row.id,
    name: row.name,
    rdns: row.rdns,
    chains: JSON.parse(row.chains) as ChainNamespace[],
    mobile_link: row.mobile_link,
    desktop_link: row.desktop_link,
    webapp_link: row.webapp_link,
    homepage: row.homepage,
    badge_type: row.badge_type === 'certified' ? 'certified' : null,
    order: Number(row.sort_order),
  }
}

/** `%` and `_` in the user's search text are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ')

/** The registry filter as SQL, shared by the count and the page query. */
function walletFilter(query: WalletQuery): { where: string; params: SqlValue[] } {
  const clauses: string[] = []
  const params: SqlValue[] = []
  if (query.search) {
    clauses.push("w.name_lower LIKE ? ESCAPE '\\'")
    params.push(likePattern(query.search.toLowerCase()))
  }
  if (query.certifiedOnly) clauses.push("w.badge_type = 'certified'")
  if (query.include?.length) {
    clauses.push(`w.id IN (${placeholders(query.include.length)})`)
    params.push(...query.include)
  }
  if (query.exclude?.length) {
    clauses.push(`w.id NOT IN (${placeholders(query.exclude.length)})`)
    params.push(...query.exclude)
  }
  if (query.namespaces?.length) {
    clauses.push(
      `EXISTS (SELECT 1 FROM wallet_namespaces n WHERE n.wallet_id = w.id AND n.namespace IN (${placeholders(query.namespaces.length)}))`,
    )
    params.push(...query.namespaces)
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

/** The repository over any {@link SqlDriver}; see {@link Repository}. */
export function createSqlRepository(driver: SqlDriver): Repository {
  const getProject = async (id: string): Promise<Project | undefined> => {
    const [row] = await driver.all<ProjectRow>(`SELECT ${projectColumns} FROM projects WHERE id = ?`, [id])
    return row === undefined ? undefined : toProject(row)
  }

  return {
    kind: driver.kind,
    migrate: () => applyMigrations(driver),
    close: () => driver.close(),
    getProject,

    async createProject(input: NewProject) {
      const createdAt = new Date().toISOString()
      await driver.run(`INSERT INTO projects (${projectColumns}) VALUES (?, ?, ?, ?, ?, ?)`, [
        input.id,
        input.name,
        JSON.stringify(input.allowedOrigins),
        input.allowLocalhost ? 1 : 0,
        JSON.stringify(input.features ?? {}),
        createdAt,
      ])
      const project = await getProject(input.id)
      if (project === undefined) throw new Error(`Project ${input.id} vanished after insert`)
      return project
    },

    async listProjects() {
      const rows = await driver.all<ProjectRow>(
        `SELECT ${projectColumns} FROM projects ORDER BY created_at, id`,
      )
      return rows.map(toProject)
    },

    async updateProject(id, patch) {
      return driver.transaction(async (tx) => {
        const [row] = await tx.all<ProjectRow>(`SELECT ${projectColumns} FROM projects WHERE id = ?`, [id])
        if (row === undefined) return undefined
        const next = { ...toProject(row), ...patch }
        await tx.run(
          'UPDATE projects SET name = ?, allowed_origins = ?, allow_localhost = ?, features = ? WHERE id = ?',
          [
            next.name,
            JSON.stringify(next.allowedOrigins),
            next.allowLocalhost ? 1 : 0,
            JSON.stringify(next.features),
            id,
          ],
        )
        return next
      })
    },

    async replaceRegistry(wallets, images) {
      await driver.transaction(async (tx) => {
        await tx.run('DELETE FROM wallet_namespaces')
        await tx.run('DELETE FROM wallets')
        await tx.run('DELETE FROM images')
        for (const w of wallets) {
          await tx.run(
            `INSERT INTO wallets (id, name, name_lower, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type, sort_order)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              w.id,
              w.name,
              w.name.toLowerCase(),
              w.rdns,
              JSON.stringify(w.chains),
              w.mobile_link,
              w.desktop_link,
              w.webapp_link,
              w.homepage,
              w.badge_type,
              w.order,
            ],
          )
          for (const namespace of w.chains) {
            await tx.run('INSERT INTO wallet_namespaces (wallet_id, namespace) VALUES (?, ?)', [
              w.id,
              namespace,
            ])
          }
        }
        for (const image of images) {
          await tx.run('INSERT INTO images (kind, id, content_type, body, etag) VALUES (?, ?, ?, ?, ?)', [
            image.kind,
            image.id,
            image.contentType,
            image.body,
            image.etag,
          ])
        }
      })
    },

    async countWallets() {
      const [row] = await driver.all<{ count: number | string }>('SELECT COUNT(*) AS count FROM wallets')
      return Number(row?.count ?? 0)
    },

    async queryWallets(query: WalletQuery): Promise<WalletPage> {
      const { where, params } = walletFilter(query)
      // Featured wallets come back in the order the caller listed them.
      const includeOrder = query.include?.length
        ? `CASE w.id ${query.include.map((_, i) => `WHEN ? THEN ${i}`).join(' ')} END, `
        : ''
      // The total rides along with the page (one statement per request); only a page past the
      // end, which has no rows to carry it, needs a separate count.
      const rows = await driver.all<WalletRow & { total: number | string }>(
        `SELECT ${walletColumns}, COUNT(*) OVER () AS total FROM wallets w ${where} ORDER BY ${includeOrder}w.sort_order, w.name, w.id LIMIT ? OFFSET ?`,
        [...params, ...(query.include ?? []), query.entries, (query.page - 1) * query.entries],
      )
      let count = Number(rows[0]?.total ?? 0)
      if (rows.length === 0 && query.page > 1) {
        const [countRow] = await driver.all<{ count: number | string }>(
          `SELECT COUNT(*) AS count FROM wallets w ${where}`,
          params,
        )
        count = Number(countRow?.count ?? 0)
      }
      return { data: rows.map(toWallet), count }
    },

    async getImage(kind: ImageKind, id: string): Promise<StoredImage | undefined> {
      const [row] = await driver.all<{ content_type: string; body: string; etag: string }>(
        'SELECT content_type, body, etag FROM images WHERE kind = ? AND id = ?',
        [kind, id],
      )
      return row === undefined
        ? undefined
        : { kind, id, contentType: row.content_type, body: row.body, etag: row.etag }
    },
  }
}
