import { getPublicSuffix } from 'tldts'

/**
 * Allowed-origin patterns. A pattern is an origin (`https://app.example.com`), optionally with a
 * leading `*.` label wildcard in the host (`https://*.example.com`, which matches any subdomain
 * but not the bare domain) and/or `*` as the port (`http://localhost:*`). Matching is done on
 * parsed parts, never by building a regular expression from stored text.
 *
 * A wildcard must stay inside one registrable domain: `https://*.com`, `https://*.co.uk` or
 * `https://*.vercel.app` would admit every site under a public suffix (the Public Suffix List,
 * private section included, as bundled by `tldts`), so such patterns are refused.
 */
interface ParsedPattern {
  scheme: string
  host: string
  wildcardHost: boolean
  port: string | '*'
}

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' }
const patternShape =
  /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/

/** Parse a pattern; undefined when it is not one this server accepts. */
function parseOriginPattern(pattern: string): ParsedPattern | undefined {
  const match = patternShape.exec(pattern.trim().toLowerCase().replace(/\/$/, ''))
  if (match === null) return undefined
  const [, scheme = '', wildcard, host = '', port] = match
  if (wildcard !== undefined && coversPublicSuffix(host)) return undefined
  return {
    scheme: `${scheme}:`,
    host,
    wildcardHost: wildcard !== undefined,
    port: port === '*' ? '*' : (port ?? defaultPorts[`${scheme}:`] ?? ''),
  }
}

/** True when `*.host` would match sites of unrelated owners (or `host` is an IP literal). */
function coversPublicSuffix(host: string): boolean {
  if (host.startsWith('[') || /^[0-9.]+$/.test(host)) return true
  const suffix = getPublicSuffix(host, { allowPrivateDomains: true })
  return suffix === null || suffix === host
}

/** Why a pattern is refused, for the operator; undefined when it is accepted. */
export function originPatternProblem(pattern: string): string | undefined {
  if (parseOriginPattern(pattern) !== undefined) return undefined
  const wildcard = /^[a-z][a-z0-9+.-]*:\/\/\*\.([^:/]+)/i.exec(pattern.trim())
  if (wildcard !== null && patternShape.test(pattern.trim().toLowerCase().replace(/\/$/, ''))) {
    return `"${pattern}" would match every site under the public suffix "${wildcard[1]}": add each origin exactly (e.g. https://my-app.${wildcard[1]})`
  }
  return `"${pattern}" is not an origin: use scheme://host[:port], e.g. https://app.example.com, https://*.example.com or http://localhost:*`
}

/** True when `pattern` is a valid origin pattern. */
export const isOriginPattern = (pattern: string): boolean => parseOriginPattern(pattern) !== undefined

/** True when the request origin matches the pattern. */
export function originMatches(origin: string, pattern: string): boolean {
  const rule = parseOriginPattern(pattern)
  if (rule === undefined) return false
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  // Browsers send a bare serialised origin; a path, credentials or an opaque origin never matches.
  if (url.origin === 'null' || url.origin !== origin.toLowerCase()) return false
  if (url.protocol !== rule.scheme) return false
  const port = url.port || defaultPorts[url.protocol] || ''
  if (rule.port !== '*' && rule.port !== port) return false
  const host = url.hostname
  return rule.wildcardHost ? host.endsWith(`.${rule.host}`) : host === rule.host
}

/** Patterns a development project accepts in addition to its own. */
export const localhostPatterns = ['http://localhost:*', 'http://127.0.0.1:*'] as const

/** True when the origin is allowed by any of the patterns. */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => originMatches(origin, pattern))
}
