// Starts @latch/server in this process on loopback, with the registry seeded and the given
// projects created. Used by `npm start` (the demo project) and by the e2e tests.
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * @param {{ port?: number, sqliteFile?: string, smtpUrl?: string, projects?: { id: string, name: string, allowedOrigins: string[], allowLocalhost?: boolean, features?: object, rpcUrls?: Record<string, string>, tokens?: { chainId: string, address: string, name?: string, symbol?: string, decimals?: number }[], prices?: { source: 'coingecko', url: string, apiKey?: string }, embeddedRecovery?: 'user' | 'server', embeddedRecoveryHold?: number, swaps?: Record<string, { router: string, weth: string } | { provider: '0x' | 'lifi', apiUrl: string, apiKey: string }>, onramp?: Record<string, { apiUrl: string, secret: string, webhookSecret?: string }>, smartAccounts?: Record<string, { bundlerUrl: string, factory?: string, paymaster: string, signerKey: string, sponsorship: { allow: string[], perUser: number, perDay: number } }>, social?: Record<string, { issuer?: string, clientId?: string, clientSecret?: string, teamId?: string, keyId?: string, privateKeyFile?: string, rpcUrl?: string, clientUrl?: string }> }[], nfts?: object, transactions?: Record<string, object>, embeddedLimits?: { resendSeconds?: number } }} options
 * @returns {Promise<{ url: string, port: number, stop(): Promise<void> }>}
 */
export async function startLocalServer({
  port = 0,
  sqliteFile = join(root, '.latch/server.db'),
  projects = [],
  smtpUrl,
  nfts,
  transactions,
  embeddedLimits,
} = {}) {
  const {
    createServer,
    createSmtpMailer,
    openRepository,
    seedRegistry,
    setBundler,
    setOnrampProvider,
    setPaymaster,
    setSocial,
    setSponsorship,
    setSwapProvider,
  } = await import(join(root, 'packages/server/dist/index.js'))
  if (sqliteFile !== ':memory:') mkdirSync(dirname(sqliteFile), { recursive: true })
  const repository = await openRepository({ sqliteFile })
  // Reseeded on every start, so the registry and its images follow the dataset of this checkout.
  await seedRegistry(repository)
  for (const project of projects) {
    const {
      id,
      rpcUrls = {},
      tokens = [],
      prices,
      embeddedRecovery,
      embeddedRecoveryHold,
      social = {},
      swaps = {},
      onramp = {},
      smartAccounts = {},
      ...fields
    } = project
    if (await repository.getProject(id)) await repository.updateProject(id, fields)
    else await repository.createProject({ id, ...fields })
    // The chains the project signs in on (sign-in verifies contract accounts over them).
    for (const [chainId, url] of Object.entries(rpcUrls)) await repository.siwx.setRpcUrl(id, chainId, url)
    // The project's ERC-20s, as `latch-server project tokens add` stores them (SPL mints go in the
    // server's options below).
    for (const token of tokens.filter((t) => t.chainId.startsWith('eip155:')))
      await repository.prices.putToken(id, {
        chainId: token.chainId,
        address: token.address,
        symbol: token.symbol,
        name: token.name ?? token.symbol,
        decimals: token.decimals,
        logoURI: null,
      })
    // Where its token prices come from, as `latch-server project set-prices` sets it (none: no fiat values).
    await repository.prices.setPriceSource(id, prices ? { apiKey: null, ...prices } : undefined)
    // Its swap provider on each chain, as `latch-server project set-swap` sets it (the local DEX's
    // router, or an aggregator's API: Dev 0x in the demo).
    for (const [chainId, setting] of Object.entries(swaps))
      await setSwapProvider(repository, id, chainId, setting)
    // Its on-ramp providers, as `latch-server project set-onramp` sets them (Dev Onramp in the demo).
    for (const [provider, setting] of Object.entries(onramp))
      await setOnrampProvider(repository, undefined, { id, provider, ...setting })
    // Its ERC-4337 bundler, verifying paymaster and sponsorship policy on each chain, as
    // `latch-server project set-bundler`, `set-paymaster` and `set-sponsorship` set them.
    for (const [chainId, setting] of Object.entries(smartAccounts)) {
      await setBundler(repository, undefined, {
        id,
        chainId,
        url: setting.bundlerUrl,
        factory: setting.factory,
      })
      await setPaymaster(repository, undefined, {
        id,
        chainId,
        address: setting.paymaster,
        signerKey: setting.signerKey,
      })
      await setSponsorship(repository, {
        id,
        chainId,
        state: 'on',
        allow: setting.sponsorship.allow,
        perUser: String(setting.sponsorship.perUser),
        perDay: String(setting.sponsorship.perDay),
      })
    }
    // The embedded wallet's recovery: 'user' (password or passkey) or 'server' (operator-custodial).
    await repository.embedded.setRecoveryPolicy(id, embeddedRecovery ?? 'user')
    // Hours a server-assisted recovery waits for the owner to stop it (0: none).
    await repository.embedded.setRecoveryHold(id, embeddedRecoveryHold ?? 0)
    // The project's OAuth clients (Dev Google in the demo); the server below has no key-encryption
    // key either, so both use the same key ring.
    for (const [provider, client] of Object.entries(social))
      await setSocial(repository, undefined, { id, provider, ...client })
  }
  // The frame's mails go to the local mail sink; links in them point at this server.
  const publicUrl = `http://localhost:${port}`
  const server = await createServer({
    repository,
    logger: false,
    rateLimit: false,
    // The demo's page and its wallet frame read every chain through the RPC endpoint from one
    // loopback address, test run after test run: no per-address limit here either.
    rpc: { ipMax: false },
    // Each project's SPL mints for the balance service (spec §3 `tokens`).
    account: {
      tokens: Object.fromEntries(
        projects
          .filter((p) => p.tokens)
          .map((p) => [p.id, p.tokens.filter((t) => t.chainId.startsWith('solana:'))]),
      ),
      // The NFT service's metadata hosts (the local test NFT's host), IPFS gateway and spam rules.
      ...(nfts ? { nfts } : {}),
      // Where each chain's transactions come from (the Activity tab); none unless given.
      ...(transactions ? { transactions } : {}),
    },
    embedded: {
      // The email login's limits when a caller sets some (the e2e stacks' shorter mail throttle).
      ...(embeddedLimits ? { limits: embeddedLimits } : {}),
      ...(smtpUrl
        ? { mailer: createSmtpMailer({ url: smtpUrl, from: 'Latch demo <login@localhost>' }) }
        : {}),
      ...(port ? { publicUrl } : {}),
    },
  })
  await server.listen({ port, host: '127.0.0.1' })
  const actual = server.server.address().port
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    async stop() {
      await server.close()
      await repository.close()
    },
  }
}
