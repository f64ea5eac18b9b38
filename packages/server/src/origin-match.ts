/**
 * The strict origin matcher, shared by the server (CORS, sign-in, the frame's `frame-ancestors`)
 * and the embedded-wallet frame (which parent may talk to it). It has no dependencies so the frame
 * bundles this very file; the server adds the Public Suffix List check on top (see origins.ts).
 *
 * A pattern is an origin (`https://app.example.com`), optionally with a leading `*.` label
 * wildcard in the host (`https://*.example.com`: any subdomain, not the bare domain) and/or `*` as
 * the port (`http://localhost:*`). Matching is done on parsed parts, never by building a regular
 * expression from stored text.
 */
export interface ParsedPattern {
  scheme: string
  host: string
  wildcardHost: boolean
  port: string | '*'
}

/** Decides whether `*.host` is too wide (e.g. covers a public suffix). */
export type WildcardGuard = (host: string) => boolean

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' }
const patternShape =
  /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/

/**
 * Without the Public Suffix List: a wildcard over an IP literal or a single label (`*.com`) is
 * refused. The server validates every stored pattern with the full list before it hands them out.
 */
export const basicWildcardGuard: WildcardGuard = (host) =>
  host.startsWith('[') || /^[0-9.]+$/.test(host) || !host.includes('.')

/** Parse a pattern; undefined when it is not one this matcher accepts. */
export function parsePattern(
  pattern: string,
  guard: WildcardGuard = basicWildcardGuard,
): ParsedPattern | undefined {
  const match = patternShape.exec(pattern.trim().toLowerCase().replace(/\/$/, ''))
  if (match === null) return undefined
  const [, scheme = '', wildcard, host = '', port] = match
  if (wildcard !== undefined && guard(host)) return undefined
  return {
    scheme: `${scheme}:`,
    host,
    wildcardHost: wildcard !== undefined,
    port: port === '*' ? '*' : (port ?? defaultPorts[`${scheme}:`] ?? ''),
  }
}

/** True when `origin` (a bare serialised origin, as browsers send it) matches the parsed pattern. */
export function matchesParsed(origin: string, rule: ParsedPattern): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  // A path, credentials or an opaque origin never matches.
  if (url.origin === 'null' || url.origin !== origin.toLowerCase()) return false
  if (url.protocol !== rule.scheme) return false
  const port = url.port || defaultPorts[url.protocol] || ''
  if (rule.port !== '*' && rule.port !== port) return false
  const host = url.hostname
  return rule.wildcardHost ? host.endsWith(`.${rule.host}`) : host === rule.host
}

/** True when the origin matches the pattern. */
export function matchOrigin(
  origin: string,
  pattern: string,
  guard: WildcardGuard = basicWildcardGuard,
): boolean {
  const rule = parsePattern(pattern, guard)
  return rule !== undefined && matchesParsed(origin, rule)
}

/** Patterns a development project accepts in addition to its own. */
export const localhostPatterns = ['http://localhost:*', 'http://127.0.0.1:*'] as const

/** True when the origin is allowed by any of the patterns. */
export function isOriginAllowedBy(
  origin: string,
  patterns: readonly string[],
  guard: WildcardGuard = basicWildcardGuard,
): boolean {
  return patterns.some((pattern) => matchOrigin(origin, pattern, guard))
}
