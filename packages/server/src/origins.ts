import { getPublicSuffix } from 'tldts'
import {
  isOriginAllowedBy,
  localhostPatterns,
  matchOrigin,
  type ParsedPattern,
  parsePattern,
} from './origin-match.js'

/**
 * Allowed-origin patterns, as the server checks them: the shared matcher of `origin-match.ts`
 * (also bundled by the embedded-wallet frame) with the Public Suffix List on top.
 *
 * A wildcard must stay inside one registrable domain: `https://*.com`, `https://*.co.uk` or
 * `https://*.vercel.app` would admit every site under a public suffix (the Public Suffix List,
 * private section included, as bundled by `tldts`), so such patterns are refused.
 */
export { localhostPatterns }

/** True when `*.host` would match sites of unrelated owners (or `host` is an IP literal). */
function coversPublicSuffix(host: string): boolean {
  if (host.startsWith('[') || /^[0-9.]+$/.test(host)) return true
  const suffix = getPublicSuffix(host, { allowPrivateDomains: true })
  return suffix === null || suffix === host
}

/** Parse a pattern; undefined when it is not one this server accepts. */
export function parseOriginPattern(pattern: string): ParsedPattern | undefined {
  return parsePattern(pattern, coversPublicSuffix)
}

const shapeOnly = (pattern: string) => parsePattern(pattern, () => false) !== undefined

/** Why a pattern is refused, for the operator; undefined when it is accepted. */
export function originPatternProblem(pattern: string): string | undefined {
  if (parseOriginPattern(pattern) !== undefined) return undefined
  const wildcard = /^[a-z][a-z0-9+.-]*:\/\/\*\.([^:/]+)/i.exec(pattern.trim())
  if (wildcard !== null && shapeOnly(pattern)) {
    return `"${pattern}" would match every site under the public suffix "${wildcard[1]}": add each origin exactly (e.g. https://my-app.${wildcard[1]})`
  }
  return `"${pattern}" is not an origin: use scheme://host[:port], e.g. https://app.example.com, https://*.example.com or http://localhost:*`
}

/** True when `pattern` is a valid origin pattern. */
export const isOriginPattern = (pattern: string): boolean => parseOriginPattern(pattern) !== undefined

/** True when the request origin matches the pattern. */
export function originMatches(origin: string, pattern: string): boolean {
  return matchOrigin(origin, pattern, coversPublicSuffix)
}

/** True when the origin is allowed by any of the patterns. */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return isOriginAllowedBy(origin, patterns, coversPublicSuffix)
}
