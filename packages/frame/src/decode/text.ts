// Text as the approval screen shows it: every character that could make the shown text read
// differently from the signed one is written as a visible ⟨U+XXXX⟩ escape. That is bidi controls
// (U+202E would reorder "evil.example" into "elpmaxe.live"), every other format character
// (zero-width spaces and joiners, tags, the soft hyphen), line and paragraph separators, control
// characters other than tab and line feed, variation selectors (which can carry hidden data) and
// the invisible Hangul fillers.

const hidden = /[\p{Cf}\p{Cc}\p{Co}\u2028\u2029\u115F\u1160\u3164\uFFA0]|\p{Variation_Selector}/gu

/** The text with hidden characters escaped, and whether there were any. */
export function visibleText(text: string): { text: string; escaped: boolean } {
  let escaped = false
  const shown = text.replace(hidden, (char, offset: number) => {
    // Tabs and line breaks (CR LF, or LF) read as what they are.
    if (char === '\t' || char === '\n' || (char === '\r' && text[offset + 1] === '\n')) return char
    escaped = true
    return `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`
  })
  return { text: shown, escaped }
}

/**
 * The domain (or URI) of a sign-in message (EIP-4361, and its CAIP-122 form for Solana) when it
 * is not the asking site's: undefined for text that is no sign-in message, or one for `origin`.
 */
export function foreignSignIn(text: string, origin: string): string | undefined {
  const first =
    /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your \S+ account:\n/.exec(text)
  if (!first) return undefined
  let site: URL
  try {
    site = new URL(origin)
  } catch {
    return first[2]
  }
  const [, scheme, domain = ''] = first
  if (
    domain.toLowerCase() !== site.host ||
    (scheme !== undefined && `${scheme.toLowerCase()}:` !== site.protocol)
  )
    return domain
  const uri = /\nURI: (\S+)\n/.exec(text)?.[1]
  if (uri === undefined) return undefined
  try {
    if (new URL(uri).host === site.host) return undefined
  } catch {
    // not a URL: not this site's
  }
  return uri
}
