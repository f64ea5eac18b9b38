import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import {
  type AnvilInstance,
  farcasterClient,
  registerFarcasterIds,
  startAnvil,
  TEST_ACCOUNTS,
} from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSocial } from '../cli/social.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { devicePublicKey, embeddedPost, subOf } from '../test/social.js'
import { sha256 } from './codes.js'

const secretKey = 's'.repeat(40)
const origin = 'https://app.example.com'
const [aliceAccount, bobAccount, , , , strangerAccount] = TEST_ACCOUNTS as [
  (typeof TEST_ACCOUNTS)[0],
  (typeof TEST_ACCOUNTS)[0],
  unknown,
  unknown,
  unknown,
  (typeof TEST_ACCOUNTS)[0],
]
const alice = farcasterClient({ custodyKey: aliceAccount.privateKey, fid: 1234, username: 'alice' })
const bob = farcasterClient({ custodyKey: bobAccount.privateKey, fid: 5678, username: 'bob.eth' })

let chain: AnvilInstance
beforeAll(async () => {
  chain = await startAnvil({ chainId: 10 })
  await registerFarcasterIds(chain.rpcUrl, [
    { fid: alice.fid, custody: alice.custody },
    { fid: bob.fid, custody: bob.custody },
  ])
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

describe.each(backends)('given Sign In With Farcaster on %s, verified against a local chain', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let frameDir: string
  const post = embeddedPost(() => server.base)
  const relay = () => `${server.base}/farcaster/v1/channel`
  const configure = (rpcUrl = chain.rpcUrl) =>
    setSocial(server.repository, secretKey, {
      id: demoProject.id,
      provider: 'farcaster',
      issuer: undefined,
      clientId: undefined,
      clientSecret: undefined,
      rpcUrl,
    })
  async function start() {
    const started = await post('social/start', { provider: 'farcaster', origin })
    expect(started.status).toBe(200)
    const { attemptId, url } = (await started.json()) as { attemptId: string; url: string }
    return { attemptId, url, token: new URL(url).searchParams.get('channelToken') ?? '' }
  }
  const finish = async (attemptId: string) =>
    post('social/finish', { attemptId, origin, devicePublicKey: await devicePublicKey() })
  const status = (token: string | undefined) =>
    fetch(`${relay()}/status`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })
  const authenticate = (token: string, body: string) =>
    fetch(`${relay()}/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    })
  /** The attempt ended as refused: the frame is told `social_invalid` and no account was named. */
  async function refused(attemptId: string) {
    const done = await finish(attemptId)
    expect(done.status).toBe(400)
    expect(await done.json()).toMatchObject({ error: 'social_invalid' })
    const attempt = await server.repository.social.getAttempt(sha256(attemptId))
    expect(attempt).toMatchObject({ status: 'failed', subject: null, username: null })
  }

  beforeAll(async () => {
    frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-'))
    await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
    server = await startTestServer(backend, {
      embedded: { secretKey, frameDir, limits: { ipChecks: 1000, ipLogins: 1000 } },
    })
    await server.repository.updateProject(demoProject.id, {
      features: { social_login: { isEnabled: true, config: ['email', 'farcaster'] } },
    })
    await configure()
  })
  afterAll(async () => {
    await server?.close()
    await rm(frameDir, { recursive: true, force: true })
  })

  it('when a login starts, then its URL is the public relay shape with this server as the relay', async () => {
    const { url, token } = await start()
    const parsed = new URL(url)
    expect(`${parsed.origin}${parsed.pathname}`).toBe('https://farcaster.xyz/~/siwf')
    expect([...parsed.searchParams.keys()]).toEqual(['channelToken', 'relay'])
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(parsed.searchParams.get('relay')).toBe(`${server.base}/farcaster`)
  })

  it('when the project names its own Farcaster client page, then the link opens there, the relay still this server, and the client signs in through it', async () => {
    await setSocial(server.repository, secretKey, {
      id: demoProject.id,
      provider: 'farcaster',
      issuer: undefined,
      clientId: undefined,
      clientSecret: undefined,
      rpcUrl: chain.rpcUrl,
      clientUrl: 'http://127.0.0.1:8570/~/siwf',
    })
    try {
      const { url, attemptId } = await start()
      const parsed = new URL(url)
      expect(`${parsed.origin}${parsed.pathname}`).toBe('http://127.0.0.1:8570/~/siwf')
      expect(parsed.searchParams.get('relay')).toBe(`${server.base}/farcaster`)
      expect((await alice.approve(url)).status).toBe(200)
      expect((await finish(attemptId)).status).toBe(200)
    } finally {
      await configure()
    }
  })

  it('when the Farcaster client approves, then the frame gets a session with the username, and a second login opens the same account', async () => {
    const first = await start()
    expect((await finish(first.attemptId)).status).toBe(202)
    const approval = await alice.approve(first.url)
    expect(approval).toMatchObject({
      status: 200,
      body: { state: 'completed', fid: 1234, username: 'alice' },
    })
    expect(approval.message).toContain('app.example.com wants you to sign in with your Ethereum account:')
    expect(await (await status(first.token)).json()).toMatchObject({ state: 'completed', fid: 1234 })
    const done = await finish(first.attemptId)
    expect(done.status).toBe(200)
    const { token, ...shown } = (await done.json()) as { token: string; provider: string; username: string }
    expect(shown).toMatchObject({ provider: 'farcaster', username: 'alice' })
    const user = await server.repository.embedded.getUser(subOf(token))
    // No email: the account is the fid's own, under a name no email login reaches.
    expect(user?.email).toBe(`social:farcaster:${sha256('1234')}`)
    const again = await start()
    await alice.approve(again.url)
    const second = (await (await finish(again.attemptId)).json()) as { token: string }
    expect(subOf(second.token)).toBe(subOf(token))
    const other = await start()
    await bob.approve(other.url)
    const third = (await (await finish(other.attemptId)).json()) as { token: string; username: string }
    expect(third.username).toBe('bob.eth')
    expect(subOf(third.token)).not.toBe(subOf(token))
  })

  it("when an app reads the channel with @farcaster/auth-client, then it sees the relay's shape", async () => {
    const { token, url } = await start()
    const app = createAppClient({
      relay: new URL(url).searchParams.get('relay') ?? '',
      ethereum: viemConnector({ rpcUrl: chain.rpcUrl }),
    })
    const pending = await app.status({ channelToken: token })
    expect(pending.isError).toBe(false)
    expect(pending.data).toMatchObject({
      state: 'pending',
      url,
      signatureParams: { domain: 'app.example.com', siweUri: origin },
      acceptAuthAddress: false,
    })
    expect(pending.data?.nonce).toMatch(/^[a-f0-9]{32}$/)
  })

  it.each([
    ['a message for another domain', { domain: 'evil.example.com' }],
    ['a message for another URI', { uri: 'https://evil.example.com' }],
    ['a wrong nonce', { nonce: 'abcdef0123456789abcdef0123456789' }],
    ['an expired message', { expirationTime: new Date(Date.now() - 60_000) }],
    ["a signature by another key than the custody address's", { signWith: bobAccount.privateKey }],
  ] as const)(
    'when the client posts %s, then the attempt fails with social_invalid and no account is made',
    async (_, overrides) => {
      const { attemptId, url, token } = await start()
      const approval = await alice.approve(url, overrides)
      expect(approval).toMatchObject({ status: 400, body: { error: 'social_invalid' } })
      await refused(attemptId)
      expect(await (await status(token)).json()).toMatchObject({ error: 'social_invalid' })
    },
  )

  it.each([
    // An address the IdRegistry knows no fid of, signing for Alice's fid.
    ['a key that holds no fid signs for a fid', strangerAccount.privateKey, 1234, undefined],
    // Alice's custody key signing (and posting) Bob's fid.
    ['a custody address signs for a fid it does not own', aliceAccount.privateKey, 5678, undefined],
    // Alice signs her own fid, and the body claims Bob's.
    ['the posted fid is not the signed one', aliceAccount.privateKey, 5678, 1234],
  ] as const)(
    'when %s, then the attempt fails with social_invalid and no account is made',
    async (_, custodyKey, fid, messageFid) => {
      const client = farcasterClient({ custodyKey, fid, username: 'mallory' })
      const { attemptId, url } = await start()
      const approval = await client.approve(url, messageFid === undefined ? {} : { messageFid })
      expect(approval).toMatchObject({ status: 400, body: { error: 'social_invalid' } })
      await refused(attemptId)
    },
  )

  it('when an answered channel is answered again, then it is refused and the first outcome stands', async () => {
    const done = await start()
    expect((await alice.approve(done.url)).status).toBe(200)
    expect(await bob.approve(done.url)).toMatchObject({ status: 409, body: { error: 'channel_used' } })
    expect(await (await finish(done.attemptId)).json()).toMatchObject({ status: 'done', username: 'alice' })
    const failed = await start()
    expect((await alice.approve(failed.url, { nonce: 'abcdef0123456789' })).status).toBe(400)
    expect(
      await alice.approve(failed.url, { body: { message: 'x', signature: `0x${'ab'.repeat(65)}`, fid: 1 } }),
    ).toMatchObject({
      status: 409,
    })
    await refused(failed.attemptId)
  })

  it('when the channel token is unknown, missing, malformed or expired, then the relay answers 401', async () => {
    const unknown = 'A'.repeat(43)
    for (const response of [
      await status(unknown),
      await status(undefined),
      await status('not a token'),
      await authenticate(
        unknown,
        JSON.stringify({ message: 'x', signature: `0x${'ab'.repeat(65)}`, fid: 1 }),
      ),
    ]) {
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: 'invalid_channel' })
    }
    const expiredToken = 'E'.repeat(43)
    await server.repository.social.insertAttempt({
      id: sha256('expired-attempt'),
      stateId: sha256(expiredToken),
      projectId: demoProject.id,
      provider: 'farcaster',
      origin,
      deviceId: null,
      nonce: 'abcdef0123456789',
      codeVerifier: '',
      status: 'pending',
      subject: null,
      email: null,
      emailVerified: false,
      error: null,
      userAgent: 'test',
      createdAt: new Date().toISOString(),
      expiresAt: Date.now() - 1,
    })
    expect((await status(expiredToken)).status).toBe(401)
    expect(
      (
        await alice.approve(
          `https://farcaster.xyz/~/siwf?channelToken=${expiredToken}&relay=${server.base}/farcaster`,
          { body: { message: 'x', signature: `0x${'ab'.repeat(65)}`, fid: 1 } },
        )
      ).status,
    ).toBe(401)
  })

  it('when the body is malformed or oversized, then it is refused with a 4xx, the channel stays open and a good answer still signs in', async () => {
    const { attemptId, url, token } = await start()
    const good = { message: 'x', signature: `0x${'ab'.repeat(65)}`, fid: 1234 }
    const bodies = [
      JSON.stringify({ ...good, message: 'x'.repeat(20_000) }),
      JSON.stringify({ ...good, signature: `0x${'zz'.repeat(65)}` }),
      JSON.stringify({ ...good, signature: 'ab'.repeat(65) }),
      JSON.stringify({ ...good, signature: '0x1234' }),
      JSON.stringify({ ...good, fid: 0 }),
      JSON.stringify({ ...good, fid: 'alice' }),
      JSON.stringify({ ...good, fid: 2 ** 60 }),
      JSON.stringify({ ...good, username: 'Not <A> Name' }),
      JSON.stringify({ signature: good.signature, fid: 1234 }),
      '{"message": ',
    ]
    for (const body of bodies) {
      const response = await authenticate(token, body)
      expect([400, 413]).toContain(response.status)
    }
    expect((await authenticate(token, JSON.stringify({ ...good, bio: 'b'.repeat(17_000) }))).status).toBe(413)
    expect((await finish(attemptId)).status).toBe(202)
    expect((await alice.approve(url)).status).toBe(200)
    expect((await finish(attemptId)).status).toBe(200)
  })

  it('when the channel token is sent to the OAuth callback as a state, then it is refused and the channel stays open', async () => {
    const { attemptId, url, token } = await start()
    const callback = await fetch(`${server.base}/embedded/v1/social/callback?state=${token}&code=x`)
    expect(callback.status).toBe(400)
    expect((await alice.approve(url)).status).toBe(200)
    expect((await finish(attemptId)).status).toBe(200)
  })

  it('when the RPC does not answer, then the attempt fails as unavailable and no account is made', async () => {
    await configure('http://127.0.0.1:9')
    try {
      const { attemptId, url } = await start()
      expect(await alice.approve(url)).toMatchObject({ status: 503, body: { error: 'provider_unavailable' } })
      expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'provider_unavailable' })
      expect((await server.repository.social.getAttempt(sha256(attemptId)))?.subject).toBeNull()
    } finally {
      await configure()
    }
  })

  it('when Farcaster is not listed in social_login, or has no RPC set, then no channel is opened', async () => {
    try {
      await server.repository.updateProject(demoProject.id, {
        features: { social_login: { isEnabled: true, config: ['email'] } },
      })
      const off = await post('social/start', { provider: 'farcaster', origin })
      expect(off.status).toBe(403)
      expect(await off.json()).toMatchObject({ error: 'social_disabled' })
      await server.repository.createProject({ id: 'no-farcaster', name: 'No RPC', allowedOrigins: [origin] })
      await server.repository.updateProject('no-farcaster', {
        features: { social_login: { isEnabled: true, config: ['farcaster'] } },
      })
      const unset = await fetch(`${server.base}/embedded/v1/social/start?projectId=no-farcaster`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'farcaster', origin }),
      })
      expect(unset.status).toBe(404)
      expect(await unset.json()).toMatchObject({ error: 'social_unavailable' })
    } finally {
      await server.repository.updateProject(demoProject.id, {
        features: { social_login: { isEnabled: true, config: ['email', 'farcaster'] } },
      })
    }
  })

  it('when set-social farcaster is given no RPC URL, a bad one, or OAuth options, then it is refused', async () => {
    const input = {
      id: demoProject.id,
      provider: 'farcaster',
      issuer: undefined,
      clientId: undefined,
      clientSecret: undefined,
    }
    const refusedWith = (extra: Record<string, string>, message: string) =>
      expect(setSocial(server.repository, secretKey, { ...input, ...extra })).rejects.toThrow(message)
    await refusedWith({}, '--rpc-url is required for farcaster')
    await refusedWith({ rpcUrl: 'not a url' }, 'is not a URL')
    await refusedWith({ rpcUrl: 'http://rpc.example.com' }, 'The RPC URL must start with https://')
    await refusedWith({ rpcUrl: 'ws://127.0.0.1:8545' }, 'The RPC URL must start with https://')
    await refusedWith({ rpcUrl: 'https://user:pw@rpc.example.com' }, 'no user, password or fragment')
    await refusedWith({ rpcUrl: 'https://rpc.example.com', clientId: 'x' }, 'Farcaster takes no --client-id')
    await refusedWith({ rpcUrl: 'https://rpc.example.com', id: 'nope' }, 'No project with id "nope"')
    await refusedWith(
      { rpcUrl: 'https://rpc.example.com', clientUrl: 'http://client.example/siwf' },
      'The client URL must start with https://',
    )
    await refusedWith(
      { rpcUrl: 'https://rpc.example.com', clientUrl: 'https://client.example/siwf?x=1' },
      'The client URL has no query',
    )
    await expect(
      setSocial(server.repository, secretKey, {
        ...input,
        provider: 'google',
        clientId: 'c',
        clientSecret: 's',
        rpcUrl: 'https://rpc.example.com',
      }),
    ).rejects.toThrow('--rpc-url and --client-url are for farcaster only')
    expect(
      await setSocial(server.repository, secretKey, {
        ...input,
        rpcUrl: 'https://opt.example.com/v2/key123',
      }),
    ).toBe(
      'demo-project farcaster: Sign In With Farcaster verified against the OP Mainnet RPC at https://opt.example.com; the relay is this server (<public URL>/farcaster/v1)',
    )
    expect((await server.repository.social.getClient(demoProject.id, 'farcaster'))?.issuer).toBe(
      'https://opt.example.com/v2/key123',
    )
    await configure()
  })
})
