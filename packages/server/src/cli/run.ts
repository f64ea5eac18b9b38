import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { KeyEncryptionKey } from '../at-rest.js'
import { type KeyPurpose, KeyRing, keyPurposes } from '../embedded/keys.js'
import { maxRecoveryHoldHours } from '../embedded/recoveries.js'
import { rotateSigningKey } from '../siwx/keys.js'
import { defaultSqliteFile, openRepository } from '../storage/open.js'
import type { Repository } from '../storage/types.js'
import {
  addOrigins,
  CliError,
  createProject,
  listProjects,
  localhostHint,
  seed,
  setFeature,
  setRpcUrl,
} from './commands.js'
import { secretKeyFor } from './secret-key.js'

/** Where the CLI writes; injectable so the commands can be driven from tests. */
export interface CliIo {
  env: NodeJS.ProcessEnv
  out: (line: string) => void
  err: (line: string) => void
}

/** The package version, read from the package.json shipped beside `dist/`. */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  return pkg.version
}

const usage = `Usage:
  latch-server --version | help
  latch-server [start] [--port 3030] [--host 127.0.0.1] [--db .latch/server.db] [--no-seed]
  latch-server project create --name NAME --origin ORIGIN [--origin ORIGIN …] [--id ID] [--localhost] [--if-missing]
  latch-server project list [--json]
  latch-server project add-origin ID ORIGIN [ORIGIN …]
  latch-server project set-feature ID FEATURE on|off [--config JSON]  (FEATURE: email, social_login, swap, onramp, activity, reown_branding, analytics)
  latch-server project set-rpc ID CAIP2 URL        (chain RPC for sign-in checks and the embedded wallet, e.g. eip155:1 https://…)
  latch-server project set-social ID PROVIDER --client-id ID --client-secret SECRET [--issuer URL]
                                                   (embedded wallet login with PROVIDER: google or github; the secret is sealed at rest)
  latch-server project set-social ID apple --client-id SERVICES_ID --team-id TEAM_ID --key-id KEY_ID --private-key-file KEY.p8 [--issuer URL]
                                                   (Sign in with Apple: the .p8 key signs a client secret per login; the key is sealed at rest)
  latch-server project set-social ID farcaster --rpc-url URL [--client-url URL]
                                                   (Sign In With Farcaster, checked against this OP Mainnet RPC; the relay is this server;
                                                    --client-url: the client page the link opens, default https://farcaster.xyz/~/siwf)
  latch-server project set-prices ID --source coingecko --url URL [--api-key KEY] | --source none
                                                   (token prices for fiat values, from a CoinGecko-shaped API)
  latch-server project tokens add ID CAIP2 ADDRESS --symbol SYMBOL --decimals N [--name NAME] [--logo URL]
  latch-server project tokens remove ID CAIP2 ADDRESS
  latch-server project tokens list ID [--json]     (ERC-20s the balance service shows on top of the default list)
  latch-server project set-swap ID CAIP2 --router ADDRESS --weth ADDRESS | --router none
                                                   (swap quotes from a Uniswap-v2-style router on that chain)
  latch-server project set-swap ID CAIP2 --provider 0x|lifi --api-key KEY [--api-url URL] | --provider none
                                                   (swap quotes from an aggregator's API; the key is sealed at rest)
  latch-server project set-onramp ID PROVIDER [--api-url URL] --secret SECRET|--private-key-file FILE
                 [--key-id ID] [--public-key KEY] [--webhook-secret SECRET] [--widget-url URL] [--country CC] | --api-url none
                                                   (Buy: the project's account at an on-ramp provider: coinbase, meld, moonpay,
                                                    transak or dev-onramp; secrets are sealed at rest)
  latch-server project set-bundler ID CAIP2 URL|none [--factory ADDRESS]
                                                   (ERC-4337 bundler the server's /aa/v1/bundler forwards to; the URL is sealed at rest;
                                                    the embedded wallet's smart accounts on that chain come from the SimpleAccountFactory
                                                    v0.7 at ADDRESS, by default its well-known deployment)
  latch-server project set-paymaster ID CAIP2 --address ADDRESS --private-key-file FILE | --address none
                                                   (verifying paymaster and the signer key it trusts, sealed at rest: /aa/v1/paymaster, ERC-7677)
  latch-server project set-sponsorship ID CAIP2 on|off [--allow ADDRESS …] [--per-user N] [--per-day N]
                                                   (which user operations the paymaster pays for: calls to the allowed contracts,
                                                    at most N per account and N in all a day; off by default)
  latch-server siwx rotate-key                     (new session-token key; the previous one stays published)
  latch-server project set-recovery ID user|server  (embedded wallet: user-held recovery, or operator-custodial)
  latch-server project set-recovery-hold ID HOURS  (server-assisted recovery waits HOURS, 0-720, for the owner to stop it; 0: none)
  latch-server embedded rotate-key session|otp|share  (new embedded-wallet key of that purpose; older ones stay readable)
  latch-server registry seed

Storage: PostgreSQL when DATABASE_URL (or --database-url) is set, else the SQLite file --db.`

const options = {
  port: { type: 'string' },
  host: { type: 'string' },
  db: { type: 'string' },
  'database-url': { type: 'string' },
  'no-seed': { type: 'boolean' },
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  id: { type: 'string' },
  localhost: { type: 'boolean' },
  'if-missing': { type: 'boolean' },
  config: { type: 'string' },
  issuer: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'team-id': { type: 'string' },
  'key-id': { type: 'string' },
  'private-key-file': { type: 'string' },
  'rpc-url': { type: 'string' },
  'client-url': { type: 'string' },
  source: { type: 'string' },
  url: { type: 'string' },
  'api-key': { type: 'string' },
  symbol: { type: 'string' },
  decimals: { type: 'string' },
  logo: { type: 'string' },
  router: { type: 'string' },
  provider: { type: 'string' },
  'api-url': { type: 'string' },
  secret: { type: 'string' },
  'public-key': { type: 'string' },
  'webhook-secret': { type: 'string' },
  'widget-url': { type: 'string' },
  country: { type: 'string' },
  weth: { type: 'string' },
  address: { type: 'string' },
  allow: { type: 'string', multiple: true },
  'per-user': { type: 'string' },
  'per-day': { type: 'string' },
  factory: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

/**
 * Run one CLI invocation. Resolves the exit code; `start` resolves once the server listens and
 * leaves it running.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true }>
  >
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true })
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`)
    return 2
  }
  const { values, positionals } = parsed
  if (values.version || positionals[0] === 'version') {
    io.out(packageVersion())
    return 0
  }
  if (values.help || positionals[0] === 'help') {
    io.out(usage)
    return 0
  }
  const storage = {
    databaseUrl: values['database-url'] ?? io.env.DATABASE_URL,
    sqliteFile: values.db ?? io.env.LATCH_DB ?? defaultSqliteFile,
  }
  const [command = 'start', sub, ...rest] = positionals

  if (command === 'start') {
    const port = Number(values.port ?? io.env.PORT ?? 3030)
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      io.err('--port must be a port number')
      return 2
    }
    try {
      const { startServer } = await import('./start.js')
      const { app } = await startServer({
        ...storage,
        port,
        host: values.host ?? io.env.HOST ?? '127.0.0.1',
        seed: !values['no-seed'],
        env: io.env,
      })
      // Finish in-flight requests and close the database before exiting.
      const stop = () => void app.close()
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
      return 0
    } catch (error) {
      io.err(`latch-server could not start: ${(error as Error).message}`)
      return 1
    }
  }

  let repository: Repository | undefined
  try {
    repository = await openRepository(storage)
    const key = `${command} ${sub ?? ''}`
    switch (key) {
      case 'project create': {
        const project = await createProject(repository, {
          name: values.name ?? '',
          origins: values.origin ?? [],
          id: values.id,
          allowLocalhost: values.localhost ?? false,
          ifMissing: values['if-missing'] ?? false,
        })
        io.out(project.id)
        const hint = localhostHint(project)
        if (hint !== undefined) io.err(hint)
        return 0
      }
      case 'project list':
        if (values.json) io.out(JSON.stringify(await repository.listProjects(), null, 2))
        else for (const line of await listProjects(repository)) io.out(line)
        return 0
      case 'project add-origin': {
        const [id = '', ...origins] = rest
        const project = await addOrigins(repository, id, origins)
        io.out(`${project.id} origins: ${project.allowedOrigins.join(', ')}`)
        const hint = localhostHint(project)
        if (hint !== undefined) io.err(hint)
        return 0
      }
      case 'project set-feature': {
        const [id = '', feature = '', state = ''] = rest
        const project = await setFeature(repository, id, feature, state, values.config)
        // `email` lives inside social_login: show the setting it changed.
        const stored = feature === 'email' ? 'social_login' : feature
        io.out(`${project.id} ${stored}: ${JSON.stringify(project.features[stored as never])}`)
        return 0
      }
      case 'project set-rpc': {
        const [id = '', chainId = '', url = ''] = rest
        io.out(await setRpcUrl(repository, id, chainId, url))
        return 0
      }
      case 'project set-social': {
        const [id = '', provider = ''] = rest
        const { secretKey } = await secretKeyFor(storage, io.env)
        const { setSocial } = await import('./social.js')
        io.out(
          await setSocial(repository, secretKey, {
            id,
            provider,
            issuer: values.issuer,
            clientId: values['client-id'],
            clientSecret: values['client-secret'],
            teamId: values['team-id'],
            keyId: values['key-id'],
            privateKeyFile: values['private-key-file'],
            rpcUrl: values['rpc-url'],
            clientUrl: values['client-url'],
          }),
        )
        return 0
      }
      case 'project set-prices':
      case 'project tokens': {
        const { priceCommand } = await import('./prices.js')
        for (const line of await priceCommand(
          repository,
          sub ?? '',
          rest,
          values,
          async () => new KeyEncryptionKey((await secretKeyFor(storage, io.env)).secretKey),
        ))
          io.out(line)
        return 0
      }
      case 'project set-swap': {
        const [id = '', chainId = ''] = rest
        const { setSwapProvider } = await import('./swaps.js')
        const aggregator = values.provider !== undefined && !['none', 'uniswap-v2'].includes(values.provider)
        io.out(
          await setSwapProvider(
            repository,
            id,
            chainId,
            {
              provider: values.provider,
              router: values.router,
              weth: values.weth,
              apiUrl: values['api-url'],
              apiKey: values['api-key'],
            },
            aggregator ? (await secretKeyFor(storage, io.env)).secretKey : undefined,
          ),
        )
        return 0
      }
      case 'project set-onramp': {
        const [id = '', provider = ''] = rest
        const { secretKey } = await secretKeyFor(storage, io.env)
        const { setOnrampProvider } = await import('./onramp.js')
        io.out(
          await setOnrampProvider(repository, secretKey, {
            id,
            provider,
            apiUrl: values['api-url'],
            secret:
              values['private-key-file'] === undefined
                ? values.secret
                : (await import('node:fs/promises')).readFile(values['private-key-file'], 'utf8'),
            keyId: values['key-id'],
            publicKey: values['public-key'],
            webhookSecret: values['webhook-secret'],
            widgetUrl: values['widget-url'],
            country: values.country,
          }),
        )
        return 0
      }
      case 'project set-bundler': {
        const [id = '', chainId = '', url = ''] = rest
        const { setBundler } = await import('./smart-accounts.js')
        const { secretKey } = await secretKeyFor(storage, io.env)
        io.out(await setBundler(repository, secretKey, { id, chainId, url, factory: values.factory }))
        return 0
      }
      case 'project set-paymaster': {
        const [id = '', chainId = ''] = rest
        const { readKeyFile, setPaymaster } = await import('./smart-accounts.js')
        const { secretKey } = await secretKeyFor(storage, io.env)
        io.out(
          await setPaymaster(repository, secretKey, {
            id,
            chainId,
            address: values.address,
            signerKey: readKeyFile(values['private-key-file']),
          }),
        )
        return 0
      }
      case 'project set-sponsorship': {
        const [id = '', chainId = '', state = ''] = rest
        const { setSponsorship } = await import('./smart-accounts.js')
        io.out(
          await setSponsorship(repository, {
            id,
            chainId,
            state,
            allow: values.allow,
            perUser: values['per-user'],
            perDay: values['per-day'],
          }),
        )
        return 0
      }
      case 'siwx rotate-key':
        io.out(
          `Session tokens are now signed with key ${await rotateSigningKey(
            repository.siwx,
            new KeyRing(repository.embedded, (await secretKeyFor(storage, io.env)).secretKey).atRest,
          )}`,
        )
        return 0
      case 'project set-recovery': {
        const [id = '', policy = ''] = rest
        if (policy !== 'user' && policy !== 'server')
          throw new CliError('The recovery policy must be user or server')
        if ((await repository.getProject(id)) === undefined) throw new CliError(`No project "${id}"`)
        await repository.embedded.setRecoveryPolicy(id, policy)
        io.out(
          policy === 'server'
            ? `${id}: server-assisted recovery (operator-custodial: this server can rebuild every wallet; each recovery is mailed to the owner)`
            : `${id}: recovery by the user's password or passkey`,
        )
        return 0
      }
      case 'project set-recovery-hold': {
        const [id = '', hours = ''] = rest
        const value = Number(hours)
        if (!/^[0-9]{1,3}$/.test(hours) || value > maxRecoveryHoldHours)
          throw new CliError(`The hold must be a whole number of hours from 0 to ${maxRecoveryHoldHours}`)
        if ((await repository.getProject(id)) === undefined) throw new CliError(`No project "${id}"`)
        await repository.embedded.setRecoveryHold(id, value)
        const policy = await repository.embedded.getRecoveryPolicy(id)
        io.out(
          value === 0
            ? `${id}: server-assisted recovery completes at once (the owner and the other devices are told)`
            : `${id}: server-assisted recovery waits ${value} h; the owner's mail and the other devices can stop it${policy === 'server' ? '' : ' (applies once the project uses set-recovery server)'}`,
        )
        return 0
      }
      case 'embedded rotate-key': {
        const [purpose = ''] = rest
        if (!(keyPurposes as readonly string[]).includes(purpose))
          throw new CliError(`The key purpose must be one of: ${keyPurposes.join(', ')}`)
        const ring = new KeyRing(repository.embedded, (await secretKeyFor(storage, io.env)).secretKey)
        await ring.ensure()
        io.out(`New ${purpose} key ${await ring.rotate(purpose as KeyPurpose)}`)
        return 0
      }
      case 'registry seed':
        io.out(await seed(repository))
        return 0
      default:
        io.err(`Unknown command "${[command, sub].filter(Boolean).join(' ')}"\n\n${usage}`)
        return 2
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(error.message)
      return 1
    }
    io.err(`latch-server failed: ${(error as Error).message}`)
    return 1
  } finally {
    await repository?.close()
  }
}
