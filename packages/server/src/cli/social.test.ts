import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateDevAppleKey } from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, openTestRepository } from '../test/backends.js'
import { runCli } from './run.js'

const secretKey = 'a-32-character-test-secret-key-0123'
const services = 'com.example.shop.web'

describe.each(backends)('given the CLI on %s, a project and a Sign in with Apple key', (backend) => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  let dir: string
  let cli: (...args: string[]) => Promise<{ code: number; out: string[]; err: string[] }>
  const key = generateDevAppleKey()
  const file = (name: string) => join(dir, name)
  beforeAll(async () => {
    db = await openTestRepository(backend)
    dir = await mkdtemp(join(tmpdir(), 'latch-apple-cli-'))
    await db.repository.createProject({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
    await db.repository.createProject({ id: 'other', name: 'Other', allowedOrigins: ['https://o.example'] })
    const pkcs8 = { format: 'pem', type: 'pkcs8' } as const
    await writeFile(file('AuthKey.p8'), key.privateKeyPem)
    await writeFile(file('notes.txt'), 'not a key')
    await writeFile(
      file('rsa.pem'),
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export(pkcs8),
    )
    await writeFile(
      file('p384.pem'),
      generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export(pkcs8),
    )
    await writeFile(
      file('public.pem'),
      generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({
        format: 'pem',
        type: 'spki',
      }),
    )
    await writeFile(
      file('encrypted.p8'),
      generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
        ...pkcs8,
        cipher: 'aes-256-cbc',
        passphrase: 'pass',
      }),
    )
    await writeFile(file('large.p8'), `${key.privateKeyPem}${'#'.repeat(5000)}`)
    const storage = db.databaseUrl ? ['--database-url', db.databaseUrl] : ['--db', db.sqliteFile ?? '']
    cli = async (...args) => {
      const out: string[] = []
      const err: string[] = []
      const code = await runCli([...args, ...storage], {
        env: { LATCH_SECRET_KEY: secretKey },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      })
      return { code, out, err }
    }
  })
  afterAll(async () => {
    await db.cleanup()
    await rm(dir, { recursive: true, force: true })
  })

  const apple = (...change: string[]) => {
    const flags = new Map([
      ['--client-id', services],
      ['--team-id', key.teamId],
      ['--key-id', key.keyId],
      ['--private-key-file', file('AuthKey.p8')],
    ])
    for (let i = 0; i < change.length; i += 2) {
      const [flag = '', value = ''] = [change[i], change[i + 1]]
      if (value === '-') flags.delete(flag)
      else flags.set(flag, value)
    }
    return cli('project', 'set-social', 'other', 'apple', ...[...flags].flat())
  }

  it('when the operator sets Apple with the team id, key id and .p8 file, then it is stored (the key sealed) and the key is not echoed', async () => {
    const set = await cli(
      'project',
      'set-social',
      'shop',
      'apple',
      '--client-id',
      services,
      '--team-id',
      key.teamId,
      '--key-id',
      key.keyId,
      '--private-key-file',
      file('AuthKey.p8'),
    )
    expect(set).toEqual({
      code: 0,
      out: [
        `shop apple: client ${services} (team ${key.teamId}, key ${key.keyId}) at https://appleid.apple.com; its redirect URI is <public URL>/embedded/v1/social/callback`,
      ],
      err: [],
    })
    const stored = await db.repository.social.getClient('shop', 'apple')
    expect(stored).toMatchObject({ clientId: services, issuer: 'https://appleid.apple.com' })
    expect(stored?.clientSecret).not.toContain('PRIVATE KEY')
    expect(stored?.clientSecret).not.toContain(key.privateKeyPem.split('\n')[1]?.slice(0, 30))
  })

  it('when a flag is missing or wrong, then a clear message, exit 1, and nothing stored', async () => {
    const cases: [string[], string][] = [
      [['--team-id', '-'], '--team-id is required: the 10-character Team ID'],
      [['--team-id', 'abcde12345'], '--team-id is required: the 10-character Team ID'],
      [['--team-id', 'ABCDE1234'], '--team-id is required: the 10-character Team ID'],
      [['--key-id', '-'], '--key-id is required: the 10-character Key ID'],
      [['--key-id', 'KEY-ID-123'], '--key-id is required: the 10-character Key ID'],
      [['--private-key-file', '-'], "--private-key-file is required: the key's .p8 file"],
      [
        ['--private-key-file', file('missing.p8')],
        `Cannot read --private-key-file ${file('missing.p8')}: ENOENT`,
      ],
      [['--private-key-file', dir], `Cannot read --private-key-file ${dir}: EISDIR`],
      [['--private-key-file', file('notes.txt')], 'is not an unencrypted PEM private key'],
      [['--private-key-file', file('public.pem')], 'is not an unencrypted PEM private key'],
      [['--private-key-file', file('encrypted.p8')], 'is not an unencrypted PEM private key'],
      [['--private-key-file', file('large.p8')], 'is not a .p8 key file (larger than 4096 bytes)'],
      [['--private-key-file', file('rsa.pem')], 'is not a P-256 key: Sign in with Apple keys are P-256'],
      [['--private-key-file', file('p384.pem')], 'is not a P-256 key: Sign in with Apple keys are P-256'],
      [['--client-secret', 'static'], 'Apple has no fixed client secret: give --team-id, --key-id'],
      [['--client-id', '-'], '--client-id is required'],
      [['--issuer', 'http://appleid.example'], 'The issuer must start with https://'],
    ]
    for (const [change, message] of cases) {
      const result = await apple(...change)
      expect(result.code, change.join(' ')).toBe(1)
      expect(result.err.join('\n')).toContain(message)
      // No key material in the message.
      expect(result.err.join('\n')).not.toContain('PRIVATE KEY')
    }
    expect(await db.repository.social.getClient('other', 'apple')).toBeUndefined()
  })

  it("when Apple's flags are given for another provider, then they are refused", async () => {
    const google = await cli(
      'project',
      'set-social',
      'other',
      'google',
      '--client-id',
      'x',
      '--client-secret',
      'y',
      '--team-id',
      key.teamId,
    )
    expect(google.code).toBe(1)
    expect(google.err).toEqual(['--team-id, --key-id and --private-key-file are for apple only'])
    expect(await db.repository.social.getClient('other', 'google')).toBeUndefined()
  })

  it('when the operator asks for help, then the Apple form of set-social is in it', async () => {
    const help = await cli('help')
    expect(help.out.join('\n')).toContain(
      'set-social ID apple --client-id SERVICES_ID --team-id TEAM_ID --key-id KEY_ID --private-key-file KEY.p8',
    )
  })
})
