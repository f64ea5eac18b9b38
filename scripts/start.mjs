#!/usr/bin/env node
// Starts the demo dapp with its whole local stack: two local chains (ids 1 and 8453, with the
// test tokens deployed and the first test accounts seeded), a local
// Solana chain (the SVM in-process behind a JSON-RPC server), the
// @latch/server API (SQLite, the demo project seeded; in a process of its own) and the demo: its
// production build, served by `vite preview` (as visitors would load it). `--dev` (`npm run dev`)
// serves the vite dev server instead, with hot reload, for working on the demo and the packages.
// Ports: DEMO_PORT (5173), MAINNET_PORT (8545), BASE_PORT (8546), API_PORT (3030), RELAY_PORT
// (8555, the local WalletConnect relay), SOLANA_PORT (8899, the local Solana chain's RPC),
// SMTP_PORT (2525) and MAIL_INBOX_PORT (2526): the mail sink that receives the embedded wallet's
// login mails, and its HTTP inbox (`GET /messages?to=`) the demo's Dev inbox reads;
// DEV_GOOGLE_PORT (8557): Dev Google, the local OpenID provider of the embedded wallet's
// "Continue with Google"; DEV_GITHUB_PORT (8566): Dev GitHub, the local stand-in for GitHub's
// OAuth endpoints and API, of its "Continue with GitHub"; DEV_SOCIALS_PORT (8567): Dev Socials,
// the local stand-ins for Discord's, X's and Facebook's OAuth 2 and APIs; DEV_APPLE_PORT (8568):
// Dev Apple, the local stand-in for Sign in with Apple; DEV_FARCASTER_PORT (8570): Dev Farcaster,
// a Farcaster client's sign-in page whose Approve signs in as a local Farcaster account;
// DEV_ONRAMP_PORT (8569): Dev Onramp, the local on-ramp provider of the Account view's Buy;
// BITCOIN_PORT (8565): the Bitcoin regtest
// stand-in's Esplora-shaped API, where the Dev Wallet's Bitcoin payment address holds 1.5 BTC.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const preview = !process.argv.includes('--dev')
const demoPort = process.env.DEMO_PORT ?? '5173'
const mainnetPort = Number(process.env.MAINNET_PORT ?? 8545)
const basePort = Number(process.env.BASE_PORT ?? 8546)
const apiPort = Number(process.env.API_PORT ?? 3030)
const relayPort = Number(process.env.RELAY_PORT ?? 8555)
const devWalletPort = Number(process.env.DEV_WALLET_WC_PORT ?? 8556)
const solanaPort = Number(process.env.SOLANA_PORT ?? 8899)
const smtpPort = Number(process.env.SMTP_PORT ?? 2525)
const mailInboxPort = Number(process.env.MAIL_INBOX_PORT ?? 2526)
const devGooglePort = Number(process.env.DEV_GOOGLE_PORT ?? 8557)
const devGithubPort = Number(process.env.DEV_GITHUB_PORT ?? 8566)
const devSocialsPort = Number(process.env.DEV_SOCIALS_PORT ?? 8567)
const devApplePort = Number(process.env.DEV_APPLE_PORT ?? 8568)
const devFarcasterPort = Number(process.env.DEV_FARCASTER_PORT ?? 8570)
const devOnrampPort = Number(process.env.DEV_ONRAMP_PORT ?? 8569)
const bitcoinPort = Number(process.env.BITCOIN_PORT ?? 8565)

/** A free loopback port (for the bundlers, which cannot listen on port 0 and say which they got). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
  })
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// --no-build: the packages are already built (the e2e launcher builds once for all its stacks).
if (!process.argv.includes('--no-build')) run('npm', ['run', 'build', '--silent'])
const {
  BITCOIN_REGTEST_CAIP_ID,
  bitcoinTestKeys,
  startBitcoinRegtest,
  startLocalBundler,
  startLocalChains,
  startLocalSolana,
  farcasterClient,
  generateDevAppleKey,
  registerFarcasterIds,
  startDevApple,
  startDevFarcaster,
  startDevGithub,
  startDevOidcProvider,
  startDevOnramp,
  startDevSocials,
  startDevZeroEx,
  startFakePriceSource,
  startMailSink,
  startNftMetadataServer,
  registerTestEnsName,
  seedTestTokens,
  seedSplTestToken,
  setTestNftBaseUri,
  solanaAddressOfSeed,
  SOLANA_TEST_SEEDS,
  SOLANA_TEST_TOKEN,
  TEST_ACCOUNTS,
  TEST_PAYMASTER_SIGNER_KEY,
  TEST_TOKENS,
  LOCAL_ACCOUNT_ABSTRACTION,
} = await import(join(root, 'packages/testkit/dist/index.js'))
/** The test mnemonic's account the Dev Wallet's WalletConnect side has on Bitcoin. */
const DEV_WALLET_WC_BITCOIN_ACCOUNT = 2
// Bitcoin regtest (no bitcoind here): the test kit's stand-in with Esplora's routes over a real
// UTXO set; the Dev Wallet's payment address (BIP-84 of the test mnemonic) starts with 1.5 BTC, and
// its WalletConnect side's (the mnemonic's third account) with 0.5 BTC.
const bitcoin = await startBitcoinRegtest({
  port: bitcoinPort,
  funded: [
    { address: bitcoinTestKeys(0)[0].address, sats: 150_000_000n },
    { address: bitcoinTestKeys(DEV_WALLET_WC_BITCOIN_ACCOUNT)[0].address, sats: 50_000_000n },
  ],
})
const mailSink = await startMailSink({ smtpPort, httpPort: mailInboxPort })
// Dev Google: a real OpenID provider on loopback with test people, registered below as the demo
// projects' Google client, so the embedded wallet's Google login runs offline. Its redirect URI is
// the server's callback under the server's public URL (scripts/local-server.mjs).
const devGoogleClient = { clientId: 'latch-demo', clientSecret: 'dev-google-client-secret' }
const devGoogle = await startDevOidcProvider({
  port: devGooglePort,
  clients: [
    { ...devGoogleClient, redirectUris: [`http://localhost:${apiPort}/embedded/v1/social/callback`] },
  ],
})
// Dev GitHub: GitHub's OAuth endpoints and REST API (`/login/oauth/*`, `/api/v3/user`, `/user/emails`)
// on loopback, registered below as the demo projects' GitHub OAuth app, with the same callback.
const devGithubClient = { clientId: 'latch-demo-github', clientSecret: 'dev-github-client-secret' }
const devGithub = await startDevGithub({
  port: devGithubPort,
  clients: [{ ...devGithubClient, redirectUri: `http://localhost:${apiPort}/embedded/v1/social/callback` }],
})
// Dev Socials: Discord's, X's and Facebook's OAuth 2 and APIs on one loopback port (each under
// its own base), registered below as the demo projects' apps there, with the same callback.
const devSocialsClients = Object.fromEntries(
  ['discord', 'x', 'facebook'].map((provider) => [
    provider,
    { clientId: `latch-demo-${provider}`, clientSecret: `dev-${provider}-client-secret` },
  ]),
)
const devSocials = await startDevSocials({
  port: devSocialsPort,
  clients: Object.fromEntries(
    Object.entries(devSocialsClients).map(([provider, client]) => [
      provider,
      [{ ...client, redirectUri: `http://localhost:${apiPort}/embedded/v1/social/callback` }],
    ]),
  ),
})
// Dev Apple: Sign in with Apple's endpoints on loopback (form_post answers, ID tokens, the ES256
// client secret checked against a key made here), registered below as the demo projects' Services
// ID with the same callback; the server signs its secrets with the key's `.p8` file.
const devAppleKey = generateDevAppleKey({ teamId: 'LATCHDEV01', keyId: 'DEVAPPLE01' })
const devAppleKeyFile = join(mkdtempSync(join(tmpdir(), 'latch-dev-apple-')), 'AuthKey_DEVAPPLE01.p8')
writeFileSync(devAppleKeyFile, devAppleKey.privateKeyPem, { mode: 0o600 })
const devAppleClientId = 'com.latch.demo.web'
const devApple = await startDevApple({
  port: devApplePort,
  clients: [
    {
      clientId: devAppleClientId,
      teamId: devAppleKey.teamId,
      keys: [devAppleKey],
      redirectUris: [`http://localhost:${apiPort}/embedded/v1/social/callback`],
    },
  ],
})
const social = {
  google: { issuer: devGoogle.issuer, ...devGoogleClient },
  apple: {
    issuer: devApple.issuer,
    clientId: devAppleClientId,
    teamId: devAppleKey.teamId,
    keyId: devAppleKey.keyId,
    privateKeyFile: devAppleKeyFile,
  },
  github: { issuer: devGithub.issuer, ...devGithubClient },
  ...Object.fromEntries(
    Object.entries(devSocialsClients).map(([provider, client]) => [
      provider,
      { issuer: devSocials.issuers[provider], ...client },
    ]),
  ),
}
// The chains carry the ERC-4337 contracts too (EntryPoint v0.7, the reference account factory and
// verifying paymaster): the embedded wallet's smart accounts.
const chains = await startLocalChains({ mainnetPort, basePort, accountAbstraction: true })
// A local bundler (Alto) per chain, on a free loopback port: the server is configured with its URL
// at once, and the bundlers are awaited only after the demo is started, so their start (mostly
// loading their modules) overlaps the rest of the stack's.
const bundlerPorts = await Promise.all([freePort(), freePort()])
const bundlersStarting = Promise.all(
  [chains.mainnet, chains.base].map((chain, index) =>
    startLocalBundler({ rpcUrl: chain.rpcUrl, port: bundlerPorts[index] }),
  ),
)
// Awaited (and its failure thrown) below; marked handled until then.
bundlersStarting.catch(() => {})
// Sign In With Farcaster: the test kit's IdRegistry stand-in at Farcaster's address on the local
// Ethereum chain gives fid 20001 to a custody key of the test mnemonic, and Dev Farcaster is that
// account's client: the modal's QR link opens its page, whose Approve signs in. The server checks
// the signature and the fid against this chain (`set-social ID farcaster --rpc-url --client-url`).
const devFarcasterAccount = TEST_ACCOUNTS[9]
await registerFarcasterIds(chains.mainnet.rpcUrl, [{ fid: 20001, custody: devFarcasterAccount.address }])
const devFarcaster = await startDevFarcaster({
  port: devFarcasterPort,
  client: farcasterClient({
    custodyKey: devFarcasterAccount.privateKey,
    fid: 20001,
    username: 'dev-visitor',
  }),
})
social.farcaster = { rpcUrl: chains.mainnet.rpcUrl, clientUrl: devFarcaster.url }
// Dev Onramp: the Account view's Buy, offline. Its checkout's Pay sends the ETH bought on the
// local chain from a funded test account (one no other part of the stack spends from), then posts
// the signed webhooks to the server; the demo project's account there is registered below.
// It also speaks Meld's API (under /meld, Meld's webhooks signed with their own secret): the demo
// project buys through both, as through Meld itself.
const devOnrampSecret = 'dev-onramp-demo-secret-not-for-production'
const devMeldWebhookSecret = 'dev-meld-webhook-secret-not-for-production'
const devOnramp = await startDevOnramp({
  port: devOnrampPort,
  rpcUrl: chains.mainnet.rpcUrl,
  rpcUrls: { 'eip155:8453': chains.base.rpcUrl },
  funderKey: TEST_ACCOUNTS[8].privateKey,
  webhookUrl: `http://127.0.0.1:${apiPort}/onramp/v1/webhooks/dev-onramp/latch-demo`,
  secret: devOnrampSecret,
  meld: {
    webhookUrl: `http://127.0.0.1:${apiPort}/onramp/v1/webhooks/meld/latch-demo`,
    webhookSecret: devMeldWebhookSecret,
  },
})
// The local DEX on both chains (Uniswap v2, WETH and an ETH/LTT pool): the Swap view's quotes and swaps.
const { deployLocalDex, LOCAL_DEX } = await import('./local-dex.mjs')
await Promise.all([chains.mainnet, chains.base].map((chain) => deployLocalDex(chain.rpcUrl, root)))
// Dev 0x (a free loopback port): 0x Swap API v2's AllowanceHolder quote over the local DEX on
// Base, so the demo's swaps there go through the server's 0x adapter with the project's API key.
const devZeroExKey = 'dev-0x-demo-api-key'
const devZeroEx = await startDevZeroEx({
  apiKey: devZeroExKey,
  chains: { 8453: { rpcUrl: chains.base.rpcUrl, router: LOCAL_DEX.router, weth: LOCAL_DEX.weth } },
})
// The Dev Wallet's first accounts hold test tokens on both chains, so Account is not empty at a
// first look: 1 234.5 LTT and one Latch Test NFT each.
// The test NFT's metadata and image come from a host of their own (a free loopback port), which
// the server is told it may fetch from; each account also gets one spam NFT the NFTs tab hides.
const nftMetadata = await startNftMetadataServer()
for (const chain of [chains.mainnet, chains.base]) {
  await setTestNftBaseUri(chain.rpcUrl, nftMetadata.baseUri)
  for (const account of TEST_ACCOUNTS.slice(0, 3))
    await seedTestTokens(chain.rpcUrl, account.address, { spamNft: true })
}
// The Dev Wallet's first account is alice.eth on the local Ethereum (the test kit's name service
// at ENS's well-known resolver address): its name, primary name and avatar (the test NFT's image,
// shown through the server's image route like any NFT image).
await registerTestEnsName(chains.mainnet.rpcUrl, {
  name: 'alice.eth',
  address: TEST_ACCOUNTS[0].address,
  texts: { avatar: `${nftMetadata.baseUri}1.png` },
})
// Token prices from a local CoinGecko-shaped source (a free loopback port), so Account shows fiat
// values offline: ETH at 2 500 USD and the test ERC-20 at 1 USD on both local chains.
const prices = await startFakePriceSource({
  coins: { ethereum: 2500 },
  tokens: Object.fromEntries(['ethereum', 'base'].map((p) => [p, { [TEST_TOKENS.erc20.address]: 1 }])),
})
const solana = await startLocalSolana({ port: solanaPort })
// The Dev Wallet's first Solana accounts hold 2 500 of the SPL test token (LTS), so Tokens on
// Solana is not SOL alone.
for (const seed of SOLANA_TEST_SEEDS.slice(0, 2)) await seedSplTestToken(solana, solanaAddressOfSeed(seed))
const { startRelay } = await import(join(root, 'packages/testkit/dist/walletconnect/index.js'))
const relay = await startRelay({ port: relayPort })
/** The local Solana chain's CAIP-2 id: the embedded wallet's frame signs for it and sends over it. */
const solanaCaip2 = `solana:${solana.genesisHash.slice(0, 32)}`
/** The test ERC-20 on both chains and the SPL test token: the balance service lists them for the demo's projects. */
const demoTokens = [
  ...['eip155:1', 'eip155:8453'].map((chainId) => ({
    chainId,
    address: TEST_TOKENS.erc20.address,
    symbol: TEST_TOKENS.erc20.symbol,
    name: TEST_TOKENS.erc20.name,
    decimals: TEST_TOKENS.erc20.decimals,
  })),
  {
    chainId: solanaCaip2,
    address: SOLANA_TEST_TOKEN.mint,
    name: SOLANA_TEST_TOKEN.name,
    symbol: SOLANA_TEST_TOKEN.symbol,
  },
]
/**
 * The demo projects offer email login and "Continue with" Google, X, Farcaster, Discord, Apple,
 * GitHub and Facebook in the spec's default order (the embedded wallet; the providers being Dev
 * Google, Dev Farcaster, Dev Apple, Dev GitHub and Dev Socials here): the project config turns them on, and
 * `latch-server project set-feature latch-demo social_login off` takes them out of the modal.
 */
const emailLogin = {
  social_login: {
    isEnabled: true,
    config: ['email', 'google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
  },
}
/**
 * The demo project's smart accounts on both chains: the local bundler behind the server and the
 * local LatchSmartAccountFactory (`latch-server project set-bundler`), the local verifying paymaster
 * with the test kit's signer key (`set-paymaster`), sponsoring calls to the test ERC-20 only
 * (`set-sponsorship`): 20 user operations a day per account on Ethereum, one on Base (so the demo
 * shows a cap being reached), and 1000 a day in all.
 */
const smartAccounts = Object.fromEntries(
  ['eip155:1', 'eip155:8453'].map((chainId, index) => [
    chainId,
    {
      bundlerUrl: `http://127.0.0.1:${bundlerPorts[index]}`,
      // The test kit's LatchSmartAccountFactory (`set-bundler … --factory`): accounts that also
      // sign messages and sign-ins (ERC-1271). The default is the reference SimpleAccountFactory's
      // well-known deployment, which has no ERC-1271 (and which a local chain does not have).
      factory: LOCAL_ACCOUNT_ABSTRACTION.smartAccountFactory,
      paymaster: LOCAL_ACCOUNT_ABSTRACTION.verifyingPaymaster,
      signerKey: TEST_PAYMASTER_SIGNER_KEY,
      sponsorship: { allow: [TEST_TOKENS.erc20.address], perUser: index === 0 ? 20 : 1, perDay: 1000 },
    },
  ]),
)
const api = await startServerProcess({
  port: apiPort,
  // LATCH_SQLITE_FILE: a database of its own (each e2e stack has one); default .latch/server.db.
  sqliteFile: process.env.LATCH_SQLITE_FILE || undefined,
  smtpUrl: mailSink.smtpUrl,
  // LATCH_EMBEDDED_RESEND_SECONDS: the server's wait between two code mails to one address (spec
  // §5: 30 s, the default). The e2e stacks shorten it: their tests read the wait the server says.
  ...(process.env.LATCH_EMBEDDED_RESEND_SECONDS
    ? { embeddedLimits: { resendSeconds: Number(process.env.LATCH_EMBEDDED_RESEND_SECONDS) } }
    : {}),
  nfts: { metadataHosts: [nftMetadata.host] },
  // The Activity tab's transactions: the built-in indexer reads the local chains themselves.
  transactions: {
    'eip155:1': { source: 'rpc', rpcUrl: `http://127.0.0.1:${mainnetPort}` },
    'eip155:8453': { source: 'rpc', rpcUrl: `http://127.0.0.1:${basePort}` },
  },
  projects: [
    {
      id: 'latch-demo',
      name: 'Latch demo',
      allowedOrigins: [`http://127.0.0.1:${demoPort}`],
      allowLocalhost: true,
      // Swap in the Account view: the quotes come from the local DEX (below); Buy through Dev Onramp.
      features: {
        ...emailLogin,
        swap: { isEnabled: true, config: ['uniswap-v2', '0x'] },
        onramp: { isEnabled: true, config: ['dev-onramp', 'meld'] },
      },
      // Its accounts at Dev Onramp and at "Meld" (Dev Onramp's Meld API), as `latch-server
      // project set-onramp` sets them.
      onramp: {
        'dev-onramp': { apiUrl: devOnramp.url, secret: devOnrampSecret },
        meld: {
          apiUrl: `${devOnramp.url}/meld`,
          secret: devOnrampSecret,
          webhookSecret: devMeldWebhookSecret,
        },
      },
      social,
      smartAccounts,
      tokens: demoTokens,
      prices: { source: 'coingecko', url: prices.url },
      // Swap quotes from the local DEX: on Ethereum read from its router, on Base through Dev 0x
      // (`latch-server project set-swap latch-demo eip155:8453 --provider 0x --api-key …`).
      swaps: {
        'eip155:1': { router: LOCAL_DEX.router, weth: LOCAL_DEX.weth },
        'eip155:8453': { provider: '0x', apiUrl: devZeroEx.url, apiKey: devZeroExKey },
      },
      rpcUrls: {
        'eip155:1': `http://127.0.0.1:${mainnetPort}`,
        'eip155:8453': `http://127.0.0.1:${basePort}`,
        [solanaCaip2]: solana.rpcUrl,
      },
    },
    {
      // The same demo with the embedded wallet's server-assisted (operator-custodial) recovery.
      id: 'latch-demo-custodial',
      name: 'Latch demo (server-assisted recovery)',
      allowedOrigins: [`http://127.0.0.1:${demoPort}`],
      allowLocalhost: true,
      features: emailLogin,
      social,
      embeddedRecovery: 'server',
      rpcUrls: {
        'eip155:1': `http://127.0.0.1:${mainnetPort}`,
        'eip155:8453': `http://127.0.0.1:${basePort}`,
        [solanaCaip2]: solana.rpcUrl,
      },
    },
    {
      // Server-assisted recovery held for an hour: the owner's mail and other devices can stop it.
      id: 'latch-demo-custodial-hold',
      name: 'Latch demo (server-assisted recovery, held)',
      allowedOrigins: [`http://127.0.0.1:${demoPort}`],
      allowLocalhost: true,
      features: emailLogin,
      social,
      embeddedRecovery: 'server',
      embeddedRecoveryHold: 1,
      rpcUrls: {
        'eip155:1': `http://127.0.0.1:${mainnetPort}`,
        'eip155:8453': `http://127.0.0.1:${basePort}`,
        [solanaCaip2]: solana.rpcUrl,
      },
    },
  ],
})
/**
 * @latch/server in a child process of its own, so it can be stopped and resumed alone (a wallet
 * server down or hung, as the e2e tests make it); LATCH_SERVER_PID_FILE, when set, receives its pid.
 * @param {object} options startLocalServer's options
 * @returns {Promise<{ url: string, stop(): Promise<void> }>}
 */
function startServerProcess(options) {
  const child = spawn(process.execPath, [join(root, 'scripts/local-server-process.mjs')], {
    cwd: root,
    env: { ...process.env, LATCH_LOCAL_SERVER_OPTIONS: JSON.stringify(options) },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`@latch/server exited (${code}) before it listened`)))
    child.once('message', (/** @type {{ url: string }} */ message) => {
      child.removeAllListeners('exit')
      // The server died on its own: the stack is no longer what it says.
      child.once('exit', (code) => {
        if (stopping) return
        console.error(`@latch/server exited (${code}).`)
        void stop(code || 1)
      })
      if (process.env.LATCH_SERVER_PID_FILE)
        writeFileSync(process.env.LATCH_SERVER_PID_FILE, String(child.pid))
      resolve({
        url: message.url,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done(undefined)
            child.once('exit', () => done(undefined))
            // A stopped (SIGSTOP) server must run again to hear SIGTERM.
            child.kill('SIGCONT')
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
const { startDevWalletWalletConnect } = await import('./dev-wallet-walletconnect.mjs')
const devWallet = await startDevWalletWalletConnect({
  root,
  port: devWalletPort,
  relayUrl: relay.url,
  projectId: '1a7c0de51a7c0de51a7c0de51a7c0de5',
  chains: [
    { id: 1, rpcUrl: `http://127.0.0.1:${mainnetPort}` },
    { id: 8453, rpcUrl: `http://127.0.0.1:${basePort}` },
  ],
  solana: { id: solanaCaip2, rpcUrl: solana.rpcUrl },
  bitcoin: {
    accountIndex: DEV_WALLET_WC_BITCOIN_ACCOUNT,
    chains: [{ id: BITCOIN_REGTEST_CAIP_ID, apiUrl: bitcoin.url }],
  },
})
const env = {
  ...process.env,
  DEMO_PORT: demoPort,
  VITE_RPC_MAINNET: `http://127.0.0.1:${mainnetPort}`,
  VITE_RPC_BASE: `http://127.0.0.1:${basePort}`,
  VITE_RPC_SOLANA: solana.rpcUrl,
  VITE_SOLANA_GENESIS: solana.genesisHash,
  VITE_BITCOIN_API: bitcoin.url,
  VITE_LATCH_API: api.url,
  VITE_WC_RELAY: relay.url,
  VITE_DEV_WALLET_WC: devWallet.url,
  VITE_MAIL_INBOX: mailSink.inboxUrl,
}
// DEMO_OUT_DIR: where the production build goes (each e2e stack builds its own, with its ports).
const outDir = process.env.DEMO_OUT_DIR ? ['--outDir', process.env.DEMO_OUT_DIR, '--emptyOutDir'] : []
// Vite's own executable, not `npx vite`: npx does not pass a SIGTERM on, and its server would
// outlive this process.
const vite = join(root, 'node_modules/.bin/vite')
if (preview) run(vite, ['build', '--logLevel', 'warn', ...outDir], { cwd: join(root, 'apps/demo'), env })
const demo = spawn(vite, preview ? ['preview', ...outDir.slice(0, 2)] : ['dev'], {
  cwd: join(root, 'apps/demo'),
  env,
  stdio: 'inherit',
})

const bundlers = await bundlersStarting

console.log(`\nLatch demo: http://127.0.0.1:${demoPort}`)
console.log(
  `Local chains: mainnet (1) http://127.0.0.1:${mainnetPort}, base (8453) http://127.0.0.1:${basePort}`,
)
console.log(`Local Solana chain: ${solana.rpcUrl}`)
console.log(`Bitcoin regtest (Esplora-shaped API): ${bitcoin.url}`)
console.log(`Latch server: ${api.url} (project latch-demo)`)
console.log(`WalletConnect relay: ${relay.url}`)
console.log(
  `ERC-4337 bundlers (Alto, local; the server forwards to them): ${bundlers.map((b) => b.url).join(', ')}; EntryPoint ${LOCAL_ACCOUNT_ABSTRACTION.entryPoint}`,
)
console.log(`Price source (CoinGecko-shaped, local): ${prices.url}`)
console.log(`Mail sink: ${mailSink.smtpUrl}, inbox ${mailSink.inboxUrl}/messages`)
console.log(`Dev Google (OpenID provider): ${devGoogle.issuer}`)
console.log(`Dev GitHub (GitHub's OAuth and API, local): ${devGithub.issuer}`)
console.log(`Dev Apple (Sign in with Apple, local): ${devApple.issuer}`)
console.log(`Dev Farcaster (a Farcaster client's sign-in page, local): ${devFarcaster.url}`)
console.log(`Dev Onramp (the Account view's Buy, local): ${devOnramp.url}`)
console.log(`Dev 0x (0x Swap API v2 over the local DEX on Base): ${devZeroEx.url}`)
console.log(
  `Dev Socials (Discord's, X's and Facebook's OAuth and APIs, local): ${devSocials.issuers.discord} …`,
)
console.log(
  `Dev Wallet over WalletConnect: ${devWallet.url}/pair (tick "Scan the QR code automatically" in the demo)\n`,
)

let stopping = false
async function stop(code = 0) {
  if (stopping) return
  stopping = true
  demo.kill('SIGTERM')
  await Promise.allSettled([
    devWallet.stop(),
    bundlersStarting.then((list) => Promise.all(list.map((bundler) => bundler.stop()))),
    chains.stop(),
    solana.stop(),
    bitcoin.stop(),
    api.stop(),
    relay.stop(),
    mailSink.close(),
    nftMetadata.stop(),
    devGoogle.close(),
    devGithub.close(),
    devSocials.close(),
    devApple.close(),
    devFarcaster.close(),
    devOnramp.close(),
    devZeroEx.close(),
    prices.close(),
  ])
  process.exit(code)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
demo.on('exit', (code) => void stop(code ?? 0))
