import type { Eip1193Provider } from './types.js'

/** EIP-6963 provider info. */
export interface WalletInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // Only reached on insecure origins, where randomUUID is missing; v4 layout from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Announces `provider` per EIP-6963: once now, and again on every `eip6963:requestProvider`.
 * Returns a function that stops answering.
 *
 * @example
 * const stop = announceWallet(provider, { name: 'Latch Dev Wallet', rdns: 'dev.latch.wallet', icon })
 */
export function announceWallet(
  provider: Eip1193Provider,
  info: { name: string; rdns: string; icon: string; uuid?: string | undefined },
  target: EventTarget = globalThis as unknown as EventTarget,
): () => void {
  if (!info.icon.startsWith('data:image/') && !info.icon.startsWith('https:'))
    throw new Error('EIP-6963 icons must be data:image/ URIs (or https: URLs).')
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: info.uuid ?? randomUuid(),
      name: info.name,
      icon: info.icon,
      rdns: info.rdns,
    }),
    provider,
  })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
