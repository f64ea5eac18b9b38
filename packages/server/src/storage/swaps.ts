import type { SqlDriver } from './driver.js'

/** Where a project swaps on one chain: a Uniswap-v2-style router and its wrapped native token. */
export interface SwapRouterSetting {
  /** The router (`getAmountsOut`, `swapExact…`), checksummed. */
  router: string
  /** The wrapped native token the router routes ETH through (its `WETH()`), checksummed. */
  weth: string
}

/** Each project's swap routers, by chain (`latch-server project set-swap`). */
export interface SwapsRepository {
  /** Sets the project's router on a chain, or removes it with `undefined`. */
  setRouter(projectId: string, chainId: string, setting: SwapRouterSetting | undefined): Promise<void>
  getRouter(projectId: string, chainId: string): Promise<SwapRouterSetting | undefined>
}

/** The swap routers' table over either database (same SQL). */
export function createSwapsRepository(driver: SqlDriver): SwapsRepository {
  return {
    async setRouter(projectId, chainId, setting) {
      if (setting === undefined) {
        await driver.run('DELETE FROM project_swap_routers WHERE project_id = ? AND chain_id = ?', [
          projectId,
          chainId,
        ])
        return
      }
      await driver.run(
        `INSERT INTO project_swap_routers (project_id, chain_id, router, weth, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (project_id, chain_id) DO UPDATE SET router = EXCLUDED.router, weth = EXCLUDED.weth,
           updated_at = EXCLUDED.updated_at`,
        [projectId, chainId, setting.router, setting.weth, new Date().toISOString()],
      )
    },
    async getRouter(projectId, chainId) {
      const [row] = await driver.all<{ router: string; weth: string }>(
        'SELECT router, weth FROM project_swap_routers WHERE project_id = ? AND chain_id = ?',
        [projectId, chainId],
      )
      return row === undefined ? undefined : { router: row.router, weth: row.weth }
    },
  }
}
