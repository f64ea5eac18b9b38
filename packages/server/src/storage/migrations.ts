import type { SqlDriver } from './driver.js'

/** A schema change. Statements are portable between SQLite and PostgreSQL. */
interface Migration {
  version: number
  name: string
  statements: string[]
}

// Timestamps are ISO strings and JSON is TEXT so one schema serves both databases.
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'projects and registry',
    statements: [
      `CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        allowed_origins TEXT NOT NULL,
        allow_localhost INTEGER NOT NULL DEFAULT 0,
        features TEXT NOT NULL,
        created_at TEXT NOT NULL
      )`,
      `CREATE TABLE wallets (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_lower TEXT NOT NULL,
        rdns TEXT,
        chains TEXT NOT NULL,
        mobile_link TEXT,
        desktop_link TEXT,
        webapp_link TEXT,
        homepage TEXT,
        badge_type TEXT,
        sort_order INTEGER NOT NULL
      )`,
      'CREATE INDEX wallets_sort ON wallets (sort_order, name)',
      `CREATE TABLE wallet_namespaces (
        wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
        namespace TEXT NOT NULL,
        PRIMARY KEY (wallet_id, namespace)
      )`,
      'CREATE INDEX wallet_namespaces_namespace ON wallet_namespaces (namespace)',
      `CREATE TABLE images (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        content_type TEXT NOT NULL,
        body TEXT NOT NULL,
        etag TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      )`,
    ],
  },
  {
    version: 2,
    name: 'limit store',
    statements: [
      // Counters with an expiry and single-use keys, shared by every instance (see limits/).
      // Times are milliseconds since the epoch on the database's clock.
      `CREATE TABLE limit_counters (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX limit_counters_expiry ON limit_counters (expires_at)',
      `CREATE TABLE limit_keys (
        key TEXT PRIMARY KEY,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX limit_keys_expiry ON limit_keys (expires_at)',
    ],
  },
  {
    version: 3,
    name: 'sign-in',
    statements: [
      // Keys that sign session tokens only; the newest unretired one signs.
      `CREATE TABLE siwx_keys (
        kid TEXT PRIMARY KEY,
        private_jwk TEXT NOT NULL,
        public_jwk TEXT NOT NULL,
        created_at TEXT NOT NULL,
        retired_at TEXT
      )`,
      `CREATE TABLE siwx_sessions (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        message TEXT NOT NULL,
        signature TEXT NOT NULL,
        signature_type TEXT NOT NULL,
        issued_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT
      )`,
      'CREATE INDEX siwx_sessions_account ON siwx_sessions (project_id, address, chain_id)',
      `CREATE TABLE project_rpc_urls (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        url TEXT NOT NULL,
        PRIMARY KEY (project_id, chain_id)
      )`,
    ],
  },
  {
    version: 4,
    name: 'embedded wallet',
    statements: [
      // Per-purpose server keys (session signing, code pepper, share encryption), newest unretired
      // first; `material` is JSON, or ciphertext under LATCH_SECRET_KEY when `encrypted` is 1.
      `CREATE TABLE embedded_keys (
        kid TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        material TEXT NOT NULL,
        encrypted INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        retired_at TEXT
      )`,
      'CREATE INDEX embedded_keys_purpose ON embedded_keys (purpose, created_at)',
      `CREATE TABLE embedded_users (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        created_at TEXT NOT NULL,
        eip155_address TEXT,
        solana_address TEXT,
        recovery_mode TEXT,
        recovery_share TEXT,
        recovery_updated_at TEXT,
        recovery_device_id TEXT,
        UNIQUE (project_id, email)
      )`,
      // Each device holds its own share set: its device share (in the browser) and its auth share
      // (here, encrypted under a server key).
      `CREATE TABLE embedded_devices (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
        public_jwk TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        created_at TEXT NOT NULL,
        auth_share TEXT,
        share_set_at TEXT,
        revoked_at TEXT
      )`,
      'CREATE INDEX embedded_devices_user ON embedded_devices (user_id)',
      // A login attempt; its id is the SHA-256 of the secret only the frame holds.
      `CREATE TABLE embedded_attempts (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        device_id TEXT,
        ip TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        action TEXT NOT NULL,
        state TEXT NOT NULL,
        confirm_id TEXT,
        code_hmac TEXT,
        code_kid TEXT,
        code_expires_at BIGINT,
        failures INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX embedded_attempts_confirm ON embedded_attempts (confirm_id)',
      `CREATE TABLE embedded_sessions (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
        device_id TEXT NOT NULL REFERENCES embedded_devices (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT
      )`,
    ],
  },
  {
    version: 5,
    name: 'embedded wallet settings',
    statements: [
      // Per-project choices of the embedded wallet: 'user' recovery (password or passkey, the
      // default) or 'server' (operator-custodial, opt-in).
      `CREATE TABLE embedded_settings (
        project_id TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        recovery TEXT NOT NULL DEFAULT 'user'
      )`,
    ],
  },
  {
    version: 6,
    name: 'embedded wallet email update',
    statements: [
      // The email the frame bound the account's shares to (the AES-GCM associated data of the
      // device and recovery shares). Set to the first email when the login email first changes,
      // so shares sealed before the change still open; null means "the current email".
      'ALTER TABLE embedded_users ADD COLUMN share_context TEXT',
    ],
  },
  {
    version: 7,
    name: 'embedded wallet recovery notices',
    statements: [
      // Server-assisted recovery: hours a new device waits before the server releases the share
      // (0: none), during which the owner can cancel it.
      'ALTER TABLE embedded_settings ADD COLUMN recovery_hold_hours INTEGER NOT NULL DEFAULT 0',
      // One server-assisted recovery of a new device: pending (held), done or cancelled. The
      // mailed cancel link's token is kept as its SHA-256 only.
      `CREATE TABLE embedded_recoveries (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
        device_id TEXT NOT NULL REFERENCES embedded_devices (id) ON DELETE CASCADE,
        ip TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        created_at TEXT NOT NULL,
        releases_at BIGINT NOT NULL,
        state TEXT NOT NULL,
        cancel_id TEXT
      )`,
      'CREATE INDEX embedded_recoveries_device ON embedded_recoveries (device_id, created_at)',
      'CREATE INDEX embedded_recoveries_cancel ON embedded_recoveries (cancel_id)',
      // What each of the account's other devices is told about a recovery, until it dismisses it.
      `CREATE TABLE embedded_notices (
        id TEXT PRIMARY KEY,
        device_id TEXT NOT NULL REFERENCES embedded_devices (id) ON DELETE CASCADE,
        recovery_id TEXT NOT NULL REFERENCES embedded_recoveries (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        dismissed_at TEXT
      )`,
      'CREATE INDEX embedded_notices_device ON embedded_notices (device_id)',
    ],
  },
  {
    version: 8,
    name: 'wallet store links',
    statements: [
      // Where a visitor installs a wallet that is not installed: its extension and app stores.
      'ALTER TABLE wallets ADD COLUMN chrome_store TEXT',
      'ALTER TABLE wallets ADD COLUMN app_store TEXT',
      'ALTER TABLE wallets ADD COLUMN play_store TEXT',
    ],
  },
  {
    version: 9,
    name: 'activity indexer',
    statements: [
      // How far the transactions indexer has read each chain it indexes over a plain node, and the
      // hash of the last block it read, so a restarted local chain is noticed and read afresh.
      `CREATE TABLE activity_cursors (
        chain_id TEXT PRIMARY KEY,
        next_block BIGINT NOT NULL,
        last_hash TEXT,
        updated_at TEXT NOT NULL
      )`,
      // One native or token transfer the indexer found, with its transaction's facts. seq is
      // -1 for the native value, else the log's index times 1000 plus the position in a batch.
      `CREATE TABLE activity_transfers (
        chain_id TEXT NOT NULL,
        tx_hash TEXT NOT NULL,
        seq BIGINT NOT NULL,
        block_number BIGINT NOT NULL,
        block_time BIGINT NOT NULL,
        status INTEGER NOT NULL,
        tx_from TEXT NOT NULL,
        tx_to TEXT,
        standard TEXT NOT NULL,
        token TEXT,
        symbol TEXT,
        decimals INTEGER,
        from_addr TEXT NOT NULL,
        to_addr TEXT NOT NULL,
        amount TEXT NOT NULL,
        token_id TEXT,
        PRIMARY KEY (chain_id, tx_hash, seq)
      )`,
      'CREATE INDEX activity_transfers_from ON activity_transfers (chain_id, from_addr, block_number)',
      'CREATE INDEX activity_transfers_to ON activity_transfers (chain_id, to_addr, block_number)',
    ],
  },
  {
    version: 10,
    name: 'prices and project tokens',
    statements: [
      // Where a project's token prices come from; the API key is sent to that source only.
      `CREATE TABLE project_price_sources (
        project_id TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        source TEXT NOT NULL,
        url TEXT NOT NULL,
        api_key TEXT,
        updated_at TEXT NOT NULL
      )`,
      // The tokens a project adds to the default token list (tokenlists.org fields).
      `CREATE TABLE project_tokens (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        symbol TEXT NOT NULL,
        name TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        logo_uri TEXT,
        PRIMARY KEY (project_id, chain_id, address)
      )`,
    ],
  },
  {
    version: 11,
    name: 'embedded wallet social login',
    statements: [
      // A project's OAuth client at one provider; the secret is sealed under the `share` key.
      `CREATE TABLE embedded_social_clients (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        issuer TEXT NOT NULL,
        client_id TEXT NOT NULL,
        client_secret TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, provider)
      )`,
      // An account's identity at a provider: (provider, subject) names the account, never the email.
      `CREATE TABLE embedded_identities (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (project_id, provider, subject)
      )`,
      // A social login under way: its id is the SHA-256 of the secret only the frame holds, its
      // state_id the SHA-256 of the state sent to the provider.
      `CREATE TABLE embedded_social_attempts (
        id TEXT PRIMARY KEY,
        state_id TEXT NOT NULL UNIQUE,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        origin TEXT NOT NULL,
        device_id TEXT,
        nonce TEXT NOT NULL,
        code_verifier TEXT NOT NULL,
        status TEXT NOT NULL,
        subject TEXT,
        email TEXT,
        email_verified INTEGER,
        error TEXT,
        user_agent TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 12,
    name: 'swap routers',
    statements: [
      // A project's Uniswap-v2-style router on one chain and the wrapped native token it routes through.
      `CREATE TABLE project_swap_routers (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        router TEXT NOT NULL,
        weth TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, chain_id)
      )`,
    ],
  },
  {
    version: 13,
    name: 'social login username',
    statements: [
      // The name the visitor goes by at the provider, handed to the frame with its session.
      'ALTER TABLE embedded_social_attempts ADD COLUMN username TEXT',
    ],
  },
  {
    version: 14,
    name: 'on-ramp providers and purchases',
    statements: [
      // A project's account at an on-ramp provider; the secret is sealed under the `share` key.
      `CREATE TABLE project_onramp_providers (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        api_url TEXT NOT NULL,
        secret TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, provider)
      )`,
      // A purchase the kit started: its provider's session (provider_ref) is known once the
      // provider answered; the provider's webhooks move its status and give the hash of the delivery.
      `CREATE TABLE onramp_purchases (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        provider_ref TEXT,
        address TEXT NOT NULL,
        chain_id TEXT NOT NULL,
        purchase_currency TEXT NOT NULL,
        purchase_amount TEXT NOT NULL,
        payment_currency TEXT NOT NULL,
        payment_amount TEXT NOT NULL,
        status TEXT NOT NULL,
        tx_hash TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (provider, provider_ref)
      )`,
      'CREATE INDEX onramp_purchases_address ON onramp_purchases (project_id, chain_id, address, created_at)',
      // Each webhook event applied, by the provider's event id: a replay is recognised and ignored.
      `CREATE TABLE onramp_webhook_events (
        provider TEXT NOT NULL,
        event_id TEXT NOT NULL,
        purchase_id TEXT NOT NULL REFERENCES onramp_purchases (id) ON DELETE CASCADE,
        received_at TEXT NOT NULL,
        PRIMARY KEY (provider, event_id)
      )`,
    ],
  },
  {
    version: 15,
    name: 'swap aggregators',
    statements: [
      // A project's account at a swap aggregator (0x, LI.FI) on one chain, in place of a router
      // there; the API key is sealed under the `share` key.
      `CREATE TABLE project_swap_aggregators (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        provider TEXT NOT NULL,
        api_url TEXT NOT NULL,
        api_key TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, chain_id)
      )`,
    ],
  },
  {
    version: 16,
    name: 'bundlers and paymasters',
    statements: [
      // A project's ERC-4337 bundler on one chain; the URL (which may carry an API key) is sealed
      // under the `share` key.
      `CREATE TABLE project_bundlers (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        url TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, chain_id)
      )`,
      // A project's verifying paymaster on one chain: its address, the signer key it trusts (sealed
      // under the `share` key) and the sponsorship policy (JSON).
      `CREATE TABLE project_paymasters (
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        signer_key TEXT NOT NULL,
        policy TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, chain_id)
      )`,
    ],
  },
  {
    version: 17,
    name: 'smart account factories',
    statements: [
      // The account factory the embedded wallet's smart accounts come from on each chain with a
      // bundler: the reference SimpleAccountFactory v0.7's well-known deployment unless the
      // operator names another (`project set-bundler … --factory`).
      `ALTER TABLE project_bundlers ADD COLUMN factory TEXT NOT NULL DEFAULT '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'`,
    ],
  },
]

/** Apply every migration newer than the database's version; returns the versions applied. */
export async function applyMigrations(driver: SqlDriver): Promise<number[]> {
  return driver.withMigrationLock(async (tx) => {
    await tx.run(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    )
    const rows = await tx.all<{ version: number }>('SELECT version FROM schema_migrations')
    const done = new Set(rows.map((r) => Number(r.version)))
    const applied: number[] = []
    for (const migration of migrations) {
      if (done.has(migration.version)) continue
      for (const statement of migration.statements) await tx.run(statement)
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ])
      applied.push(migration.version)
    }
    return applied
  })
}
