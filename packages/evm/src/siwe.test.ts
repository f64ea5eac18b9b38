import { SiweMessage } from 'siwe'
import { describe, expect, it } from 'vitest'
import {
  formatSiweMessage,
  isRfc3339DateTime,
  SiweMessageFieldError,
  type SiweMessageFields,
} from './siwe.js'

// The `siwe` package is the reference: for the same fields both must write the same bytes, and
// both must refuse what EIP-4361's grammar does not allow.
function reference(fields: SiweMessageFields): string | Error {
  try {
    return new SiweMessage({
      ...fields,
      resources: fields.resources ? [...fields.resources] : undefined,
    }).prepareMessage()
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}
function ours(fields: SiweMessageFields): string | Error {
  try {
    return formatSiweMessage(fields)
  } catch (error) {
    return error as Error
  }
}

const base: SiweMessageFields = {
  domain: 'example.com',
  address: '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e',
  uri: 'https://example.com/login',
  version: '1',
  chainId: 1,
  nonce: 'abcdefgh12',
  issuedAt: '2026-01-01T00:00:00.000Z',
}

const pools: { [K in keyof SiweMessageFields]-?: SiweMessageFields[K][] } = {
  domain: [
    'example.com',
    'localhost:5173',
    '127.0.0.1:8080',
    '[::1]:3000',
    'sub.Example.org',
    'user@example.com',
    'example.com/path',
    '',
    'exa mple.com',
  ],
  address: [
    '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e',
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '0xa0cf798816d4b9b9866b5330eea46a18382f251e',
    '0xA0CF798816D4B9B9866B5330EEA46A18382F251E',
    '0xA0Cf798816D4b9b9866b5330EEa46a18382f251',
  ],
  statement: [
    undefined,
    '',
    'Sign in to Example.',
    "I accept the Terms: https://x.y/tos?a=1#f !$&'()*+,;=",
    'line\nbreak',
    '100%',
    'héllo',
    'say "hi"',
  ],
  uri: [
    'https://example.com/login',
    'http://localhost:5173/a?b=c#d',
    'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
    'did:key:z6Mk',
    'https://ex ample.com',
    '/login',
    'https://[::1]:8080/',
  ],
  version: ['1'],
  chainId: [1, 8453, 31337, 0, -1, 1.5],
  nonce: ['abcdefgh12', 'k3n8Qz0pXaB7', 'a'.repeat(64), 'abcdefg', 'abc-defgh12'],
  issuedAt: [
    '2026-01-01T00:00:00.000Z',
    '2026-01-01T00:00:00Z',
    '2026-01-01t00:00:00z',
    '2026-01-01T00:00:00.123456789-05:30',
    '2026-06-30T23:59:60Z',
    '2024-02-29T12:00:00+01:00',
    '2026-13-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-01-01T00:00:00',
    '2026-01-01 00:00:00Z',
    'yesterday',
  ],
  expirationTime: [
    undefined,
    '',
    '2026-01-02T00:00:00Z',
    '2026-01-02T00:00:00.5+09:00',
    '2026-01-02T25:00:00Z',
  ],
  notBefore: [undefined, '', '2026-01-01T00:00:00+02:00', '2026-1-1T00:00:00Z'],
  requestId: [undefined, '', 'req-1_~%20:@', 'r 1', 'a/b'],
  resources: [
    undefined,
    [],
    ['https://a.b/c', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/'],
    ['not a uri'],
    [''],
  ],
  scheme: [undefined, 'https', 'http', 'chrome-extension'],
}

// A small seeded generator so failures reproduce.
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

describe('formatSiweMessage', () => {
  it('writes the fields in the EIP-4361 layout', () => {
    expect(
      formatSiweMessage({
        ...base,
        statement: 'Sign in to Example.',
        expirationTime: '2026-01-02T00:00:00Z',
        resources: ['https://a.b/c'],
      }),
    ).toBe(
      [
        'example.com wants you to sign in with your Ethereum account:',
        '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e',
        '',
        'Sign in to Example.',
        '',
        'URI: https://example.com/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abcdefgh12',
        'Issued At: 2026-01-01T00:00:00.000Z',
        'Expiration Time: 2026-01-02T00:00:00Z',
        'Resources:',
        '- https://a.b/c',
      ].join('\n'),
    )
  })

  it('keeps time fields as given (no re-formatting)', () => {
    const message = formatSiweMessage({ ...base, issuedAt: '2026-01-01T05:30:00.123456+05:30' })
    expect(message).toContain('Issued At: 2026-01-01T05:30:00.123456+05:30')
  })

  it('changes one field at a time: the same bytes as the siwe package, or both refuse', () => {
    let refused = 0
    let cases = 0
    for (const [key, values] of Object.entries(pools) as [keyof SiweMessageFields, unknown[]][]) {
      for (const value of values) {
        const fields = { ...base, [key]: value } as SiweMessageFields
        const expected = reference(fields)
        const actual = ours(fields)
        cases++
        if (expected instanceof Error) {
          refused++
          expect(actual, `${key}=${JSON.stringify(value)} should be refused`).toBeInstanceOf(
            SiweMessageFieldError,
          )
          expect((actual as SiweMessageFieldError).field).toBe(key)
        } else expect(actual, `${key}=${JSON.stringify(value)}`).toBe(expected)
      }
    }
    expect(cases).toBeGreaterThan(60)
    expect(refused).toBeGreaterThan(20)
  })

  it('matches the siwe package on 400 random combinations of every field', () => {
    const next = random(4361)
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T
    let accepted = 0
    for (let i = 0; i < 400; i++) {
      const fields = Object.fromEntries(
        Object.entries(pools).map(([key, values]) => [key, pick(values as unknown[])]),
      ) as unknown as SiweMessageFields
      const expected = reference(fields)
      const actual = ours(fields)
      if (expected instanceof Error)
        expect(actual, JSON.stringify(fields)).toBeInstanceOf(SiweMessageFieldError)
      else {
        accepted++
        expect(actual, JSON.stringify(fields)).toBe(expected)
      }
    }
    expect(accepted).toBeGreaterThan(0)
  })

  it('refuses with a clear message naming the field', () => {
    expect(() => formatSiweMessage({ ...base, nonce: 'short' })).toThrow(
      'Invalid sign-in message nonce: at least 8 letters or digits',
    )
    expect(() => formatSiweMessage({ ...base, address: base.address.toLowerCase() })).toThrow(
      'Invalid sign-in message address: not an EIP-55 checksummed address',
    )
  })
})

describe('isRfc3339DateTime', () => {
  it('accepts leap days and seconds, refuses impossible dates', () => {
    expect(isRfc3339DateTime('2024-02-29T00:00:00Z')).toBe(true)
    expect(isRfc3339DateTime('2023-02-29T00:00:00Z')).toBe(false)
    expect(isRfc3339DateTime('2026-04-31T00:00:00Z')).toBe(false)
    expect(isRfc3339DateTime('2026-04-30T24:00:00Z')).toBe(false)
  })
})
