import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { localSiwx } from './siwxSessions.js'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const secret = ed25519.utils.randomPrivateKey()
const address = base58.encode(ed25519.getPublicKey(secret))
const chainId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const sign = (message: string, key = secret) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), key))

beforeEach(() => vi.stubGlobal('location', new URL('https://app.example.com/page')))
afterEach(() => vi.unstubAllGlobals())

describe('localSiwx on solana (Sign-In With Solana)', () => {
  it('when the account signs its message, then the ed25519 session is kept; a tampered or foreign one is refused', async () => {
    const siwx = localSiwx({ storage: memoryStorage(), statement: 'Sign in to Example.' })
    const { data, message } = await siwx.createMessage({ accountAddress: address, chainId })
    expect(message.split('\n').slice(0, 4)).toEqual([
      'app.example.com wants you to sign in with your Solana account:',
      address,
      '',
      'Sign in to Example.',
    ])
    expect(message).toContain('\nChain ID: mainnet\n')
    expect(message).toContain(`\nNonce: ${data.nonce}\n`)

    const flipped = base58.decode(sign(message))
    flipped[0] = (flipped[0] as number) ^ 1
    await expect(siwx.addSession({ data, message, signature: base58.encode(flipped) })).rejects.toThrow(
      'The signature does not match the address',
    )
    const other = ed25519.utils.randomPrivateKey()
    await expect(siwx.addSession({ data, message, signature: sign(message, other) })).rejects.toThrow(
      'The signature does not match the address',
    )
    const foreign = message.replace('app.example.com', 'evil.example.com')
    await expect(siwx.addSession({ data, message: foreign, signature: sign(foreign) })).rejects.toThrow(
      'not for this page',
    )
    expect(await siwx.getSessions(chainId, address)).toEqual([])

    const session = { data, message, signature: sign(message) }
    await siwx.addSession(session)
    expect(await siwx.getSessions(chainId, address)).toEqual([session])
    // base58 is case-sensitive: another casing is another account.
    expect(await siwx.getSessions(chainId, address.toLowerCase())).toEqual([])
  })
})
