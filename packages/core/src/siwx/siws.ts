// Sign-In With Solana: the CAIP-122 message of the solana namespace, in the text form Solana
// wallets write for `solana:signIn`. Pure text, no dependencies: the page formats it, wallets
// sign its UTF-8 bytes with ed25519, verifiers parse it back.

/** The fields of a Sign-In With Solana message. Times are RFC 3339 strings. */
export interface SiwsMessageFields {
  domain: string
  /** The base58 account that signs. */
  address: string
  statement?: string | undefined
  uri?: string | undefined
  version?: string | undefined
  /** `mainnet`, `devnet`, `testnet`, or another chain's CAIP-2 reference (its genesis hash prefix). */
  chainId?: string | undefined
  nonce?: string | undefined
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

const HEADER = ' wants you to sign in with your Solana account:'
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** CAIP-2 references of Solana's public clusters, by the name the sign-in message uses. */
export const SIWS_CLUSTERS: Readonly<Record<string, string>> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

/** The message's Chain ID for a CAIP-2 solana chain: the cluster's name, else the reference. */
export function siwsChainId(caip2: string): string {
  const [namespace, reference] = caip2.split(':')
  if (namespace !== 'solana' || !reference) throw new Error(`Not a solana chain: ${caip2}`)
  return Object.entries(SIWS_CLUSTERS).find(([, ref]) => ref === reference)?.[0] ?? reference
}

/** The CAIP-2 chain a message's Chain ID names (a cluster name or a reference). */
export function siwsCaip2(chainId: string): string {
  return `solana:${SIWS_CLUSTERS[chainId] ?? chainId}`
}

const LINES: readonly [keyof SiwsMessageFields, string][] = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
]

function oneLine(name: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`Invalid sign-in message ${name}: no line breaks`)
  return value
}

/**
 * Writes a Sign-In With Solana message: the header and address, the statement after an empty
 * line when there is one, then the present fields after another empty line.
 *
 * @example
 * formatSiwsMessage({ domain: 'example.com', address, nonce: 'k3n8Qz0pXa', chainId: 'mainnet' })
 */
export function formatSiwsMessage(fields: SiwsMessageFields): string {
  if (!fields.domain || /[\s/]/.test(fields.domain)) throw new Error('Invalid sign-in message domain')
  if (!BASE58.test(fields.address)) throw new Error('Invalid sign-in message address: not base58')
  let message = `${fields.domain}${HEADER}\n${fields.address}`
  if (fields.statement) message += `\n\n${oneLine('statement', fields.statement)}`
  const lines: string[] = []
  for (const [key, label] of LINES) {
    const value = fields[key]
    if (typeof value === 'string' && value) lines.push(`${label}: ${oneLine(key, value)}`)
  }
  if (fields.resources?.length) {
    lines.push('Resources:')
    for (const resource of fields.resources) lines.push(`- ${oneLine('resources', resource)}`)
  }
  if (lines.length) message += `\n\n${lines.join('\n')}`
  return message
}

/** Reads a Sign-In With Solana message; undefined when the text is not one. */
export function parseSiwsMessage(message: string): SiwsMessageFields | undefined {
  if (typeof message !== 'string' || message.length > 8192) return undefined
  const lines = message.split('\n')
  const first = lines[0] ?? ''
  if (!first.endsWith(HEADER)) return undefined
  const domain = first.slice(0, -HEADER.length)
  const address = lines[1] ?? ''
  if (!domain || /\s/.test(domain) || !BASE58.test(address)) return undefined
  const fields: SiwsMessageFields = { domain, address }
  let i = 2
  const labels = new Map(LINES.map(([key, label]) => [label, key]))
  const isField = (line: string | undefined) =>
    line === 'Resources:' || (line !== undefined && labels.has(line.slice(0, line.indexOf(': '))))
  // A statement is the line after the address's empty line that an empty line (or the end) follows.
  if (
    lines[i] === '' &&
    lines[i + 1] !== undefined &&
    (lines[i + 2] === '' || (lines.length === i + 2 && !isField(lines[i + 1])))
  ) {
    fields.statement = lines[i + 1]
    i += 2
  }
  if (i < lines.length) {
    if (lines[i] !== '') return undefined
    i++
  }
  let last = -1
  for (; i < lines.length; i++) {
    const line = lines[i] as string
    if (line === 'Resources:') {
      const resources = lines.slice(i + 1)
      if (!resources.every((r) => r.startsWith('- '))) return undefined
      fields.resources = resources.map((r) => r.slice(2))
      break
    }
    const at = line.indexOf(': ')
    const key = at > 0 ? labels.get(line.slice(0, at)) : undefined
    const order = key ? LINES.findIndex(([k]) => k === key) : -1
    // Each field once, in the format's order.
    if (!key || order <= last) return undefined
    last = order
    ;(fields as unknown as Record<string, string>)[key] = line.slice(at + 2)
  }
  return fields
}
