import { InvalidParamsRpcError } from '@latch/core'

/** Commitments a sign-and-send's preflight may use (spec §5). */
export const PREFLIGHT_COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const

export type PreflightCommitment = (typeof PREFLIGHT_COMMITMENTS)[number]

/** Options of a Solana sign-and-send (spec §5). */
export interface SolanaSendOptions {
  skipPreflight?: boolean | undefined
  preflightCommitment?: PreflightCommitment | undefined
  /** Times the RPC node retries sending; a non-negative integer. */
  maxRetries?: number | undefined
  /** The minimum slot the request may be evaluated at; a non-negative integer. */
  minContextSlot?: number | undefined
}

const KEYS = new Set(['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'])

function invalid(detail: string): never {
  throw new InvalidParamsRpcError({ details: detail })
}

/** Checks sign-and-send options against the values spec §5 allows; returns only the given ones. */
export function parseSendOptions(options: unknown): SolanaSendOptions {
  if (options === undefined) return {}
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    invalid('Solana send options must be an object.')
  const given = options as Record<string, unknown>
  for (const key of Object.keys(given)) if (!KEYS.has(key)) invalid(`Unknown Solana send option "${key}".`)
  const result: SolanaSendOptions = {}
  const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = given
  if (skipPreflight !== undefined) {
    if (typeof skipPreflight !== 'boolean') invalid('skipPreflight must be true or false.')
    result.skipPreflight = skipPreflight
  }
  if (preflightCommitment !== undefined) {
    if (!PREFLIGHT_COMMITMENTS.includes(preflightCommitment as PreflightCommitment))
      invalid(`preflightCommitment must be one of ${PREFLIGHT_COMMITMENTS.join(', ')}.`)
    result.preflightCommitment = preflightCommitment as PreflightCommitment
  }
  for (const [key, value] of [
    ['maxRetries', maxRetries],
    ['minContextSlot', minContextSlot],
  ] as const) {
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      invalid(`${key} must be a non-negative integer.`)
    result[key] = value
  }
  return result
}

const MODERN: Record<PreflightCommitment, 'processed' | 'confirmed' | 'finalized'> = {
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
}

/**
 * The options as wallets and current RPC nodes take them: the deprecated commitments are sent
 * as their current names (recent → processed, single / singleGossip → confirmed, root / max →
 * finalized), as Solana's RPC documents them.
 */
export function toWireSendOptions(options: SolanaSendOptions): Omit<
  SolanaSendOptions,
  'preflightCommitment'
> & {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
} {
  const { preflightCommitment, ...rest } = options
  return preflightCommitment ? { ...rest, preflightCommitment: MODERN[preflightCommitment] } : rest
}
