import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'

// Sign-In With Solana on the server: the same routes, nonce, origin and time rules as EIP-4361,
// verified with ed25519 (no RPC URL needed).
const origin = 'https://app.example.com'
const secret = ed25519.utils.randomPrivateKey()
const address = base58.encode(ed25519.getPublicKey(secret))
const localReference = '3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN'

async function api(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}?projectId=${demoProject.id}`, {
    ...init,
    headers: { origin, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

function siws(fields: {
  nonce: string
  chainId?: string
  domain?: string
  expirationTime?: string
  signer?: string
}) {
  const lines = [
    `URI: ${origin}`,
    'Version: 1',
    `Chain ID: ${fields.chainId ?? localReference}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${new Date().toISOString()}`,
    ...(fields.expirationTime ? [`Expiration Time: ${fields.expirationTime}`] : []),
  ]
  return `${fields.domain ?? 'app.example.com'} wants you to sign in with your Solana account:\n${fields.signer ?? address}\n\nSign in to the demo.\n\n${lines.join('\n')}`
}

const sign = (message: string, key = secret) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), key))

async function nonce(base: string) {
  return (await api(base, '/siwx/v1/nonce')).body.nonce as string
}

const signIn = (base: string, payload: { message: string; signature: string }) =>
  api(base, '/siwx/v1/sessions', { method: 'POST', body: JSON.stringify(payload) })

describe.each(backends)('given Sign-In With Solana on %s', (backend) => {
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    let repository: Awaited<ReturnType<typeof startTestServer>>['repository']
    ;({ base, close, repository } = await startTestServer(backend))
    // The local cluster is one the project knows: it has an RPC URL for it.
    await repository.siwx.setRpcUrl(demoProject.id, `solana:${localReference}`, 'http://127.0.0.1:9/')
  })
  afterAll(() => close())

  it('when a Solana wallet signs a fresh message, then a session for its solana account is issued and listed', async () => {
    const message = siws({ nonce: await nonce(base), chainId: 'mainnet' })
    const { status, body } = await signIn(base, { message, signature: sign(message) })
    expect(status).toBe(200)
    const session = body.session as Record<string, unknown>
    expect(session).toMatchObject({
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address,
      signatureType: 'ed25519',
    })
    const listed = await fetch(`${base}/siwx/v1/sessions?projectId=${demoProject.id}`, {
      headers: { authorization: `Bearer ${body.token as string}` },
    })
    expect(((await listed.json()) as { sessions: unknown[] }).sessions).toHaveLength(1)
    // Replaying the same signed message is refused: the nonce is spent.
    expect((await signIn(base, { message, signature: sign(message) })).body.error).toBe('invalid_nonce')
  })

  it('when the signature is tampered with or made by another key, then it is refused and the nonce stays usable', async () => {
    const message = siws({ nonce: await nonce(base) })
    const genuine = sign(message)
    const bytes = base58.decode(genuine)
    bytes[5] = (bytes[5] as number) ^ 1
    const tampered = await signIn(base, { message, signature: base58.encode(bytes) })
    expect(tampered.status).toBe(400)
    expect(tampered.body).toEqual({
      error: 'invalid_signature',
      message: 'The signature does not match the address',
    })
    const other = ed25519.utils.randomPrivateKey()
    expect((await signIn(base, { message, signature: sign(message, other) })).body.error).toBe(
      'invalid_signature',
    )
    expect((await signIn(base, { message, signature: '0xdeadbeef' })).body.error).toBe('invalid_signature')
    const ok = await signIn(base, { message, signature: genuine })
    expect(ok.status).toBe(200)
    expect((ok.body.session as { chainId: string }).chainId).toBe(`solana:${localReference}`)
  })

  it('when the message names a cluster that is neither a public one nor configured, then it is refused', async () => {
    const message = siws({ nonce: await nonce(base), chainId: '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ' })
    const refused = await signIn(base, { message, signature: sign(message) })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('unsupported_chain')
  })

  it('when the message is for another domain, has expired or names no known nonce, then it is refused', async () => {
    const foreign = siws({ nonce: await nonce(base), domain: 'evil.example.com' })
    expect((await signIn(base, { message: foreign, signature: sign(foreign) })).body.error).toBe(
      'foreign_domain',
    )
    const expired = siws({
      nonce: await nonce(base),
      expirationTime: new Date(Date.now() - 1000).toISOString(),
    })
    expect((await signIn(base, { message: expired, signature: sign(expired) })).body.error).toBe('expired')
    const unknown = siws({ nonce: 'neverIssued1234' })
    expect((await signIn(base, { message: unknown, signature: sign(unknown) })).body.error).toBe(
      'invalid_nonce',
    )
    const garbled = `${siws({ nonce: await nonce(base) })}\nNonce: again`
    expect((await signIn(base, { message: garbled, signature: sign(garbled) })).body.error).toBe(
      'invalid_message',
    )
  })
})
