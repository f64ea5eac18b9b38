import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { rotateSigningKey, sessionTokenType } from './keys.js'

const origin = 'https://app.example.com'
const chainId = 31337
const account = privateKeyToAccount(generatePrivateKey())
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(backends)('given sign-in sessions on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  const api = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${server.base}${path}?projectId=${demoProject.id}`, {
      method: init.method ?? 'GET',
      headers: {
        origin,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
  }
  async function signIn(expirationTime?: Date): Promise<string> {
    const { body } = await api('/siwx/v1/nonce')
    const message = createSiweMessage({
      domain: 'app.example.com',
      address: account.address,
      uri: `${origin}/login`,
      version: '1',
      chainId,
      nonce: body.nonce as string,
      issuedAt: new Date(),
      ...(expirationTime ? { expirationTime } : {}),
    })
    const signed = await api('/siwx/v1/sessions', {
      method: 'POST',
      body: { message, signature: await account.signMessage({ message }) },
    })
    expect(signed.status).toBe(200)
    return signed.body.token as string
  }
  /** A token re-signed with the server's own key (as a database copy allows), other claims forged. */
  async function forged(token: string, claims: { sub: string; exp: number }) {
    const [key] = (await server.repository.siwx.listSigningKeys()).filter((k) => k.retiredAt === null)
    const jwk = JSON.parse(key!.privateJwk) as JWK
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key!.kid, typ: sessionTokenType })
      .setSubject(claims.sub)
      .setAudience(demoProject.id)
      .setJti(decodeJwt(token).jti!)
      .setIssuedAt()
      .setExpirationTime(claims.exp)
      .sign(await importJWK(jwk, 'ES256'))
  }

  beforeAll(async () => {
    server = await startTestServer(backend)
    await server.repository.siwx.setRpcUrl(demoProject.id, `eip155:${chainId}`, 'http://127.0.0.1:9/')
  })
  afterAll(() => server.close())

  it('when a token names another account and a later expiry, then introspect answers from the session row', async () => {
    const token = await signIn()
    const other = `eip155:${chainId}:0x8AaA000000000000000000000000000000000000`
    const lie = await forged(token, { sub: other, exp: Math.floor(Date.parse('2036-01-01') / 1000) })
    const answer = await api('/siwx/v1/introspect', { method: 'POST', body: { token: lie } })
    expect(answer.body).toEqual({ active: false })
    expect((await api('/siwx/v1/sessions', { token: lie })).status).toBe(401)
  })

  it('when the session row has expired, then a token claiming a later expiry is inactive everywhere', async () => {
    const token = await signIn(new Date(Date.now() + 1500))
    const lie = await forged(token, {
      sub: `eip155:${chainId}:${account.address}`,
      exp: Math.floor(Date.now() / 1000) + 86_400,
    })
    await pause(2000)
    expect((await api('/siwx/v1/introspect', { method: 'POST', body: { token: lie } })).body).toEqual({
      active: false,
    })
    expect((await api('/siwx/v1/sessions', { token: lie })).status).toBe(401)
  })

  it('when the key is rotated twice within a token lifetime, then tokens signed before both still verify', async () => {
    const token = await signIn()
    await rotateSigningKey(server.repository.siwx)
    await rotateSigningKey(server.repository.siwx)
    const answer = await api('/siwx/v1/introspect', { method: 'POST', body: { token } })
    expect(answer.body).toMatchObject({ active: true, sub: `eip155:${chainId}:${account.address}` })
  })
})
