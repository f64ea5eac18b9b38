import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../app.js'
import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import { defaultSponsorshipPolicy } from '../storage/smart-accounts.js'
import { backends, openTestRepository } from '../test/backends.js'
import { runCli } from './run.js'

const secretKey = 'a-32-character-test-secret-key-0123'
const paymaster = getAddress('0x0797ec690638ffec9dc2febdd7a42c874c554472')
const token = getAddress('0x1e39664b245b62e4b95b710dec1e6ce51c5d40bd')
const signerKey = '0xcaba368481e17555940a0295d111a444b84d54d5898cca19153687dee0309517'

describe('given the CLI on sqlite and a project', () => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  let cli: (...args: string[]) => Promise<{ code: number; out: string[]; err: string[] }>
  beforeAll(async () => {
    db = await openTestRepository('sqlite')
    await db.repository.createProject({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
    cli = async (...args) => {
      const out: string[] = []
      const err: string[] = []
      const code = await runCli([...args, '--db', db.sqliteFile ?? ''], {
        env: { LATCH_SECRET_KEY: secretKey },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      })
      return { code, out, err }
    }
  })
  afterAll(() => db.cleanup())

  it('when the operator sets a bundler URL with an API key, then it is stored sealed and only a clear error answers a bad URL', async () => {
    const url = 'https://bundler.example/v2/1/rpc?apikey=sk_live_123'
    const set = await cli('project', 'set-bundler', 'shop', 'eip155:1', url)
    expect(set.code).toBe(0)
    expect(set.out[0]).toContain('bundler at bundler.example')
    expect(set.out[0]).not.toContain('sk_live_123')
    const sealed = await db.repository.smartAccounts.getBundler('shop', 'eip155:1')
    expect(sealed).not.toContain('sk_live_123')
    const ring = new KeyRing(db.repository.embedded, secretKey)
    expect((await ring.decrypt(sealed!, atRestContext.bundlerUrl('shop', 'eip155:1'))).toString()).toBe(url)

    expect((await cli('project', 'set-bundler', 'shop', 'eip155:1', 'http://bundler.example')).err).toEqual([
      'The bundler URL must start with https:// (http:// only for a bundler on this machine)',
    ])
    expect((await cli('project', 'set-bundler', 'shop', 'solana:mainnet', url)).err).toEqual([
      'The chain must be an eip155 CAIP-2 id, e.g. eip155:1',
    ])
    expect((await cli('project', 'set-bundler', 'shop', 'eip155:1', 'none')).out).toEqual([
      'shop: no bundler on eip155:1',
    ])
    expect(await db.repository.smartAccounts.getBundler('shop', 'eip155:1')).toBeUndefined()
  })

  it('when the operator names the account factory, then the chain lists it, and a factory that is not an address is refused', async () => {
    const factory = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
    const url = 'https://bundler.example/rpc'
    expect((await cli('project', 'set-bundler', 'shop', 'eip155:10', url, '--factory', 'nope')).err).toEqual([
      "--factory must be the SimpleAccountFactory v0.7 contract's address (0x…)",
    ])
    expect(await db.repository.smartAccounts.listNetworks('shop')).toEqual([])
    const set = await cli('project', 'set-bundler', 'shop', 'eip155:10', url, '--factory', factory)
    expect(set.out[0]).toMatch(
      /smart accounts come from the factory 0x5FbDB2315678afecb367f032d93F642f64180aa3$/,
    )
    expect(await db.repository.smartAccounts.listNetworks('shop')).toEqual([
      { chainId: 'eip155:10', factory: getAddress(factory) },
    ])
    await cli('project', 'set-bundler', 'shop', 'eip155:10', 'none')
  })

  it('when the operator sets a paymaster, then sponsorship stays off until turned on with an allow-list and caps', async () => {
    expect(
      (await cli('project', 'set-sponsorship', 'shop', 'eip155:8453', 'on', '--allow', token)).err[0],
    ).toMatch(/^shop has no paymaster on eip155:8453: set one with/)
    const keyFile = join(tmpdir(), `latch-paymaster-${process.pid}.key`)
    await writeFile(keyFile, 'not a key')
    expect(
      (
        await cli(
          'project',
          'set-paymaster',
          'shop',
          'eip155:8453',
          '--address',
          paymaster,
          '--private-key-file',
          keyFile,
        )
      ).err,
    ).toEqual(['--private-key-file must hold the signer key the paymaster trusts (0x and 64 hex digits)'])
    await writeFile(keyFile, `${signerKey}\n`)
    const set = await cli(
      'project',
      'set-paymaster',
      'shop',
      'eip155:8453',
      '--address',
      paymaster,
      '--private-key-file',
      keyFile,
    )
    expect(set.out[0]).toContain('signing as 0xaA2b391CAb07Ac33aEacbEc56a0F090186cC5811')
    expect(set.out[0]).toContain('sponsorship is off')
    const stored = await db.repository.smartAccounts.getPaymaster('shop', 'eip155:8453')
    expect(stored?.sealedSignerKey).not.toContain(signerKey.slice(2))
    expect(stored?.policy.enabled).toBe(false)

    expect((await cli('project', 'set-sponsorship', 'shop', 'eip155:8453', 'on')).err).toEqual([
      'Sponsorship needs the contracts it pays calls to: --allow ADDRESS (repeatable)',
    ])
    expect(
      (
        await cli(
          'project',
          'set-sponsorship',
          'shop',
          'eip155:8453',
          'on',
          '--allow',
          token,
          '--per-user',
          'many',
        )
      ).err,
    ).toEqual(['--per-user is a whole number from 0 to 9999999'])
    const on = await cli(
      'project',
      'set-sponsorship',
      'shop',
      'eip155:8453',
      'on',
      '--allow',
      token,
      '--per-user',
      '3',
      '--per-day',
      '50',
    )
    expect(on.out).toEqual([
      `shop: sponsors user operations on eip155:8453 calling ${token}; at most 3 per account and 50 in all a day`,
    ])
    expect((await db.repository.smartAccounts.getPaymaster('shop', 'eip155:8453'))?.policy).toEqual({
      enabled: true,
      allow: [token],
      perUserDaily: 3,
      perDay: 50,
    })
  })
})

describe('given the paymaster and bundler endpoints of a project without them', () => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    db = await openTestRepository('sqlite')
    await db.repository.createProject({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
    const app = await createServer({
      repository: db.repository,
      logger: false,
      rateLimit: false,
      projectCacheMs: 0,
    })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
    close = () => app.close()
  })
  afterAll(async () => {
    await close()
    await db.cleanup()
  })

  const post = async (path: string, body: unknown) =>
    (await fetch(`${base}/aa/v1/${path}?projectId=shop&chainId=eip155:1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { id: unknown; error?: { code: number; message: string } }

  it('answers clear JSON-RPC errors: no bundler, no paymaster, a malformed call', async () => {
    expect(
      await post('bundler', { jsonrpc: '2.0', id: 'a', method: 'eth_supportedEntryPoints', params: [] }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      error: {
        code: -32002,
        message:
          'This project has no bundler on eip155:1: set one with `latch-server project set-bundler shop eip155:1 URL`',
      },
    })
    const op = {
      sender: token,
      nonce: '0x0',
      callData: '0x',
      callGasLimit: '0x1',
      verificationGasLimit: '0x1',
      preVerificationGas: '0x1',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    }
    const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
    expect(
      (
        await post('paymaster', {
          jsonrpc: '2.0',
          id: 3,
          method: 'pm_getPaymasterStubData',
          params: [op, entryPoint, '0x1', null],
        })
      ).error,
    ).toEqual({ code: -32003, message: 'Sponsorship refused: this project has no paymaster on eip155:1' })
    const wrongChain = await post('paymaster', {
      jsonrpc: '2.0',
      id: 4,
      method: 'pm_getPaymasterData',
      params: [op, entryPoint, '0x2105', null],
    })
    expect(wrongChain.error?.message).toBe("Invalid params: the chain id is not eip155:1's")
    const malformed = await post('paymaster', {
      jsonrpc: '2.0',
      id: 5,
      method: 'pm_getPaymasterData',
      params: [{ ...op, sender: 'me' }, entryPoint, '0x1', null],
    })
    expect(malformed.id).toBe(5)
    expect(malformed.error?.code).toBe(-32600)
    expect(malformed.error?.message).toMatch(/^Invalid request: /)
  })
})

describe.each(backends)('given the %s storage', (backend) => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  beforeAll(async () => {
    db = await openTestRepository(backend)
    await db.repository.createProject({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
  })
  afterAll(() => db.cleanup())

  it('when a paymaster is set again, then its policy is kept, and removing it leaves the bundler', async () => {
    const store = db.repository.smartAccounts
    await store.setBundler('shop', 'eip155:1', 'sealed-url')
    await store.setPaymaster('shop', 'eip155:1', { address: paymaster, sealedSignerKey: 'sealed-key' })
    expect(
      await store.setSponsorship('shop', 'eip155:2', { ...defaultSponsorshipPolicy, enabled: true }),
    ).toBe(false)
    const policy = { enabled: true, allow: [token], perUserDaily: 2, perDay: 9 }
    expect(await store.setSponsorship('shop', 'eip155:1', policy)).toBe(true)
    await store.setPaymaster('shop', 'eip155:1', { address: paymaster, sealedSignerKey: 'sealed-key-2' })
    expect(await store.getPaymaster('shop', 'eip155:1')).toEqual({
      address: paymaster,
      sealedSignerKey: 'sealed-key-2',
      policy,
    })
    expect(await store.getBundler('shop', 'eip155:1')).toBe('sealed-url')
    await store.setPaymaster('shop', 'eip155:1', undefined)
    expect(await store.getPaymaster('shop', 'eip155:1')).toBeUndefined()
  })
})
