import type { SqlDriver } from './driver.js'

/**
 * Which user operations a project's paymaster signs for (`latch-server project set-sponsorship`).
 * Off until the operator turns it on; the caps count the operations signed per UTC day.
 */
export interface SponsorshipPolicy {
  enabled: boolean
  /** The contracts a sponsored operation may call (checksummed); none: nothing is sponsored. */
  allow: string[]
  /** Operations sponsored per smart account and day. */
  perUserDaily: number
  /** Operations sponsored per project and day, all accounts together. */
  perDay: number
}

/** The policy of a paymaster the operator has not set one for. */
export const defaultSponsorshipPolicy: SponsorshipPolicy = {
  enabled: false,
  allow: [],
  perUserDaily: 10,
  perDay: 1000,
}

/** A project's verifying paymaster on one chain (`latch-server project set-paymaster`). */
export interface PaymasterSetting {
  /** The paymaster contract (checksummed). */
  address: string
  /** The key the paymaster trusts, sealed under the `share` key (context `paymaster:<project>:<chain>`). */
  sealedSignerKey: string
  policy: SponsorshipPolicy
}

/**
 * The reference SimpleAccountFactory for EntryPoint v0.7 (`@account-abstraction/contracts` 0.7.0)
 * at its well-known deterministic deployment: the factory of a chain whose operator named none.
 */
export const DEFAULT_SIMPLE_ACCOUNT_FACTORY = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'

/** The most chains one project's smart-account networks list (a bound on the answer). */
export const MAX_SMART_ACCOUNT_NETWORKS = 200

/** A chain on which a project runs smart accounts: it has a bundler, and the account factory. */
export interface SmartAccountNetwork {
  chainId: string
  factory: string
}

/** Each project's ERC-4337 bundler and paymaster, by chain. */
export interface SmartAccountsRepository {
  /**
   * The bundler URL sealed (it may carry an API key) and the account factory (checksummed;
   * default {@link DEFAULT_SIMPLE_ACCOUNT_FACTORY}), or removed with `undefined`.
   */
  setBundler(
    projectId: string,
    chainId: string,
    sealedUrl: string | undefined,
    factory?: string,
  ): Promise<void>
  getBundler(projectId: string, chainId: string): Promise<string | undefined>
  /** The chains with a bundler and their factories, by chain id, at most {@link MAX_SMART_ACCOUNT_NETWORKS}. */
  listNetworks(projectId: string): Promise<SmartAccountNetwork[]>
  /** Sets the paymaster (its policy kept when one was set), or removes it with `undefined`. */
  setPaymaster(
    projectId: string,
    chainId: string,
    setting: Omit<PaymasterSetting, 'policy'> | undefined,
  ): Promise<void>
  /** Replaces the policy; false when the chain has no paymaster. */
  setSponsorship(projectId: string, chainId: string, policy: SponsorshipPolicy): Promise<boolean>
  getPaymaster(projectId: string, chainId: string): Promise<PaymasterSetting | undefined>
}

function readPolicy(text: string): SponsorshipPolicy {
  const value = JSON.parse(text) as Partial<SponsorshipPolicy>
  return { ...defaultSponsorshipPolicy, ...value }
}

/** The bundler and paymaster tables over either database (same SQL). */
export function createSmartAccountsRepository(driver: SqlDriver): SmartAccountsRepository {
  const where = 'WHERE project_id = ? AND chain_id = ?'
  return {
    async setBundler(projectId, chainId, sealedUrl, factory = DEFAULT_SIMPLE_ACCOUNT_FACTORY) {
      if (sealedUrl === undefined) {
        await driver.run(`DELETE FROM project_bundlers ${where}`, [projectId, chainId])
        return
      }
      await driver.run(
        `INSERT INTO project_bundlers (project_id, chain_id, url, factory, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (project_id, chain_id) DO UPDATE SET url = EXCLUDED.url, factory = EXCLUDED.factory,
           updated_at = EXCLUDED.updated_at`,
        [projectId, chainId, sealedUrl, factory, new Date().toISOString()],
      )
    },
    async listNetworks(projectId) {
      const rows = await driver.all<{ chain_id: string; factory: string }>(
        `SELECT chain_id, factory FROM project_bundlers WHERE project_id = ? ORDER BY chain_id LIMIT ${MAX_SMART_ACCOUNT_NETWORKS}`,
        [projectId],
      )
      return rows.map((row) => ({ chainId: row.chain_id, factory: row.factory }))
    },
    async getBundler(projectId, chainId) {
      const [row] = await driver.all<{ url: string }>(`SELECT url FROM project_bundlers ${where}`, [
        projectId,
        chainId,
      ])
      return row?.url
    },
    async setPaymaster(projectId, chainId, setting) {
      if (setting === undefined) {
        await driver.run(`DELETE FROM project_paymasters ${where}`, [projectId, chainId])
        return
      }
      await driver.run(
        `INSERT INTO project_paymasters (project_id, chain_id, address, signer_key, policy, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (project_id, chain_id) DO UPDATE SET address = EXCLUDED.address,
           signer_key = EXCLUDED.signer_key, updated_at = EXCLUDED.updated_at`,
        [
          projectId,
          chainId,
          setting.address,
          setting.sealedSignerKey,
          JSON.stringify(defaultSponsorshipPolicy),
          new Date().toISOString(),
        ],
      )
    },
    async setSponsorship(projectId, chainId, policy) {
      const changed = await driver.all<{ project_id: string }>(
        `UPDATE project_paymasters SET policy = ?, updated_at = ? ${where} RETURNING project_id`,
        [JSON.stringify(policy), new Date().toISOString(), projectId, chainId],
      )
      return changed.length > 0
    },
    async getPaymaster(projectId, chainId) {
      const [row] = await driver.all<{ address: string; signer_key: string; policy: string }>(
        `SELECT address, signer_key, policy FROM project_paymasters ${where}`,
        [projectId, chainId],
      )
      return row === undefined
        ? undefined
        : { address: row.address, sealedSignerKey: row.signer_key, policy: readPolicy(row.policy) }
    },
  }
}
