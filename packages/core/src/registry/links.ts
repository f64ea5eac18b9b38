// Schemes that would run code or read local data if a link were opened; never kept.
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'])

/**
 * A registry link the kit may open, or undefined. Mobile and desktop links may be app schemes
 * (`metamask://`); web app links must be https.
 */
export function safeLink(value: string | null | undefined, kind: 'app' | 'web'): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (UNSAFE_SCHEMES.has(url.protocol)) return undefined
  if (kind === 'web' && url.protocol !== 'https:') return undefined
  return value
}
