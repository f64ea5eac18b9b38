import { describe, expect, it } from 'vitest'
import { isOriginAllowed, isOriginPattern, originMatches, originPatternProblem } from './origins.js'

describe('given allowed-origin patterns (request origin allowed if it matches a pattern or an exact origin)', () => {
  it.each([
    ['https://app.example.com', 'https://app.example.com', true],
    ['https://app.example.com', 'https://APP.example.com/', true],
    ['https://app.example.com:8443', 'https://app.example.com', false],
    ['http://app.example.com', 'https://app.example.com', false],
    ['https://a.example.com', 'https://*.example.com', true],
    ['https://a.b.example.com', 'https://*.example.com', true],
    ['https://example.com', 'https://*.example.com', false],
    ['https://badexample.com', 'https://*.example.com', false],
    ['https://example.com.evil.io', 'https://*.example.com', false],
    ['http://localhost:5173', 'http://localhost:*', true],
    ['http://localhost', 'http://localhost:*', true],
    ['http://localhost.evil.io:80', 'http://localhost:*', false],
    ['https://app.example.com:8443', 'https://app.example.com:8443', true],
    ['null', 'https://app.example.com', false],
    ['https://app.example.com/path', 'https://app.example.com', false],
  ])('when %s is checked against %s, then it matches: %s', (origin, pattern, expected) => {
    expect(originMatches(origin, pattern)).toBe(expected)
  })

  it('when several patterns are given, then any one match allows the origin', () => {
    expect(isOriginAllowed('https://x.preview.io', ['https://a.io', 'https://*.preview.io'])).toBe(true)
    expect(isOriginAllowed('https://x.other.io', ['https://a.io', 'https://*.preview.io'])).toBe(false)
  })

  it.each([
    'example.com',
    'https://*',
    'https://a.*.com',
    'https://app.example.com/path',
    'ftp//x',
    'https://a b.com',
    'https://*.com',
    'https://*.co.uk',
    'https://*.vercel.app',
    'https://*.github.io',
    'http://*.localhost:*',
    'https://*.127.0.0.1',
  ])('when %s is offered as a pattern, then it is refused', (pattern) => {
    expect(isOriginPattern(pattern)).toBe(false)
  })

  it.each(['https://*.example.com', 'https://*.my-app.vercel.app', 'https://*.example.co.uk'])(
    'when %s (a wildcard inside one registrable domain) is offered, then it is accepted',
    (pattern) => {
      expect(isOriginPattern(pattern)).toBe(true)
    },
  )

  it('when a public-suffix wildcard is stored anyway, then it matches nothing', () => {
    expect(originMatches('https://evil.vercel.app', 'https://*.vercel.app')).toBe(false)
  })

  it('when a public-suffix wildcard is explained, then the message says to add each origin exactly', () => {
    expect(originPatternProblem('https://*.vercel.app')).toContain('add each origin exactly')
    expect(originPatternProblem('https://app.example.com')).toBeUndefined()
  })
})
