/**
 * Hosts allowed to embed the login frame without being listed by the project (§5): local
 * development and the usual preview hosts.
 */
export const DEFAULT_ALLOWED_ANCESTORS: readonly string[] = [
  'localhost',
  '127.0.0.1',
  '*.pages.dev',
  '*.vercel.app',
  '*.ngrok-free.app',
]

function wildcardToRegExp(pattern: string, wildcard: string): RegExp {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(wildcard)
  return new RegExp(`^${escaped}$`, 'i')
}

function parseOrigin(origin: string): URL | undefined {
  try {
    const url = new URL(origin)
    // An origin has no path, query or credentials; anything else is not an origin.
    if (url.origin === 'null' || url.origin !== origin.replace(/\/$/, '').toLowerCase()) return undefined
    return url
  } catch {
    return undefined
  }
}

/**
 * Whether a request origin is allowed. A pattern with a scheme (`https://*.example.com`) is
 * matched against the whole origin; a bare pattern (`*.vercel.app`, `localhost`) against the
 * host name on any scheme and port. `*` stands for one or more characters of a host name
 * (letters, digits, '-' and '.'), so it can never reach past the host.
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  const url = parseOrigin(origin)
  if (!url) return false
  return patterns.some((raw) => {
    const pattern = raw.trim().replace(/\/$/, '')
    if (pattern === '') return false
    if (pattern.includes('://')) {
      return pattern.includes('*')
        ? wildcardToRegExp(pattern, '[a-z0-9.-]+').test(url.origin)
        : pattern.toLowerCase() === url.origin
    }
    return wildcardToRegExp(pattern, '[a-z0-9.-]+').test(url.hostname)
  })
}
