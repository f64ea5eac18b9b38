import { BaseError } from './errors/base.js'
import type { CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace } from './types.js'

// Character sets from CAIP-2 and CAIP-10.
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/

export type InvalidCaipIdErrorType = InvalidCaipIdError & { name: 'InvalidCaipIdError' }
export class InvalidCaipIdError extends BaseError {
  override name = 'InvalidCaipIdError' as const
  constructor({ kind, value }: { kind: 'CAIP-2' | 'CAIP-10'; value: unknown }) {
    super(`Invalid ${kind} id`, {
      metaMessages: [`Received: ${typeof value === 'string' ? value : typeof value}`],
    })
  }
}

export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
}

export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  const [namespace = '', reference = '', ...rest] = value.split(':')
  return rest.length === 0 && NAMESPACE.test(namespace) && REFERENCE.test(reference)
}

export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 3 && isCaipNetworkId(`${parts[0]}:${parts[1]}`) && ACCOUNT.test(parts[2] ?? '')
}

/** `eip155:1` → `{ namespace: 'eip155', reference: '1' }`. @throws InvalidCaipIdError */
export function parseCaipNetworkId(value: unknown): ParsedCaipNetworkId {
  if (!isCaipNetworkId(value)) throw new InvalidCaipIdError({ kind: 'CAIP-2', value })
  const [namespace = '', reference = ''] = value.split(':')
  return { namespace, reference }
}

/** @throws InvalidCaipIdError when either part is outside the CAIP-2 character set. */
export function formatCaipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId {
  const id = `${namespace}:${reference}`
  if (!isCaipNetworkId(id)) throw new InvalidCaipIdError({ kind: 'CAIP-2', value: id })
  return id
}

export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  caipNetworkId: CaipNetworkId
  address: string
}

/** `eip155:1:0xab…` → namespace, reference, network id and address. @throws InvalidCaipIdError */
export function parseCaipAddress(value: unknown): ParsedCaipAddress {
  if (!isCaipAddress(value)) throw new InvalidCaipIdError({ kind: 'CAIP-10', value })
  const [namespace = '', reference = '', address = ''] = value.split(':')
  return { namespace, reference, caipNetworkId: `${namespace}:${reference}`, address }
}

/** @throws InvalidCaipIdError */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const id = `${caipNetworkId}:${address}`
  if (!isCaipAddress(id)) throw new InvalidCaipIdError({ kind: 'CAIP-10', value: id })
  return id as CaipAddress
}

export type DefineCaipNetworkParameters = Omit<CaipNetwork, 'caipNetworkId'> & {
  caipNetworkId?: CaipNetworkId | undefined
}

/**
 * Describes a network, deriving `caipNetworkId` from namespace and id.
 *
 * @example
 * const base = defineCaipNetwork({
 *   id: 8453, chainNamespace: 'eip155', name: 'Base',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 *   rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
 * })
 */
export function defineCaipNetwork(parameters: DefineCaipNetworkParameters): CaipNetwork {
  const derived = formatCaipNetworkId(parameters.chainNamespace, parameters.id)
  if (parameters.caipNetworkId !== undefined && parameters.caipNetworkId !== derived) {
    throw new InvalidCaipIdError({ kind: 'CAIP-2', value: parameters.caipNetworkId })
  }
  return { ...parameters, caipNetworkId: derived }
}
