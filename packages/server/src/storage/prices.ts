import type { SqlDriver } from './driver.js'

/** Where a project's token prices come from (`latch-server project set-prices`). */
export interface PriceSourceSetting {
  /** The API's shape; CoinGecko's `/simple/price` and `/simple/token_price/{platform}`. */
  source: 'coingecko'
  /** The API's base URL, e.g. https://pro-api.coingecko.com/api/v3. */
  url: string
  /** Sent to the price source only, never to a page. */
  apiKey: string | null
}

/** A token a project adds to the default list (tokenlists.org fields; `chainId` as CAIP-2). */
export interface ProjectToken {
  chainId: string
  address: string
  symbol: string
  name: string
  decimals: number
  logoURI: string | null
}

/** Each project's price source and its own tokens. */
export interface PricesRepository {
  /** Sets the project's price source, or removes it with `undefined`. */
  setPriceSource(projectId: string, setting: PriceSourceSetting | undefined): Promise<void>
  getPriceSource(projectId: string): Promise<PriceSourceSetting | undefined>
  /** Adds a token, or replaces the one with the same chain and address. */
  putToken(projectId: string, token: ProjectToken): Promise<void>
  /** Resolves false when the project had no such token. */
  removeToken(projectId: string, chainId: string, address: string): Promise<boolean>
  listTokens(projectId: string): Promise<ProjectToken[]>
}

interface TokenRow {
  chain_id: string
  address: string
  symbol: string
  name: string
  decimals: number
  logo_uri: string | null
}

/** The price and token tables over either database (same SQL). */
export function createPricesRepository(driver: SqlDriver): PricesRepository {
  return {
    async setPriceSource(projectId, setting) {
      if (setting === undefined) {
        await driver.run('DELETE FROM project_price_sources WHERE project_id = ?', [projectId])
        return
      }
      await driver.run(
        `INSERT INTO project_price_sources (project_id, source, url, api_key, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (project_id) DO UPDATE SET source = EXCLUDED.source, url = EXCLUDED.url,
           api_key = EXCLUDED.api_key, updated_at = EXCLUDED.updated_at`,
        [projectId, setting.source, setting.url, setting.apiKey, new Date().toISOString()],
      )
    },
    async getPriceSource(projectId) {
      const [row] = await driver.all<{ source: string; url: string; api_key: string | null }>(
        'SELECT source, url, api_key FROM project_price_sources WHERE project_id = ?',
        [projectId],
      )
      if (row === undefined || row.source !== 'coingecko') return undefined
      return { source: 'coingecko', url: row.url, apiKey: row.api_key }
    },
    async putToken(projectId, token) {
      await driver.run(
        `INSERT INTO project_tokens (project_id, chain_id, address, symbol, name, decimals, logo_uri)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (project_id, chain_id, address) DO UPDATE SET symbol = EXCLUDED.symbol,
           name = EXCLUDED.name, decimals = EXCLUDED.decimals, logo_uri = EXCLUDED.logo_uri`,
        [projectId, token.chainId, token.address, token.symbol, token.name, token.decimals, token.logoURI],
      )
    },
    async removeToken(projectId, chainId, address) {
      const rows = await driver.all(
        'DELETE FROM project_tokens WHERE project_id = ? AND chain_id = ? AND address = ? RETURNING address',
        [projectId, chainId, address],
      )
      return rows.length > 0
    },
    async listTokens(projectId) {
      const rows = await driver.all<TokenRow>(
        `SELECT chain_id, address, symbol, name, decimals, logo_uri FROM project_tokens
         WHERE project_id = ? ORDER BY chain_id, symbol, address`,
        [projectId],
      )
      return rows.map((row) => ({
        chainId: row.chain_id,
        address: row.address,
        symbol: row.symbol,
        name: row.name,
        decimals: Number(row.decimals),
        logoURI: row.logo_uri,
      }))
    },
  }
}
