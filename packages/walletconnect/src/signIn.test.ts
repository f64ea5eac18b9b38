import { buildAuthObject, formatMessage } from '@walletconnect/utils'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { fromAuthenticateError, toAuthenticateParameters, toSiwxSession } from './signIn.js'

const account = privateKeyToAccount(generatePrivateKey())
const request = {
  chains: ['eip155:1', 'eip155:8453'],
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  nonce: 'Abc123456789',
  statement: 'Sign in to Example.',
  expirationTime: '2030-01-01T00:00:00.000Z',
}
const format = (payload: unknown, iss: string) => formatMessage(payload as never, iss)

async function cacao(overrides: Record<string, unknown> = {}, chain = 'eip155:1') {
  const iss = `did:pkh:${chain}:${account.address}`
  const payload = {
    type: 'caip122',
    chains: request.chains,
    domain: request.domain,
    aud: request.uri,
    version: '1',
    nonce: request.nonce,
    iat: '2026-01-01T00:00:00.000Z',
    exp: request.expirationTime,
    statement: request.statement,
    ...overrides,
  }
  const message = formatMessage(payload as never, iss)
  return buildAuthObject(payload as never, { t: 'eip191', s: await account.signMessage({ message }) }, iss)
}

describe('one-click sign-in over WalletConnect', () => {
  it('when the request is built, then it carries the message fields and the kit’s eip155 methods', () => {
    expect(toAuthenticateParameters(request)).toMatchObject({
      chains: ['eip155:1', 'eip155:8453'],
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      nonce: 'Abc123456789',
      statement: 'Sign in to Example.',
      exp: '2030-01-01T00:00:00.000Z',
      methods: expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
    })
  })

  it('when the wallet returns a CACAO for the request, then the session has its account, chain, message and signature', async () => {
    const signed = await cacao({}, 'eip155:8453')
    const session = toSiwxSession(signed, request, format)
    expect(session?.data).toMatchObject({
      accountAddress: account.address,
      chainId: 'eip155:8453',
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      nonce: 'Abc123456789',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2030-01-01T00:00:00.000Z',
    })
    expect(session?.message).toContain('app.example.com wants you to sign in with your Ethereum account:')
    expect(await account.signMessage({ message: session?.message as string })).toBe(session?.signature)
    expect(session?.cacao).toBe(signed)
  })

  it('when the CACAO is for another page, nonce or chain, or is malformed, then it is not used', async () => {
    expect(toSiwxSession(await cacao({ domain: 'evil.example' }), request, format)).toBeUndefined()
    expect(toSiwxSession(await cacao({ nonce: 'Other1234567' }), request, format)).toBeUndefined()
    expect(toSiwxSession(await cacao({}, 'eip155:10'), request, format)).toBeUndefined()
    const good = await cacao()
    expect(toSiwxSession({ ...good, s: { t: 'eip191', s: 'not hex' } }, request, format)).toBeUndefined()
    expect(
      toSiwxSession({ ...good, p: { ...good.p, iss: 'did:pkh:solana:x:y' } }, request, format),
    ).toBeUndefined()
    expect(toSiwxSession(null, request, format)).toBeUndefined()
    expect(toSiwxSession('garbage', request, format)).toBeUndefined()
  })

  it('when the wallet rejects, then the bare message becomes code 5000; other failures keep their text', () => {
    expect(fromAuthenticateError('User rejected.')).toMatchObject({ code: 5000, message: 'User rejected.' })
    const other = fromAuthenticateError('Request expired') as Error & { code?: number }
    expect(other.message).toBe('Request expired')
    expect(other.code).toBeUndefined()
    const object = { code: 5100, message: 'Unsupported chains' }
    expect(fromAuthenticateError(object)).toBe(object)
  })
})
