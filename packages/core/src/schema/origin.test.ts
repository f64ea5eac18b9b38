import { describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from './origin.js'

describe('given a request origin (spec §5: allowed if it matches a pattern with wildcards or an exact origin)', () => {
  it('when it equals an allowed origin, then it is allowed', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['https://example.com'])).toBe(false)
  })

  it('when it matches a wildcard pattern, then it is allowed', () => {
    expect(isOriginAllowed('https://pr-12.example.com', ['https://*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://my-app.vercel.app', ['*.vercel.app'])).toBe(true)
  })

  it('when a look-alike host tries to reach past the wildcard, then it is refused', () => {
    expect(isOriginAllowed('https://evilvercel.app', ['*.vercel.app'])).toBe(false)
    expect(isOriginAllowed('https://vercel.app.evil.com', ['*.vercel.app'])).toBe(false)
    expect(isOriginAllowed('http://pr-1.example.com', ['https://*.example.com'])).toBe(false)
  })

  it('when it is not an origin at all, then it is refused', () => {
    expect(isOriginAllowed('null', ['*'])).toBe(false)
    expect(isOriginAllowed('https://a.vercel.app/path', ['*.vercel.app'])).toBe(false)
    expect(isOriginAllowed('not a url', ['*'])).toBe(false)
  })

  it('when it is local development or a preview host, then the default ancestors allow it', () => {
    expect(isOriginAllowed('http://localhost:5173', DEFAULT_ALLOWED_ANCESTORS)).toBe(true)
    expect(isOriginAllowed('https://abc.pages.dev', DEFAULT_ALLOWED_ANCESTORS)).toBe(true)
    expect(isOriginAllowed('https://x.ngrok-free.app', DEFAULT_ALLOWED_ANCESTORS)).toBe(true)
    expect(isOriginAllowed('https://example.com', DEFAULT_ALLOWED_ANCESTORS)).toBe(false)
  })
})
