import type { SqlDriver } from './driver.js'

/** A project's account at an on-ramp provider (`latch-server project set-onramp`). */
export interface OnrampProviderSetting {
  provider: string
  /** The provider's API base URL, the one host the server contacts for it. */
  apiUrl: string
  /** The API secret, sealed under the `share` key (context `onramp:<project>:<provider>`). */
  sealedSecret: string
}

/** Where a purchase stands: the provider's webhooks move it from pending to completed or failed. */
export type OnrampPurchaseStatus = 'pending' | 'completed' | 'failed'

/** A purchase started from the kit, as stored. */
export interface OnrampPurchase {
  id: string
  projectId: string
  provider: string
  /** The provider's id of the checkout session; null until the provider answered. */
  providerRef: string | null
  address: string
  chainId: string
  purchaseCurrency: string
  /** The amount of crypto the quote promised (a decimal), replaced by the delivered one. */
  purchaseAmount: string
  paymentCurrency: string
  paymentAmount: string
  status: OnrampPurchaseStatus
  txHash: string | null
  createdAt: string
  updatedAt: string
}

/** What a verified webhook event changes. */
export interface OnrampEvent {
  provider: string
  eventId: string
  purchaseId: string
  status: OnrampPurchaseStatus
  txHash?: string | undefined
  purchaseAmount?: string | undefined
}

/** How applying an event went: applied, a replay of one applied before, or a step back refused. */
export type OnrampEventResult = 'applied' | 'duplicate' | 'ignored'

/** Each project's on-ramp providers and the purchases made through them. */
export interface OnrampRepository {
  /** Sets the project's account at a provider, or removes it with `undefined`. */
  setProvider(
    projectId: string,
    provider: string,
    setting: Omit<OnrampProviderSetting, 'provider'> | undefined,
  ): Promise<void>
  listProviders(projectId: string): Promise<OnrampProviderSetting[]>
  createPurchase(
    purchase: Omit<OnrampPurchase, 'createdAt' | 'updatedAt' | 'providerRef' | 'txHash'>,
  ): Promise<void>
  /** Records the provider's session id, and the amount it quoted, once it answered. */
  setProviderRef(id: string, providerRef: string, purchaseAmount: string): Promise<void>
  /** Forgets a purchase whose session the provider refused (nothing was bought). */
  deletePurchase(id: string): Promise<void>
  getPurchase(id: string): Promise<OnrampPurchase | undefined>
  /**
   * Applies a webhook event once: the event id is recorded in the same transaction as the
   * change, so a replay (or the same event twice at once) changes nothing. A completed or failed
   * purchase never goes back to pending.
   */
  applyEvent(event: OnrampEvent): Promise<OnrampEventResult>
  /** An address's purchases on one chain, newest first, at most `limit`. */
  listPurchases(projectId: string, chainId: string, address: string, limit: number): Promise<OnrampPurchase[]>
}

interface PurchaseRow {
  id: string
  project_id: string
  provider: string
  provider_ref: string | null
  address: string
  chain_id: string
  purchase_currency: string
  purchase_amount: string
  payment_currency: string
  payment_amount: string
  status: OnrampPurchaseStatus
  tx_hash: string | null
  created_at: string
  updated_at: string
}

const columns =
  'id, project_id, provider, provider_ref, address, chain_id, purchase_currency, purchase_amount, payment_currency, payment_amount, status, tx_hash, created_at, updated_at'

const toPurchase = (row: PurchaseRow): OnrampPurchase => ({
  id: row.id,
  projectId: row.project_id,
  provider: row.provider,
  providerRef: row.provider_ref,
  address: row.address,
  chainId: row.chain_id,
  purchaseCurrency: row.purchase_currency,
  purchaseAmount: row.purchase_amount,
  paymentCurrency: row.payment_currency,
  paymentAmount: row.payment_amount,
  status: row.status,
  txHash: row.tx_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

/** The on-ramp tables over either database (same SQL). */
export function createOnrampRepository(driver: SqlDriver): OnrampRepository {
  return {
    async setProvider(projectId, provider, setting) {
      if (setting === undefined) {
        await driver.run('DELETE FROM project_onramp_providers WHERE project_id = ? AND provider = ?', [
          projectId,
          provider,
        ])
        return
      }
      await driver.run(
        `INSERT INTO project_onramp_providers (project_id, provider, api_url, secret, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (project_id, provider) DO UPDATE SET api_url = EXCLUDED.api_url, secret = EXCLUDED.secret,
           updated_at = EXCLUDED.updated_at`,
        [projectId, provider, setting.apiUrl, setting.sealedSecret, new Date().toISOString()],
      )
    },
    async listProviders(projectId) {
      const rows = await driver.all<{ provider: string; api_url: string; secret: string }>(
        'SELECT provider, api_url, secret FROM project_onramp_providers WHERE project_id = ? ORDER BY provider',
        [projectId],
      )
      return rows.map((row) => ({ provider: row.provider, apiUrl: row.api_url, sealedSecret: row.secret }))
    },
    async createPurchase(p) {
      const now = new Date().toISOString()
      await driver.run(
        `INSERT INTO onramp_purchases (${columns}) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
        [
          p.id,
          p.projectId,
          p.provider,
          p.address,
          p.chainId,
          p.purchaseCurrency,
          p.purchaseAmount,
          p.paymentCurrency,
          p.paymentAmount,
          p.status,
          now,
          now,
        ],
      )
    },
    async setProviderRef(id, providerRef, purchaseAmount) {
      await driver.run(
        'UPDATE onramp_purchases SET provider_ref = ?, purchase_amount = ?, updated_at = ? WHERE id = ?',
        [providerRef, purchaseAmount, new Date().toISOString(), id],
      )
    },
    async deletePurchase(id) {
      await driver.run('DELETE FROM onramp_purchases WHERE id = ?', [id])
    },
    async getPurchase(id) {
      const [row] = await driver.all<PurchaseRow>(`SELECT ${columns} FROM onramp_purchases WHERE id = ?`, [
        id,
      ])
      return row === undefined ? undefined : toPurchase(row)
    },
    async applyEvent(event) {
      return driver.transaction(async (tx) => {
        const inserted = await tx.all<{ event_id: string }>(
          `INSERT INTO onramp_webhook_events (provider, event_id, purchase_id, received_at) VALUES (?, ?, ?, ?)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [event.provider, event.eventId, event.purchaseId, new Date().toISOString()],
        )
        if (inserted.length === 0) return 'duplicate'
        // Only forward: pending → completed | failed; a settled purchase keeps its outcome.
        const updated = await tx.all<{ id: string }>(
          `UPDATE onramp_purchases SET status = ?, tx_hash = COALESCE(?, tx_hash),
             purchase_amount = COALESCE(?, purchase_amount), updated_at = ?
           WHERE id = ? AND status = 'pending' RETURNING id`,
          [
            event.status,
            event.txHash ?? null,
            event.purchaseAmount ?? null,
            new Date().toISOString(),
            event.purchaseId,
          ],
        )
        return updated.length > 0 ? 'applied' : 'ignored'
      })
    },
    async listPurchases(projectId, chainId, address, limit) {
      const rows = await driver.all<PurchaseRow>(
        `SELECT ${columns} FROM onramp_purchases WHERE project_id = ? AND chain_id = ? AND address = ?
           AND provider_ref IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT ?`,
        [projectId, chainId, address, limit],
      )
      return rows.map(toPurchase)
    },
  }
}
