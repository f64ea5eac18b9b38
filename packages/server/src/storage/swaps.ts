import type { SqlDriver } from './driver.js'

/** Where a project swaps on one chain: a Uniswap-v2-style router and its wrapped native token. */
export interface SwapRouterSetting {
  /** The router (`getAmountsOut`, `swapExact…`), checksummed. */
  router: string
  /** The wrapped native token the router routes ETH through (its `WETH()`), checksummed. */
  weth: string
}

/** A project's account at a swap aggregator on one chain (`latch-server project set-swap --provider`). */
export interface SwapAggregatorSetting {
  /** The aggregator's id: '0x' or 'lifi'. */
  provider: string
  /** The aggregator's API base URL, the one host the server contacts for it. */
  apiUrl: string
  /** The API key, sealed under the `share` key (context `swap:<project>:<chain>:<provider>`). */
  sealedApiKey: string
}

/**
 * Each project's swap quote provider, by chain: a router (read over the project's RPC URL) or an
 * aggregator's API. A chain has one of the two: setting one removes the other.
 */
export interface SwapsRepository {
  /** Sets the project's router on a chain (and removes its aggregator there), or removes both with `undefined`. */
  setRouter(projectId: string, chainId: string, setting: SwapRouterSetting | undefined): Promise<void>
  getRouter(projectId: string, chainId: string): Promise<SwapRouterSetting | undefined>
  /** Sets the project's aggregator on a chain (and removes its router there). */
  setAggregator(projectId: string, chainId: string, setting: SwapAggregatorSetting): Promise<void>
  getAggregator(projectId: string, chainId: string): Promise<SwapAggregatorSetting | undefined>
}

/** The swap providers' tables over either database (same SQL). */
export function createSwapsRepository(driver: SqlDriver): SwapsRepository {
  const where = 'WHERE project_id = ? AND chain_id = ?'
  return {
    async setRouter(projectId, chainId, setting) {
      await driver.transaction(async (tx) => {
        await tx.run(`DELETE FROM project_swap_aggregators ${where}`, [projectId, chainId])
        if (setting === undefined) {
          await tx.run(`DELETE FROM project_swap_routers ${where}`, [projectId, chainId])
          return
        }
        await tx.run(
          `INSERT INTO project_swap_routers (project_id, chain_id, router, weth, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (project_id, chain_id) DO UPDATE SET router = EXCLUDED.router, weth = EXCLUDED.weth,
             updated_at = EXCLUDED.updated_at`,
          [projectId, chainId, setting.router, setting.weth, new Date().toISOString()],
        )
      })
    },
    async getRouter(projectId, chainId) {
      const [row] = await driver.all<{ router: string; weth: string }>(
        `SELECT router, weth FROM project_swap_routers ${where}`,
        [projectId, chainId],
      )
      return row === undefined ? undefined : { router: row.router, weth: row.weth }
    },
    async setAggregator(projectId, chainId, setting) {
      await driver.transaction(async (tx) => {
        await tx.run(`DELETE FROM project_swap_routers ${where}`, [projectId, chainId])
        await tx.run(
          `INSERT INTO project_swap_aggregators (project_id, chain_id, provider, api_url, api_key, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (project_id, chain_id) DO UPDATE SET provider = EXCLUDED.provider,
             api_url = EXCLUDED.api_url, api_key = EXCLUDED.api_key, updated_at = EXCLUDED.updated_at`,
          [
            projectId,
            chainId,
            setting.provider,
            setting.apiUrl,
            setting.sealedApiKey,
            new Date().toISOString(),
          ],
        )
      })
    },
    async getAggregator(projectId, chainId) {
      const [row] = await driver.all<{ provider: string; api_url: string; api_key: string }>(
        `SELECT provider, api_url, api_key FROM project_swap_aggregators ${where}`,
        [projectId, chainId],
      )
      return row === undefined
        ? undefined
        : { provider: row.provider, apiUrl: row.api_url, sealedApiKey: row.api_key }
    },
  }
}
