import { Writable } from 'node:stream'
import {
  type AnvilInstance,
  deployAccountAbstraction,
  deployTestContractAccounts,
  LOCAL_ACCOUNT_ABSTRACTION,
  latchSmartAccountFactoryAbi,
  startAnvil,
  TEST_ACCOUNTS,
  TEST_CONTRACT_ACCOUNTS,
  type TestContractAccount,
} from '@latch/testkit'
import type { FastifyInstance } from 'fastify'
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import {
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  publicActions,
  serializeErc6492Signature,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hashMessage as erc7739HashMessage } from 'viem/experimental/erc7739'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../app.js'
import { setRpcUrl } from '../cli/commands.js'
import { createPostgresLimitStore } from '../limits/postgres.js'
import { openRepository } from '../storage/open.js'
import { openPostgresDriver } from '../storage/postgres.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, openTestRepository, startTestServer } from '../test/backends.js'
import { rotateSigningKey, sessionTokenType } from './keys.js'

const origin = 'https://app.example.com'
const account = privateKeyToAccount(generatePrivateKey())
// A chain with an RPC URL set (a closed port: only a contract account's check would call it).
const chainId = 31337
const deadRpc = 'http://127.0.0.1:9/'

async function api(
  base: string,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}projectId=${demoProject.id}`, {
    ...init,
    headers: { origin, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

async function signedMessage(
  base: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  signer = account,
) {
  const { body } = await api(base, '/siwx/v1/nonce')
  const message = createSiweMessage({
    domain: 'app.example.com',
    address: signer.address,
    uri: `${origin}/login`,
    version: '1',
    chainId,
    nonce: body.nonce as string,
    issuedAt: new Date(),
    statement: 'Sign in to the demo.',
    ...overrides,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

const signIn = (base: string, payload: { message: string; signature: string }, headers = {}) =>
  api(base, '/siwx/v1/sessions', { method: 'POST', body: JSON.stringify(payload), headers })

describe.each(backends)('given sign-in on %s', (backend) => {
  let base: string
  let repository: Repository
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ base, repository, close } = await startTestServer(backend))
    await repository.siwx.setRpcUrl(demoProject.id, `eip155:${chainId}`, deadRpc)
  })
  afterAll(() => close())

  it('when a wallet signs a fresh message, then a session token verifiable with the JWKS is issued', async () => {
    const { status, body } = await signIn(base, await signedMessage(base))
    expect(status).toBe(200)
    const token = body.token as string
    expect(decodeProtectedHeader(token).typ).toBe(sessionTokenType)
    // As an app's backend does it (README): any JOSE library and the public JWKS.
    const jwks = createRemoteJWKSet(new URL(`${base}/siwx/v1/jwks`))
    const { payload } = await jwtVerify(token, jwks, {
      audience: demoProject.id,
      typ: 'latch-siwx+jwt',
      algorithms: ['ES256'],
    })
    expect(payload.sub).toBe(`eip155:${chainId}:${account.address}`)
    // Default lifetime: one day.
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(24 * 60 * 60)
    // The private part never leaves the server.
    expect(await (await fetch(`${base}/siwx/v1/jwks`)).text()).not.toContain('"d"')
    expect(body.session).toMatchObject({
      address: account.address,
      chainId: `eip155:${chainId}`,
      signatureType: 'eip191',
    })
  })

  it('when the same signed message is sent twice, then the replay is refused', async () => {
    const signed = await signedMessage(base)
    expect((await signIn(base, signed)).status).toBe(200)
    const replay = await signIn(base, signed)
    expect(replay).toEqual({
      status: 400,
      body: { error: 'invalid_nonce', message: 'The nonce is unknown, expired or already used' },
    })
  })

  it('when the nonce was never issued, then the message is refused', async () => {
    const message = createSiweMessage({
      domain: 'app.example.com',
      address: account.address,
      uri: `${origin}/login`,
      version: '1',
      chainId,
      nonce: 'madeup1234567890',
      issuedAt: new Date(),
    })
    const { body } = await signIn(base, { message, signature: await account.signMessage({ message }) })
    expect(body.error).toBe('invalid_nonce')
  })

  it('when the message has expired or is issued in the future, then it is refused', async () => {
    const expired = await signIn(
      base,
      await signedMessage(base, { expirationTime: new Date(Date.now() - 1000) }),
    )
    expect(expired.body).toEqual({ error: 'expired', message: 'The sign-in message has expired' })
    const future = await signIn(
      base,
      await signedMessage(base, { issuedAt: new Date(Date.now() + 3_600_000) }),
    )
    expect(future.body).toEqual({
      error: 'not_yet_valid',
      message: 'The sign-in message is issued in the future',
    })
    const notBefore = await signIn(
      base,
      await signedMessage(base, { notBefore: new Date(Date.now() + 3_600_000) }),
    )
    expect(notBefore.body.error).toBe('not_yet_valid')
  })

  it('when the message names another domain or origin, or the page is not allowed, then it is refused', async () => {
    const domain = await signIn(base, await signedMessage(base, { domain: 'evil.example.org' }))
    expect(domain.body).toEqual({
      error: 'foreign_domain',
      message: 'The sign-in message is for evil.example.org, not for app.example.com',
    })
    const uri = await signIn(base, await signedMessage(base, { uri: 'https://evil.example.org/login' }))
    expect(uri.body.error).toBe('foreign_domain')
    // An allowed origin, but not the one the message was made for.
    const other = await signIn(base, await signedMessage(base), { origin: 'https://x.preview.example.com' })
    expect(other.body.error).toBe('foreign_domain')
    const refused = await signIn(base, await signedMessage(base), { origin: 'https://evil.example.org' })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe('origin_not_allowed')
  })

  it('when an operator sets a chain RPC URL, then bad chains and URLs are refused and the URL is not echoed', async () => {
    await expect(setRpcUrl(repository, demoProject.id, 'solana:abc', 'https://x.example')).rejects.toThrow(
      'is not a CAIP-2 chain id',
    )
    await expect(setRpcUrl(repository, demoProject.id, 'cosmos:hub', 'https://x.example')).rejects.toThrow(
      'is not a CAIP-2 chain id',
    )
    await expect(setRpcUrl(repository, demoProject.id, 'eip155:1', 'ftp://x')).rejects.toThrow(
      'must start with https://',
    )
    await expect(setRpcUrl(repository, 'nope', 'eip155:1', 'https://x.example')).rejects.toThrow(
      'No project with id',
    )
    expect(await setRpcUrl(repository, demoProject.id, 'eip155:5', 'https://rpc.example/key-123')).toBe(
      `${demoProject.id} eip155:5: https://rpc.example`,
    )
    expect(await repository.siwx.getRpcUrl(demoProject.id, 'eip155:5')).toBe('https://rpc.example/key-123')
    // A Solana cluster, for the embedded wallet's frame.
    const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    expect(await setRpcUrl(repository, demoProject.id, devnet, 'https://sol.example/k')).toBe(
      `${demoProject.id} ${devnet}: https://sol.example`,
    )
    expect(await repository.siwx.getRpcUrl(demoProject.id, devnet)).toBe('https://sol.example/k')
  })

  it('when the chain has no RPC URL for the project, then it is refused with the spec message', async () => {
    const { body } = await signIn(base, await signedMessage(base, { chainId: 999 }))
    expect(body).toEqual({
      error: 'unsupported_chain',
      message: 'No RPC url provided for chainId: eip155:999',
    })
  })

  it('when the signature is tampered with or made by another key, then it is refused', async () => {
    const signed = await signedMessage(base)
    const flipped = `${signed.signature.slice(0, 10)}${signed.signature[10] === 'a' ? 'b' : 'a'}${signed.signature.slice(11)}`
    const tampered = await signIn(base, { ...signed, signature: flipped })
    expect(tampered.body).toEqual({
      error: 'invalid_signature',
      message: 'The signature does not match the address',
    })
    const other = privateKeyToAccount(generatePrivateKey())
    const forged = await signedMessage(base)
    const byOther = await signIn(base, {
      ...forged,
      signature: await other.signMessage({ message: forged.message }),
    })
    expect(byOther.body.error).toBe('invalid_signature')
    const garbage = await signIn(base, { ...signed, signature: 'not hex' })
    expect(garbage.status).toBe(400)
    // The refused attempt did not spend the nonce: the genuine signature still signs in.
    expect((await signIn(base, forged)).status).toBe(200)
  })

  it('when a session is listed, revoked and introspected, then revocation shows at once', async () => {
    const { body } = await signIn(base, await signedMessage(base))
    const token = body.token as string
    const auth = { authorization: `Bearer ${token}` }
    const listed = await api(base, '/siwx/v1/sessions', { headers: auth })
    expect((listed.body.sessions as { id: string }[]).map((s) => s.id)).toContain(
      (body.session as { id: string }).id,
    )
    const active = await api(base, '/siwx/v1/introspect', { method: 'POST', body: JSON.stringify({ token }) })
    expect(active.body).toMatchObject({
      active: true,
      sub: `eip155:${chainId}:${account.address}`,
      aud: demoProject.id,
    })
    const id = (body.session as { id: string }).id
    expect((await api(base, `/siwx/v1/sessions/${id}`, { method: 'DELETE', headers: auth })).status).toBe(204)
    const after = await api(base, '/siwx/v1/introspect', { method: 'POST', body: JSON.stringify({ token }) })
    expect(after.body).toEqual({ active: false })
    expect((await api(base, '/siwx/v1/sessions', { headers: auth })).status).toBe(401)
    expect((await api(base, '/siwx/v1/sessions')).status).toBe(401)
  })

  it('when the key is rotated, then new tokens use the new key and the previous one stays published', async () => {
    const before = (await signIn(base, await signedMessage(base))).body.token as string
    const kid = await rotateSigningKey(repository.siwx)
    const after = (await signIn(base, await signedMessage(base))).body.token as string
    expect(decodeProtectedHeader(after).kid).toBe(kid)
    expect(decodeProtectedHeader(before).kid).not.toBe(kid)
    const jwks = createLocalJWKSet((await (await fetch(`${base}/siwx/v1/jwks`)).json()) as { keys: [] })
    for (const token of [before, after])
      await expect(jwtVerify(token, jwks, { audience: demoProject.id })).resolves.toBeTruthy()
    const active = await api(base, '/siwx/v1/introspect', {
      method: 'POST',
      body: JSON.stringify({ token: before }),
    })
    expect(active.body.active).toBe(true)
  })
})

describe('given sign-in on a server logging at trace level', () => {
  it('then neither the session token, the signature nor the signing key appears in the logs', async () => {
    let logs = ''
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString()
        done()
      },
    })
    const { base, repository, close } = await startTestServer('sqlite', {
      logger: { level: 'trace', stream },
    })
    try {
      await repository.siwx.setRpcUrl(demoProject.id, `eip155:${chainId}`, deadRpc)
      const signed = await signedMessage(base)
      const { body } = await signIn(base, signed)
      const token = body.token as string
      await api(base, '/siwx/v1/sessions', { headers: { authorization: `Bearer ${token}` } })
      await api(base, '/siwx/v1/introspect', { method: 'POST', body: JSON.stringify({ token }) })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(logs).toContain('/siwx/v1/introspect')
      expect(logs).not.toContain(token)
      expect(logs).not.toContain(token.split('.')[2])
      expect(logs).not.toContain(signed.signature.slice(2, 40))
      const [key] = await repository.siwx.listSigningKeys()
      expect(logs).not.toContain((JSON.parse(key!.privateJwk) as { d: string }).d)
    } finally {
      await close()
    }
  })
})

describe('given two instances on one PostgreSQL', () => {
  const apps: FastifyInstance[] = []
  const bases: string[] = []
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const db = await openTestRepository('postgres')
    await db.repository.createProject(demoProject)
    await db.repository.siwx.setRpcUrl(demoProject.id, `eip155:${chainId}`, deadRpc)
    const closers: (() => Promise<void>)[] = []
    for (let i = 0; i < 2; i++) {
      const repository = await openRepository({ databaseUrl: db.databaseUrl })
      const driver = openPostgresDriver(db.databaseUrl!, { max: 2 })
      const app = await createServer({
        repository,
        logger: false,
        rateLimit: false,
        projectCacheMs: 0,
        limitStore: createPostgresLimitStore(driver),
      })
      bases.push(await app.listen({ host: '127.0.0.1', port: 0 }))
      apps.push(app)
      closers.push(async () => {
        await app.close()
        await driver.close()
        await repository.close()
      })
    }
    cleanup = async () => {
      for (const close of closers) await close()
      await db.cleanup()
    }
  })
  afterAll(() => cleanup())

  it('when one signed message reaches both at once, then exactly one signs in', async () => {
    for (let round = 0; round < 5; round++) {
      const signed = await signedMessage(bases[0]!)
      const results = await Promise.all(bases.map((base) => signIn(base, signed)))
      expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    }
  })
})

describe('given ERC-1271 contract accounts on a local chain', () => {
  let chain: AnvilInstance
  let base: string
  let close: () => Promise<void>
  const [mine, foreign] = TEST_CONTRACT_ACCOUNTS as [TestContractAccount, TestContractAccount]
  const owner = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey)
  beforeAll(async () => {
    chain = await startAnvil({ chainId: 31337 })
    await Promise.all([deployTestContractAccounts(chain.rpcUrl), deployAccountAbstraction(chain.rpcUrl)])
    let repository: Repository
    ;({ base, repository, close } = await startTestServer('sqlite'))
    await repository.siwx.setRpcUrl(demoProject.id, `eip155:${chainId}`, chain.rpcUrl)
  }, 60_000)
  afterAll(async () => {
    await close?.()
    await chain?.stop()
  })

  /** A message for the contract account, signed by the owner key (what its wallet does). */
  async function signedForContract(contract: `0x${string}`) {
    const { body } = await api(base, '/siwx/v1/nonce')
    const message = createSiweMessage({
      domain: 'app.example.com',
      address: contract,
      uri: `${origin}/login`,
      version: '1',
      chainId,
      nonce: body.nonce as string,
      issuedAt: new Date(),
    })
    return { message, signature: await owner.signMessage({ message }) }
  }

  it('when the owner signs for its contract account, then the server asks the contract (eip1271) and signs it in', async () => {
    const { status, body } = await signIn(base, await signedForContract(mine.address))
    expect(status).toBe(200)
    expect(body.session).toMatchObject({
      address: mine.address,
      chainId: `eip155:${chainId}`,
      signatureType: 'eip1271',
    })
  })

  it('when the contract answers anything but the magic value, then sign-in is refused and says so', async () => {
    // The key owns another contract account: this one's isValidSignature answers 0xffffffff.
    const signed = await signedForContract(foreign.address)
    const { status, body } = await signIn(base, signed)
    expect(status).toBe(400)
    expect(body).toEqual({
      error: 'invalid_signature',
      message: `The contract account ${foreign.address} did not accept the signature (isValidSignature returned 0xffffffff, not 0x1626ba7e)`,
    })
    // An address with no contract and a signature it did not make: no contract to ask.
    const eoa = await signedForContract(TEST_ACCOUNTS[4]!.address)
    expect((await signIn(base, eoa)).body).toEqual({
      error: 'invalid_signature',
      message: 'The signature does not match the address',
    })
  })

  it('when the embedded wallet’s smart account signs in before it exists (ERC-6492) and after (ERC-1271), then both sign in, and another key’s signature does not', async () => {
    const { smartAccountFactory: factory } = LOCAL_ACCOUNT_ABSTRACTION
    const local = defineChain({
      id: chainId,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    const wallet = createWalletClient({ account: owner, chain: local, transport: http(chain.rpcUrl) }).extend(
      publicActions,
    )
    const read = { address: factory, abi: latchSmartAccountFactoryAbi } as const
    const smart = await wallet.readContract({
      ...read,
      functionName: 'getAddress',
      args: [owner.address, 0n],
    })
    const createAccount = encodeFunctionData({
      ...read,
      functionName: 'createAccount',
      args: [owner.address, 0n],
    })
    // What the frame signs: the message nested in the account's EIP-712 domain (ERC-7739).
    const signed = async (key = owner, wrapped = true) => {
      const { body } = await api(base, '/siwx/v1/nonce')
      const message = createSiweMessage({
        domain: 'app.example.com',
        address: smart,
        uri: `${origin}/login`,
        version: '1',
        chainId,
        nonce: body.nonce as string,
        issuedAt: new Date(),
      })
      const verifierDomain = { name: 'Latch Smart Account', version: '1', chainId, verifyingContract: smart }
      const signature = await key.sign({ hash: erc7739HashMessage({ message, verifierDomain }) })
      return {
        message,
        signature: wrapped
          ? serializeErc6492Signature({ address: factory, data: createAccount, signature })
          : signature,
      }
    }
    expect(await wallet.getCode({ address: smart })).toBeUndefined()
    const early = await signIn(base, await signed())
    expect(early.status).toBe(200)
    expect(early.body.session).toMatchObject({ address: smart, signatureType: 'eip1271' })
    expect((await signIn(base, await signed(privateKeyToAccount(generatePrivateKey())))).body).toEqual({
      error: 'invalid_signature',
      message: `The contract account ${smart} did not accept the signature (ERC-6492: the account its factory creates does not sign it)`,
    })
    // Nothing was deployed by the checks: they are simulations.
    expect(await wallet.getCode({ address: smart })).toBeUndefined()

    const hash = await wallet.sendTransaction({ to: factory, data: createAccount })
    expect((await wallet.waitForTransactionReceipt({ hash })).status).toBe('success')
    const later = await signIn(base, await signed(owner, false))
    expect(later.status).toBe(200)
    expect(later.body.session).toMatchObject({ address: smart, signatureType: 'eip1271' })
    // The owner key's own signature of the message is not the account's.
    const plain = await signedForContract(smart)
    expect((await signIn(base, plain)).body).toMatchObject({ error: 'invalid_signature' })
  })
})
