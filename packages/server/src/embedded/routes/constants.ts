/** The `typ` of the frame's session tokens: no other token of the server passes for one. */
export const embeddedTokenType = 'latch-embedded+jwt'
export const audienceOf = (projectId: string) => `latch-embedded:${projectId}`
export const nonceLifetimeMs = 2 * 60_000
/** How long after its released recovery a device may post its new share set. */
export const reshareWindowMs = 30 * 60_000
export const reshareGrant = (sessionId: string) => `embedded-reshare:${sessionId}`

export const pageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
