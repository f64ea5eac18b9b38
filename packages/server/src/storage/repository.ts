import type { ChainNamespace, ImageKind, RegistryWallet, StoredImage } from '../registry/types.js'
import { createActivityRepository } from './activity.js'
import type { SqlDriver, SqlValue } from './driver.js'
import { createEmbeddedRepository } from './embedded.js'
import { applyMigrations } from './migrations.js'
import { createOnrampRepository } from './onramp.js'
import { createPricesRepository } from './prices.js'
import { createSiwxRepository } from './siwx.js'
import { createSmartAccountsRepository } from './smart-accounts.js'
import { createSocialRepository } from './social.js'
import { createSwapsRepository } from './swaps.js'
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
  chrome_store: string | null
  app_store: string | null
  play_store: string | null
  badge_type: string | null
  sort_order: number
}

const projectColumns = 'id, name, allowed_origins, allow_localhost, features, created_at'
const walletColumns =
  'w.id, w.name, w.rdns, w.chains, w.mobile_link, w.desktop_link, w.webapp_link, w.homepage, w.chrome_store, w.app_store, w.play_store, w.badge_type, w.sort_order'

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
    chrome_store: row.chrome_store,
    app_store: row.app_store,
    play_store: row.play_store,
    badge_type: row.badge_type === 'certified' ? 'certified' : null,
    order: Number(row.sort_order),
  }
}

/** `%` and `_` in the user's search text are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * A list bound as one JSON text parameter and read as rows `(pos, item)`, so a list of any length
 * is the same statement: the set of SQL texts is fixed, whatever the request.
 */
function listRows(kind: SqlDriver['kind']): string {
  return kind === 'sqlite'
    ? '(SELECT CAST(key AS INTEGER) AS pos, value AS item FROM json_each(?))'
    : '(SELECT ord AS pos, item FROM jsonb_array_elements_text(CAST(? AS jsonb)) WITH ORDINALITY AS l(item, ord))'
}

/**
 * The registry query as SQL. Its shape depends only on which filters are present (at most eight
 * shapes), never on the lengths of the lists, which travel as JSON parameters. Featured wallets
 * (`include`) drive the join, so their order costs one index lookup per id.
 */
function walletStatement(
  kind: SqlDriver['kind'],
  query: WalletQuery,
): { from: string; order: string; params: SqlValue[] } {
  const list = listRows(kind)
  const params: SqlValue[] = []
  let from = 'wallets w'
  let order = 'w.sort_order, w.name, w.id'
  if (query.include?.length) {
    from = `${list} inc JOIN wallets w ON w.id = inc.item`
    order = `inc.pos, ${order}`
    params.push(JSON.stringify(query.include))
  }
  const clauses = ["w.name_lower LIKE ? ESCAPE '\\'", "(? = 0 OR w.badge_type = 'certified')"]
  params.push(likePattern(query.search?.toLowerCase() ?? ''), query.certifiedOnly ? 1 : 0)
  if (query.exclude?.length) {
    clauses.push(`w.id NOT IN (SELECT item FROM ${list} ex)`)
    params.push(JSON.stringify(query.exclude))
  }
  if (query.namespaces?.length) {
    clauses.push(
      `EXISTS (SELECT 1 FROM wallet_namespaces n WHERE n.wallet_id = w.id AND n.namespace IN (SELECT item FROM ${list} ns))`,
    )
    params.push(JSON.stringify(query.namespaces))
  }
  return { from: `${from} WHERE ${clauses.join(' AND ')}`, order, params }
}

/** The repository over any {@link SqlDriver}; see {@link Repository}. */
export function createSqlRepository(driver: SqlDriver): Repository {
  const getProject = async (id: string): Promise<Project | undefined> => {
    const [row] = await driver.all<ProjectRow>(`SELECT ${projectColumns} FROM projects WHERE id = ?`, [id])
    return row === undefined ? undefined : toProject(row)
  }

  // One statement decides, so concurrent creators of the same id cannot both insert or both fail.
  const insertProject = async (input: NewProject): Promise<{ project: Project; created: boolean }> => {
    const inserted = await driver.all<{ id: string }>(
      `INSERT INTO projects (${projectColumns}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        input.id,
        input.name,
        JSON.stringify(input.allowedOrigins),
        input.allowLocalhost ? 1 : 0,
        JSON.stringify(input.features ?? {}),
        new Date().toISOString(),
      ],
    )
    const project = await getProject(input.id)
    if (project === undefined) throw new Error(`Project ${input.id} vanished after insert`)
    return { project, created: inserted.length > 0 }
  }
  // PostgreSQL locks the row being changed; SQLite's BEGIN IMMEDIATE already locks the database.
  const lockRow = driver.kind === 'postgres' ? ' FOR UPDATE' : ''

  const embedded = createEmbeddedRepository(driver)
  return {
    kind: driver.kind,
    siwx: createSiwxRepository(driver),
    embedded,
    social: createSocialRepository(driver, embedded),
    activity: createActivityRepository(driver),
    prices: createPricesRepository(driver),
    swaps: createSwapsRepository(driver),
    onramp: createOnrampRepository(driver),
    smartAccounts: createSmartAccountsRepository(driver),
    migrate: () => applyMigrations(driver),
    close: () => driver.close(),
    getProject,

    async createProject(input: NewProject) {
      const { project, created } = await insertProject(input)
      if (!created) throw new Error(`A project with id "${input.id}" already exists`)
      return project
    },

    insertProject,

    async listProjects() {
      const rows = await driver.all<ProjectRow>(
        `SELECT ${projectColumns} FROM projects ORDER BY created_at, id`,
      )
      return rows.map(toProject)
    },

    async updateProject(id, patch) {
      return driver.transaction(async (tx) => {
        const [row] = await tx.all<ProjectRow>(
          `SELECT ${projectColumns} FROM projects WHERE id = ?${lockRow}`,
          [id],
        )
        if (row === undefined) return undefined
        const current = toProject(row)
        const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) }
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
            `INSERT INTO wallets (id, name, name_lower, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, chrome_store, app_store, play_store, badge_type, sort_order)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
              w.chrome_store,
              w.app_store,
              w.play_store,
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
      const { from, order, params } = walletStatement(driver.kind, query)
      // The total rides along with the page (one statement per request); only a page past the
      // end, which has no rows to carry it, needs a separate count.
      const rows = await driver.all<WalletRow & { total: number | string }>(
        `SELECT ${walletColumns}, COUNT(*) OVER () AS total FROM ${from} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...params, query.entries, (query.page - 1) * query.entries],
      )
      let count = Number(rows[0]?.total ?? 0)
      if (rows.length === 0 && query.page > 1) {
        const [countRow] = await driver.all<{ count: number | string }>(
          `SELECT COUNT(*) AS count FROM ${from}`,
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
