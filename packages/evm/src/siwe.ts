import { checksumAddress } from 'viem'

/**
 * The fields of a Sign-In with Ethereum message (EIP-4361). Time fields are RFC 3339 strings and
 * are written into the message exactly as given.
 */
export interface SiweMessageFields {
  /** RFC 3986 authority asking for the signature (`example.com`, `localhost:5173`). */
  domain: string
  /** The EIP-55 checksummed address that signs. */
  address: string
  /** A human-readable sentence; no line breaks. Omitted when undefined. */
  statement?: string | undefined
  /** RFC 3986 URI of the resource the sign-in is for. */
  uri: string
  /** Always '1'. */
  version: '1'
  /** EIP-155 chain id the session is bound to. */
  chainId: number
  /** At least 8 alphanumeric characters, chosen by the verifier. */
  nonce: string
  /** RFC 3339 date-time; defaults to now. */
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  /** A system-specific id (RFC 3986 path characters). */
  requestId?: string | undefined
  /** RFC 3986 URIs the visitor wants resolved as part of the sign-in. */
  resources?: readonly string[] | undefined
  /** The URI scheme of the origin (`https`), written before the domain when set. */
  scheme?: string | undefined
}

/** A field that EIP-4361 does not allow; `field` names it. */
export class SiweMessageFieldError extends Error {
  override name = 'SiweMessageFieldError' as const
  readonly field: keyof SiweMessageFields
  constructor(field: keyof SiweMessageFields, detail: string) {
    super(`Invalid sign-in message ${field}: ${detail}`)
    this.field = field
  }
}

// RFC 3986 character classes.
const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const PCT = '%[0-9A-Fa-f]{2}'
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*$`)
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*$`)
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/
const IP_LITERAL = /^\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+)\]$/
const PATH = new RegExp(`^(?:/|${PCHAR})*$`)
const QUERY_OR_FRAGMENT = new RegExp(`^(?:[/?]|${PCHAR})*$`)
const REQUEST_ID = new RegExp(`^${PCHAR}*$`)
// The statement: reserved and unreserved characters and spaces (EIP-4361).
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/
const NONCE = /^[A-Za-z0-9]{8,}$/
// RFC 3339 `date-time` (T and Z case-insensitive, any fraction of a second).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/

function isAuthority(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at >= 0 && !USERINFO.test(value.slice(0, at))) return false
  let hostPort = value.slice(at + 1)
  const port = /:(\d*)$/.exec(hostPort)
  if (port && !(hostPort.startsWith('[') && !hostPort.includes(']'))) hostPort = hostPort.slice(0, port.index)
  if (hostPort.startsWith('[')) return IP_LITERAL.test(hostPort)
  return IPV4.test(hostPort) || REG_NAME.test(hostPort)
}

/** An RFC 3986 URI (a scheme, then an optional authority, a path, a query and a fragment). */
function isUri(value: string): boolean {
  const match = /^([^:/?#]+):(\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/.exec(value)
  if (!match) return false
  const [, scheme, , authority, path = '', query, fragment] = match
  if (!scheme || !SCHEME.test(scheme)) return false
  if (authority !== undefined && !isAuthority(authority)) return false
  if (authority === undefined && path.startsWith('//')) return false
  if (!PATH.test(path)) return false
  if (query !== undefined && !QUERY_OR_FRAGMENT.test(query.slice(1))) return false
  if (fragment !== undefined && !QUERY_OR_FRAGMENT.test(fragment.slice(1))) return false
  return true
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** An RFC 3339 date-time whose parts are in range (a leap second :60 is allowed). */
export function isRfc3339DateTime(value: string): boolean {
  const match = DATE_TIME.exec(value)
  if (!match) return false
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part))) as number[]
  return (
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth(year!, month!) &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 60 &&
    offsetHour! <= 23 &&
    offsetMinute! <= 59
  )
}

function check(ok: boolean, field: keyof SiweMessageFields, detail: string): void {
  if (!ok) throw new SiweMessageFieldError(field, detail)
}

/**
 * Writes an EIP-4361 (Sign-In with Ethereum) message. Every field is checked against the EIP's
 * grammar first; time fields are copied as given, so a verifier that re-formats the same fields
 * gets the same bytes.
 *
 * @throws SiweMessageFieldError naming the first field the EIP does not allow.
 * @example
 * const message = formatSiweMessage({
 *   domain: 'example.com',
 *   address: '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e',
 *   uri: 'https://example.com/login',
 *   version: '1',
 *   chainId: 1,
 *   nonce: 'k3n8Qz0pXa',
 *   issuedAt: '2026-01-01T00:00:00.000Z',
 * })
 */
export function formatSiweMessage(fields: SiweMessageFields): string {
  const issuedAt = fields.issuedAt || new Date().toISOString()
  if (fields.scheme !== undefined) check(SCHEME.test(fields.scheme), 'scheme', 'not a URI scheme')
  check(fields.domain.length > 0 && isAuthority(fields.domain), 'domain', 'not an RFC 3986 authority')
  check(
    /^0x[0-9a-fA-F]{40}$/.test(fields.address) &&
      checksumAddress(fields.address as `0x${string}`) === fields.address,
    'address',
    'not an EIP-55 checksummed address',
  )
  if (fields.statement !== undefined)
    check(
      STATEMENT.test(fields.statement),
      'statement',
      'only reserved and unreserved URI characters and spaces',
    )
  check(isUri(fields.uri), 'uri', 'not an RFC 3986 URI')
  check(String(fields.version) === '1', 'version', "must be '1'")
  check(Number.isSafeInteger(fields.chainId) && fields.chainId >= 0, 'chainId', 'not a chain id')
  check(NONCE.test(fields.nonce), 'nonce', 'at least 8 letters or digits')
  check(isRfc3339DateTime(issuedAt), 'issuedAt', 'not an RFC 3339 date-time')
  if (fields.expirationTime)
    check(isRfc3339DateTime(fields.expirationTime), 'expirationTime', 'not an RFC 3339 date-time')
  if (fields.notBefore) check(isRfc3339DateTime(fields.notBefore), 'notBefore', 'not an RFC 3339 date-time')
  if (fields.requestId) check(REQUEST_ID.test(fields.requestId), 'requestId', 'only URI path characters')
  for (const resource of fields.resources ?? []) check(isUri(resource), 'resources', 'not an RFC 3986 URI')

  const origin = fields.scheme === undefined ? fields.domain : `${fields.scheme}://${fields.domain}`
  const lines = [`${origin} wants you to sign in with your Ethereum account:`, fields.address, '']
  // Without a statement its line stays empty; with one it is followed by an empty line.
  lines.push(...(fields.statement === undefined ? [''] : [fields.statement, '']))
  lines.push(
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${issuedAt}`,
  )
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}
