import { createHmac, timingSafeEqual } from 'node:crypto'
import { WebhookError } from './provider.js'

/** How old a webhook's signature may be: a captured one cannot be replayed later than this. */
export const webhookToleranceSeconds = 300

/** HMAC-SHA256 of a text with a secret. */
export const hmacSha256 = (secret: string, text: string): Buffer =>
  createHmac('sha256', secret).update(text, 'utf8').digest()

/** Whether a signature (its bytes as sent) is the expected one, compared in constant time. */
export function sameSignature(expected: Buffer, given: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(expected, given)
}

/** Refuses a signature made too long before (or after) now. */
export function checkAge(signedAtSeconds: number, nowSeconds: number): void {
  if (!Number.isFinite(signedAtSeconds) || Math.abs(nowSeconds - signedAtSeconds) > webhookToleranceSeconds)
    throw new WebhookError('bad_signature', 'The webhook signature is too old')
}

/** `a=1,b=2` header parts, at most a few. */
export function headerParts(value: string | undefined): Map<string, string> {
  return new Map(
    (value ?? '')
      .split(',')
      .slice(0, 8)
      .map((part) => {
        const at = part.indexOf('=')
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string]
      })
      .filter(([key]) => key.length > 0),
  )
}

/** The JSON body of a verified webhook, or the refusal. */
export function jsonOf(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody)
  } catch {
    throw new WebhookError('invalid_event', 'The webhook body is not JSON')
  }
}

export const badEvent = () => new WebhookError('invalid_event', 'The webhook event is malformed')

/** A transaction hash as delivered: EVM hashes lowercased, Solana signatures as they are. */
export function txHashOf(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || !/^(?:0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/.test(value))
    throw badEvent()
  return value.startsWith('0x') ? value.toLowerCase() : value
}

/** A provider's id for a thing: short, no spaces or control characters. */
export function idOf(value: unknown, max = 128): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_.:-]+$/.test(value) || value.length > max) throw badEvent()
  return value
}
