import { base58 as base58Codec } from '@scure/base'
import { type TokenBalance, toNumeric } from './balances.js'

/** An SPL token a project lists: the mint, and the name and symbol to show (mints carry none). */
export interface ListedSplToken {
  /** CAIP-2 id of the Solana chain, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  /** The mint's address (base58). */
  address: string
  name: string
  symbol: string
  iconUrl?: string | undefined
}

const solanaChain = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/
const base58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** Whether a string is a Solana address: base58 of exactly 32 bytes. */
export function isSolanaAddress(value: string): boolean {
  if (!base58.test(value)) return false
  try {
    return base58Codec.decode(value).length === 32
  } catch {
    return false
  }
}

/** The Solana entries of a project's token list, each checked (mint, name, symbol, https icon). */
export function parseSplTokenList(value: readonly unknown[], where: string): ListedSplToken[] {
  return value.map((entry, index) => {
    const at = `${where}[${index}]`
    const { chainId, address, name, symbol, iconUrl } = (entry ?? {}) as Record<string, unknown>
    if (typeof chainId !== 'string' || !solanaChain.test(chainId))
      throw new TypeError(`${at}.chainId: expected a CAIP-2 solana id`)
    if (typeof address !== 'string' || !isSolanaAddress(address))
      throw new TypeError(`${at}.address: expected the mint's base58 address`)
    if (typeof name !== 'string' || !name.trim() || typeof symbol !== 'string' || !symbol.trim())
      throw new TypeError(`${at}: an SPL token needs a name and a symbol`)
    if (iconUrl !== undefined && (typeof iconUrl !== 'string' || !iconUrl.startsWith('https://')))
      throw new TypeError(`${at}.iconUrl: expected an https URL`)
    return { chainId, address, name: name.trim(), symbol: symbol.trim(), ...(iconUrl ? { iconUrl } : {}) }
  })
}

const tokenPrograms = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  // Token-2022: its accounts share the classic layout, so jsonParsed gives the same fields.
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]

interface ParsedTokenAccount {
  account?: {
    data?: { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } }
  }
}

/**
 * SOL and the SPL tokens (classic and Token-2022) an address holds on a Solana chain:
 * `getBalance` and `getTokenAccountsByOwner` for each token program in one JSON-RPC batch, so
 * one round trip. Tokens with decimals 0 are dropped (spec §5), as are empty accounts. Listed
 * mints get their name and symbol; others show a shortened mint.
 */
export async function readSolanaBalances(parameters: {
  rpcUrl: string
  chainId: string
  address: string
  tokens: readonly ListedSplToken[]
  timeoutMs: number
}): Promise<TokenBalance[]> {
  const { rpcUrl, chainId, address, tokens, timeoutMs } = parameters
  const batch = [
    { jsonrpc: '2.0', id: 0, method: 'getBalance', params: [address, { commitment: 'confirmed' }] },
    ...tokenPrograms.map((programId, index) => ({
      jsonrpc: '2.0',
      id: index + 1,
      method: 'getTokenAccountsByOwner',
      params: [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    })),
  ]
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(batch),
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) throw new Error(`The Solana node answered ${response.status}`)
  const answers = (await response.json()) as { id?: unknown; result?: { value?: unknown }; error?: unknown }[]
  if (!Array.isArray(answers)) throw new Error('The Solana node did not answer the batch')
  const byId = new Map(answers.map((a) => [a?.id, a]))
  const lamports = byId.get(0)?.result?.value
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0)
    throw new Error('The Solana node gave no balance')
  const entries: TokenBalance[] = [
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId,
      quantity: { decimals: '9', numeric: toNumeric(BigInt(lamports), 9) },
      iconUrl: '',
    },
  ]
  const held = new Map<string, { raw: bigint; decimals: number }>()
  for (const id of [1, 2]) {
    const value = byId.get(id)?.result?.value
    if (!Array.isArray(value)) throw new Error('The Solana node gave no token accounts')
    for (const item of value as ParsedTokenAccount[]) {
      const info = item?.account?.data?.parsed?.info
      const mint = info?.mint
      const amount = info?.tokenAmount?.amount
      const decimals = info?.tokenAmount?.decimals
      if (typeof mint !== 'string' || !isSolanaAddress(mint)) continue
      if (typeof amount !== 'string' || !/^[0-9]{1,20}$/.test(amount)) continue
      if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 1 || decimals > 255)
        continue
      const before = held.get(mint)?.raw ?? 0n
      held.set(mint, { raw: before + BigInt(amount), decimals })
    }
  }
  for (const [mint, { raw, decimals }] of held) {
    if (raw === 0n) continue
    const listed = tokens.find((token) => token.address === mint)
    const short = `${mint.slice(0, 4)}…${mint.slice(-4)}`
    entries.push({
      name: listed?.name ?? short,
      symbol: listed?.symbol ?? short,
      chainId,
      address: `${chainId}:${mint}`,
      quantity: { decimals: String(decimals), numeric: toNumeric(raw, decimals) },
      iconUrl: listed?.iconUrl ?? '',
    })
  }
  return entries
}
