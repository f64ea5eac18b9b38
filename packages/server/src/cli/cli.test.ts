import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, openTestRepository } from '../test/backends.js'
import { addOrigins, CliError, createProject, listProjects, seed, setFeature } from './commands.js'

/** The CLI run in-process on the database `sqliteFile`: its exit code and what it printed. */
const cliOn =
  (sqliteFile: string) =>
  async (...args: string[]) => {
    const { runCli } = await import('./run.js')
    const out: string[] = []
    const err: string[] = []
    const code = await runCli([...args, '--db', sqliteFile], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      env: {},
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))
const run = promisify(execFile)

describe.each(backends)('given the CLI commands on %s', (backend) => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  beforeAll(async () => {
    db = await openTestRepository(backend)
  })
  afterAll(() => db.cleanup())

  describe('when a project is created with a name and origins', () => {
    it('then it gets a 32-hex id and is listed with its origins', async () => {
      const project = await createProject(db.repository, {
        name: 'Shop',
        origins: ['https://shop.example.com', 'https://*.shop.example.com'],
      })
      expect(project.id).toMatch(/^[0-9a-f]{32}$/)
      const lines = await listProjects(db.repository)
      expect(lines.find((l) => l.startsWith(project.id))).toContain(
        'origins: https://shop.example.com, https://*.shop.example.com',
      )
    })

    it('then a chosen id is kept, and creating it again fails unless --if-missing', async () => {
      await createProject(db.repository, { name: 'Demo', origins: ['https://demo.example'], id: 'demo' })
      await expect(
        createProject(db.repository, { name: 'Demo', origins: [], id: 'demo', allowLocalhost: true }),
      ).rejects.toThrow('A project with id "demo" already exists')
      const again = await createProject(db.repository, {
        name: 'Other',
        origins: ['https://x.example'],
        id: 'demo',
        ifMissing: true,
      })
      expect(again.name).toBe('Demo')
    })

    it('then an origin that is not scheme://host[:port] is refused', async () => {
      await expect(createProject(db.repository, { name: 'Bad', origins: ['example.com'] })).rejects.toThrow(
        CliError,
      )
    })
  })

  describe('when features and origins are changed', () => {
    it('then set-feature stores the state and config, and add-origin appends', async () => {
      await createProject(db.repository, { name: 'Feat', origins: ['https://feat.example'], id: 'feat' })
      await setFeature(db.repository, 'feat', 'social_login', 'on', '["email","google"]')
      await setFeature(db.repository, 'feat', 'swap', 'on')
      await setFeature(db.repository, 'feat', 'swap', 'off')
      await addOrigins(db.repository, 'feat', ['https://*.feat.example'])
      const project = await db.repository.getProject('feat')
      expect(project?.features).toEqual({
        social_login: { isEnabled: true, config: ['email', 'google'] },
        swap: { isEnabled: false, config: [] },
      })
      expect(project?.allowedOrigins).toEqual(['https://feat.example', 'https://*.feat.example'])
    })

    it('then set-feature email off and on takes email out of social_login and back, keeping the socials', async () => {
      await createProject(db.repository, { name: 'Mail', origins: ['https://mail.example'], id: 'mail' })
      const login = async () => (await db.repository.getProject('mail'))?.features.social_login
      await setFeature(db.repository, 'mail', 'email', 'on')
      expect(await login()).toEqual({ isEnabled: true, config: ['email'] })
      await setFeature(db.repository, 'mail', 'social_login', 'on', '["email","google"]')
      await setFeature(db.repository, 'mail', 'email', 'off')
      expect(await login()).toEqual({ isEnabled: true, config: ['google'] })
      await setFeature(db.repository, 'mail', 'email', 'on')
      expect(await login()).toEqual({ isEnabled: true, config: ['email', 'google'] })
      await setFeature(db.repository, 'mail', 'social_login', 'on', '["email"]')
      await setFeature(db.repository, 'mail', 'email', 'off')
      // Nothing left in the list: social login as a whole goes off.
      expect(await login()).toEqual({ isEnabled: false, config: [] })
    })

    it.each([
      ['feat', 'email', 'on', '["google"]', 'email takes no --config'],
      ['feat', 'email', 'yes', undefined, 'State must be "on" or "off"'],
      ['ghost', 'email', 'off', undefined, 'No project with id "ghost"'],
      ['feat', 'teleport', 'on', undefined, 'Unknown feature "teleport"'],
      ['feat', 'swap', 'maybe', undefined, 'State must be "on" or "off"'],
      ['feat', 'social_login', 'on', '["email","myspace"]', 'social_login config must be a list of'],
      ['feat', 'activity', 'on', '{not json', '--config must be valid JSON'],
      ['ghost', 'swap', 'on', undefined, 'No project with id "ghost"'],
    ])('then set-feature %s %s %s %s fails with "%s"', async (id, feature, state, config, message) => {
      await expect(setFeature(db.repository, id, feature, state, config)).rejects.toThrow(message)
    })
  })

  describe('when the registry is seeded twice', () => {
    it('then the second seed replaces the first instead of duplicating it', async () => {
      const first = await seed(db.repository)
      const count = await db.repository.countWallets()
      expect(await seed(db.repository)).toBe(first)
      expect(await db.repository.countWallets()).toBe(count)
    })

    it('then migrating again applies nothing', async () => {
      expect(await db.repository.migrate()).toEqual([])
    })
  })
})

describe.each(backends)('given the built latch-server binary on %s', (backend) => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  let child: ChildProcess | undefined
  const storageArgs = () => (backend === 'sqlite' ? ['--db', db.sqliteFile ?? ''] : [])
  // PostgreSQL has no key file beside it: the server needs the key-encryption key's secret.
  const secretKey = backend === 'postgres' ? { LATCH_SECRET_KEY: 'a'.repeat(32) } : {}
  const env = () => ({
    ...process.env,
    DATABASE_URL: db.databaseUrl ?? '',
    LATCH_LOG_LEVEL: 'info',
    ...secretKey,
  })

  beforeAll(async () => {
    db = await openTestRepository(backend)
    await db.repository.close()
  })
  afterAll(async () => {
    child?.kill('SIGTERM')
    await db.cleanup().catch(() => undefined)
  })

  it('when a project is created, then started, then the server serves its config to an allowed origin', async () => {
    const created = await run(
      process.execPath,
      [
        cliPath,
        'project',
        'create',
        '--name',
        'Spawned',
        '--origin',
        'https://spawned.example',
        ...storageArgs(),
      ],
      { env: env() },
    )
    const id = created.stdout.trim()
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    await run(
      process.execPath,
      [cliPath, 'project', 'set-feature', id, 'onramp', 'on', '--config', '["coinbase"]', ...storageArgs()],
      {
        env: env(),
      },
    )
    const emailOn = await run(
      process.execPath,
      [cliPath, 'project', 'set-feature', id, 'email', 'on', ...storageArgs()],
      {
        env: env(),
      },
    )
    expect(emailOn.stdout.trim()).toBe(`${id} social_login: {"isEnabled":true,"config":["email"]}`)
    // Bad input: a clear message on stderr, exit code 1, nothing changed.
    const refused = await run(
      process.execPath,
      [cliPath, 'project', 'set-feature', id, 'mail', 'off', ...storageArgs()],
      { env: env() },
    ).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    )
    expect(refused?.code).toBe(1)
    expect(refused?.stderr.trim()).toBe(
      'Unknown feature "mail": use one of email, social_login, swap, onramp, activity, reown_branding, analytics',
    )
    const listed = await run(process.execPath, [cliPath, 'project', 'list', ...storageArgs()], { env: env() })
    expect(listed.stdout).toContain(`${id}  Spawned`)

    const server = spawn(process.execPath, [cliPath, 'start', '--port', '0', ...storageArgs()], {
      env: env(),
    })
    child = server
    const base = await new Promise<string>((resolve, reject) => {
      let buffered = ''
      server.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString()
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffered)
        if (match?.[1]) resolve(match[1])
      })
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
    })
    const response = await fetch(`${base}/appkit/v1/config?projectId=${id}`, {
      headers: { origin: 'https://spawned.example' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('https://spawned.example')
    const body = (await response.json()) as {
      features: Array<{ id: string; isEnabled: boolean; config: unknown }>
    }
    expect(body.features.find((f) => f.id === 'onramp')).toEqual({
      id: 'onramp',
      isEnabled: true,
      config: ['coinbase'],
    })
    expect(body.features.find((f) => f.id === 'social_login')).toEqual({
      id: 'social_login',
      isEnabled: true,
      config: ['email'],
    })
    // Turned off while the server runs: the config route says so within the project cache's 5 s.
    await run(process.execPath, [cliPath, 'project', 'set-feature', id, 'email', 'off', ...storageArgs()], {
      env: env(),
    })
    await expect
      .poll(
        async () => {
          const again = (await (
            await fetch(`${base}/appkit/v1/config?projectId=${id}`, {
              headers: { origin: 'https://spawned.example' },
            })
          ).json()) as typeof body
          return again.features.find((f) => f.id === 'social_login')
        },
        { timeout: 8_000, interval: 250 },
      )
      .toEqual({ id: 'social_login', isEnabled: false, config: [] })
    const wallets = (await (await fetch(`${base}/getWallets?projectId=${id}&entries=1`)).json()) as {
      count: number
    }
    expect(wallets.count).toBeGreaterThanOrEqual(45)

    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    child = undefined
  })
})

describe.each(backends)(
  'given several latch-server processes changing one project on %s at once',
  (backend) => {
    let db: Awaited<ReturnType<typeof openTestRepository>>
    const storageArgs = () => (backend === 'sqlite' ? ['--db', db.sqliteFile ?? ''] : [])
    const env = () => ({ ...process.env, DATABASE_URL: db.databaseUrl ?? '' })
    beforeAll(async () => {
      db = await openTestRepository(backend)
    })
    afterAll(() => db.cleanup())

    it('when five run `project create --if-missing` with one id, then all succeed and one project exists', async () => {
      const runs = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          run(
            process.execPath,
            [
              cliPath,
              'project',
              'create',
              '--id',
              'race',
              '--name',
              'Race',
              '--origin',
              'https://race.example',
              '--if-missing',
              ...storageArgs(),
            ],
            { env: env() },
          ),
        ),
      )
      expect(runs.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'))
      expect((await db.repository.listProjects()).filter((p) => p.id === 'race')).toHaveLength(1)
    })

    it('when five run `project add-origin` with different origins, then no origin is lost', async () => {
      const origins = Array.from({ length: 5 }, (_, i) => `https://o${i}.race.example`)
      await Promise.all(
        origins.map((origin) =>
          run(process.execPath, [cliPath, 'project', 'add-origin', 'race', origin, ...storageArgs()], {
            env: env(),
          }),
        ),
      )
      const project = await db.repository.getProject('race')
      expect(project?.allowedOrigins.sort()).toEqual(['https://race.example', ...origins].sort())
    })
  },
)

describe('given the latch-server binary asked about itself', () => {
  it('when run with --version or version, then it prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    for (const args of [['--version'], ['version'], ['-v']]) {
      expect((await run(process.execPath, [cliPath, ...args])).stdout.trim()).toBe(pkg.version)
    }
  })

  it('when run with help or --help, then it prints the usage and exits 0', async () => {
    for (const args of [['help'], ['--help']]) {
      expect((await run(process.execPath, [cliPath, ...args])).stdout).toContain(
        'latch-server project create',
      )
    }
  })

  it('when a project is created without --localhost, then it is told how local development gets through', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'latch-cli-'))
    try {
      const db = ['--db', join(dir, 'db.sqlite')]
      const plain = await run(process.execPath, [
        cliPath,
        'project',
        'create',
        '--name',
        'P',
        '--origin',
        'https://p.example',
        ...db,
      ])
      expect(plain.stderr).toContain('--localhost')
      const local = await run(process.execPath, [
        cliPath,
        'project',
        'create',
        '--name',
        'L',
        '--origin',
        'https://l.example',
        '--localhost',
        ...db,
      ])
      expect(local.stderr).toBe('')
      const refused = await run(process.execPath, [
        cliPath,
        'project',
        'create',
        '--name',
        'W',
        '--origin',
        'https://*.vercel.app',
        ...db,
      ]).catch((error: { stderr: string; code: number }) => error)
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('add each origin exactly') })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('given `latch-server project set-recovery-hold`', () => {
  it('when a project sets a hold of whole hours, then it is stored and said; a hold out of 0-720 or of no project is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'latch-cli-hold-'))
    const sqliteFile = join(dir, 'db.sqlite')
    const cli = cliOn(sqliteFile)
    try {
      await cli('project', 'create', '--name', 'Held', '--origin', 'https://held.example', '--id', 'held')
      await cli('project', 'set-recovery', 'held', 'server')
      expect(await cli('project', 'set-recovery-hold', 'held', '6')).toMatchObject({
        code: 0,
        out: expect.stringContaining('waits 6 h'),
      })
      for (const [args, message] of [
        [['held', '721'], 'from 0 to 720'],
        [['held', '1.5'], 'whole number of hours'],
        [['nobody', '2'], 'No project "nobody"'],
      ] as const) {
        const failed = await cli('project', 'set-recovery-hold', ...args)
        expect(failed.code, args.join(' ')).not.toBe(0)
        expect(failed.err, args.join(' ')).toContain(message)
      }
      const { openRepository } = await import('../storage/open.js')
      const repository = await openRepository({ sqliteFile })
      expect(await repository.embedded.getRecoveryHold('held')).toBe(6)
      await repository.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('given `latch-server project set-social ID farcaster`', () => {
  it('when given an OP Mainnet RPC URL, then it is stored and the relay named; without --rpc-url it is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'latch-cli-farcaster-'))
    const sqliteFile = join(dir, 'db.sqlite')
    const cli = cliOn(sqliteFile)
    try {
      await cli('project', 'create', '--name', 'Cast', '--origin', 'https://cast.example', '--id', 'cast')
      expect(
        await cli('project', 'set-social', 'cast', 'farcaster', '--rpc-url', 'https://opt.example/key'),
      ).toMatchObject({ code: 0, out: expect.stringContaining('the relay is this server') })
      const refused = await cli('project', 'set-social', 'cast', 'farcaster')
      expect(refused.code).not.toBe(0)
      expect(refused.err).toContain('--rpc-url is required for farcaster')
      const { openRepository } = await import('../storage/open.js')
      const repository = await openRepository({ sqliteFile })
      expect((await repository.social.getClient('cast', 'farcaster'))?.issuer).toBe('https://opt.example/key')
      await repository.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
