/**
 * What a security mail says of a device: a browser and a system name picked from a short list by
 * the User-Agent's product tokens, never the header's text (a client writes it, and free text in
 * a genuine mail is a phishing channel). A dozen rules, not a parser library: the mails need
 * only the common names, and the one well-kept parser with the full list is AGPL since v2.
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/\b(?:OPR|OPT)\/\d/, 'Opera'],
  [/\bSamsungBrowser\/\d/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/\d/, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\/\d/, 'Chrome'],
  [/\bVersion\/\d[\d.]* (?:Mobile(?:\/\w+)? )?Safari\/\d/, 'Safari'],
]
const systems: [RegExp, string][] = [
  [/\((?:iPhone|iPad|iPod);/, 'iOS'],
  [/\(Linux; Android \d/, 'Android'],
  [/\(X11; CrOS /, 'ChromeOS'],
  [/\(Windows NT \d/, 'Windows'],
  [/\(Macintosh; /, 'macOS'],
  [/\((?:X11; )?(?:Ubuntu; )?Linux /, 'Linux'],
]

/** "Chrome on Windows", or "an unknown browser on an unknown system"; never the header's text. */
export function describeAgent(agent: string | undefined): string {
  // Only the head of the header is read: the tokens are there, and a long header costs nothing.
  const head = (agent ?? '').slice(0, 512)
  const browser = browsers.find(([pattern]) => pattern.test(head))?.[1] ?? 'an unknown browser'
  const system = systems.find(([pattern]) => pattern.test(head))?.[1] ?? 'an unknown system'
  return `${browser} on ${system}`
}
