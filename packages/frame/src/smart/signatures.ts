import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getTypesForEIP712Domain,
  type Hex,
  hashDomain,
  hashStruct,
  parseAbi,
  serializeErc6492Signature,
  size,
  stringToHex,
  type TypedDataDefinition,
  toPrefixedMessage,
  zeroHash,
} from 'viem'
import { FrameError } from '../protocol.js'
import type { SmartAccount } from './accounts.js'
import { createAccountData } from './simpleAccount.js'

// Message and typed-data signatures of the smart account (ERC-1271), the ERC-7739 way: the owner
// signs the app's message or typed data nested in the account's own EIP-712 domain, so the
// signature is good for this account only; an account not deployed yet wraps it in ERC-6492 (the
// factory and its call), which verifiers such as viem's `verifyMessage` simulate.

type Rpc = (method: string, params?: unknown[]) => Promise<unknown>

/** Spec §8: a message signature from the smart account could not be made (no ERC-1271). */
export const SMART_ACCOUNT_SIGNATURE_REFUSAL = 'This application might not support Smart Accounts'

const factoryAbi = parseAbi(['function accountImplementation() view returns (address)'])
const accountAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
])
/** ERC-7739's detection: `isValidSignature(0x7739…7739, "")` answers 0x77390001 on an account that supports it. */
const detectionHash: Hex = `0x${'7739'.repeat(16)}`
const supportsErc7739 = '0x77390001'
/** ERC-5267's field bits of a domain with name, version, chainId and verifyingContract only. */
const nameVersionChainContract = '0x0f'

/** The part of the account's EIP-712 domain every one of its accounts shares. */
export interface AccountDomain {
  name: string
  version: string
}

const refusal = () => new FrameError(SMART_ACCOUNT_SIGNATURE_REFUSAL, 'SMART_ACCOUNT_SIGNATURE')

/**
 * The EIP-712 name and version of the accounts `factory` creates, read from its implementation
 * (`accountImplementation()`, then ERC-5267's `eip712Domain()`) once it says it signs the ERC-7739
 * way. A factory whose accounts cannot sign (the reference SimpleAccount has no ERC-1271), or that
 * answers anything else, is refused with the spec's message.
 */
export async function readAccountDomain(rpc: Rpc, factory: Address): Promise<AccountDomain> {
  const call = async (to: Address, data: Hex) => {
    const answer = await rpc('eth_call', [{ to, data }, 'latest']).catch(() => undefined)
    if (typeof answer !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(answer)) throw refusal()
    return answer as Hex
  }
  try {
    const implementation = decodeFunctionResult({
      abi: factoryAbi,
      functionName: 'accountImplementation',
      data: await call(
        factory,
        encodeFunctionData({ abi: factoryAbi, functionName: 'accountImplementation' }),
      ),
    })
    const detected = decodeFunctionResult({
      abi: accountAbi,
      functionName: 'isValidSignature',
      data: await call(
        implementation,
        encodeFunctionData({
          abi: accountAbi,
          functionName: 'isValidSignature',
          args: [detectionHash, '0x'],
        }),
      ),
    })
    if (detected !== supportsErc7739) throw refusal()
    const [fields, name, version] = decodeFunctionResult({
      abi: accountAbi,
      functionName: 'eip712Domain',
      data: await call(implementation, encodeFunctionData({ abi: accountAbi, functionName: 'eip712Domain' })),
    })
    if (fields !== nameVersionChainContract || name.length > 100 || version.length > 100) throw refusal()
    return { name, version }
  } catch (error) {
    if (error instanceof FrameError) throw error
    throw refusal()
  }
}

/** One account's EIP-712 domain: the shared name and version, its chain and its address. */
const verifierDomain = (domain: AccountDomain, chainId: number, smart: SmartAccount) => ({
  name: domain.name,
  version: domain.version,
  chainId,
  verifyingContract: getAddress(smart.address),
})

/** What the owner signs for a personal_sign of `message` (its bytes) by the smart account: ERC-7739's PersonalSign. */
export function personalSignTypedData(
  message: Hex,
  domain: AccountDomain,
  chainId: number,
  smart: SmartAccount,
): TypedDataDefinition {
  return {
    domain: verifierDomain(domain, chainId, smart),
    types: { PersonalSign: [{ name: 'prefixed', type: 'bytes' }] },
    primaryType: 'PersonalSign',
    message: { prefixed: toPrefixedMessage({ raw: message }) },
  }
}

/** The app's typed data as an EIP-712 definition. */
export interface AppTypedData {
  domain?: Record<string, unknown> | undefined
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

/** What the owner signs for the app's typed data by the smart account: ERC-7739's TypedDataSign, in the app's domain. */
export function typedDataSignTypedData(
  app: AppTypedData,
  domain: AccountDomain,
  chainId: number,
  smart: SmartAccount,
): TypedDataDefinition {
  if ('TypedDataSign' in app.types || app.primaryType === 'TypedDataSign')
    throw new FrameError('Invalid typed data', 'INVALID_PARAMS')
  return {
    domain: app.domain,
    types: {
      ...app.types,
      TypedDataSign: [
        { name: 'contents', type: app.primaryType },
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
        { name: 'salt', type: 'bytes32' },
      ],
    },
    primaryType: 'TypedDataSign',
    message: { contents: app.message, ...verifierDomain(domain, chainId, smart), salt: zeroHash },
  } as TypedDataDefinition
}

/**
 * EIP-712's encoding of a struct type: the primary type, then the struct types it uses (at any
 * depth), sorted by name, each as `Name(type field,…)`.
 */
function encodeType(primaryType: string, types: AppTypedData['types']): string {
  const uses = new Set<string>()
  const visit = (type: string) => {
    const name = type.replace(/(\[[0-9]*\])+$/, '')
    if (uses.has(name) || types[name] === undefined) return
    uses.add(name)
    for (const field of types[name]) visit(field.type)
  }
  visit(primaryType)
  uses.delete(primaryType)
  return [primaryType, ...[...uses].sort()]
    .map((name) => `${name}(${(types[name] ?? []).map((field) => `${field.type} ${field.name}`).join(',')})`)
    .join('')
}

/**
 * The owner's signature of {@link typedDataSignTypedData} as the account checks it (ERC-7739): the
 * signature, the app's domain separator, the contents' struct hash, the contents' type and its
 * length. Written here rather than taken from viem's `wrapTypedDataSignature`, whose module
 * brings a second secp256k1 into the frame (12.7 KiB gzip); the unit tests hold it to viem's.
 */
export function wrapTypedDataSign(app: AppTypedData, signature: Hex): Hex {
  const domain = app.domain ?? {}
  const appSeparator = hashDomain({
    domain,
    types: { EIP712Domain: getTypesForEIP712Domain({ domain }) },
  } as Parameters<typeof hashDomain>[0])
  const contents = hashStruct({
    data: app.message,
    types: app.types,
    primaryType: app.primaryType,
  } as Parameters<typeof hashStruct>[0])
  const description = stringToHex(encodeType(app.primaryType, app.types))
  return encodePacked(
    ['bytes', 'bytes32', 'bytes32', 'bytes', 'uint16'],
    [signature, appSeparator, contents, description, size(description)],
  )
}

/** An account not deployed yet signs with ERC-6492: the factory and its call, then the signature. */
export const counterfactual = (
  signature: Hex,
  smart: SmartAccount,
  owner: Address,
  deployed: boolean,
): Hex =>
  deployed
    ? signature
    : serializeErc6492Signature({ address: smart.factory, data: createAccountData(owner), signature })
