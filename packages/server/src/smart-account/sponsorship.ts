import {
  type Address,
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  getAddress,
  type Hex,
  keccak256,
  pad,
  parseAbi,
  toHex,
} from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import type { LimitStore } from '../limits/store.js'
import type { SponsorshipPolicy } from '../storage/smart-accounts.js'

/** The EntryPoint the paymaster service signs for (v0.7, its canonical address). */
export const sponsoredEntryPoint: Address = entryPoint07Address

/** A user operation as ERC-7677 passes it (EntryPoint v0.7 fields, quantities in hex). */
export interface UserOperationV07 {
  sender: Address
  nonce: Hex
  factory?: Address | null | undefined
  factoryData?: Hex | null | undefined
  callData: Hex
  callGasLimit: Hex
  verificationGasLimit: Hex
  preVerificationGas: Hex
  maxFeePerGas: Hex
  maxPriorityFeePerGas: Hex
  paymasterVerificationGasLimit?: Hex | null | undefined
  paymasterPostOpGasLimit?: Hex | null | undefined
}

/** A refused sponsorship: its JSON-RPC code and the message the caller reads. */
export class SponsorshipRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** JSON-RPC codes of a refusal: the policy says no (EIP-1474 "transaction rejected"), or a cap is reached. */
export const refusalCodes = { policy: -32003, cap: -32005 } as const

// The smart accounts' call entry points whose targets the policy reads: the reference
// SimpleAccount's execute and both shapes of executeBatch.
const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch(address[] dest, bytes[] func)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** The contracts a user operation's callData calls, or undefined when it is not a known account call. */
export function callTargets(callData: Hex): Address[] | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof accountAbi>>
  try {
    decoded = decodeFunctionData({ abi: accountAbi, data: callData })
  } catch {
    return undefined
  }
  if (decoded.functionName === 'execute') return [decoded.args[0]]
  const [first] = decoded.args
  if (first.length === 0) return undefined
  return first.map((item) => (typeof item === 'string' ? item : item.target))
}

/**
 * Checks a user operation against the project's policy (not the caps): sponsorship on, every call
 * target on the allow-list. Throws {@link SponsorshipRefused} with the reason.
 */
export function checkPolicy(policy: SponsorshipPolicy, chainId: string, op: UserOperationV07): void {
  if (!policy.enabled)
    throw new SponsorshipRefused(
      refusalCodes.policy,
      `Sponsorship refused: this project does not sponsor user operations on ${chainId}`,
    )
  const targets = callTargets(op.callData)
  if (targets === undefined)
    throw new SponsorshipRefused(
      refusalCodes.policy,
      "Sponsorship refused: the user operation's callData is not a call of the account's execute or executeBatch",
    )
  const allowed = new Set(policy.allow.map((a) => a.toLowerCase()))
  for (const target of targets)
    if (!allowed.has(target.toLowerCase()))
      throw new SponsorshipRefused(
        refusalCodes.policy,
        `Sponsorship refused: ${getAddress(target)} is not a contract this project sponsors calls to`,
      )
}

const day = 24 * 60 * 60 * 1000

/**
 * Counts one sponsored operation against the caps (per account and day, then per project and
 * day, in the limit store); throws {@link SponsorshipRefused} when one is reached.
 */
export async function countSponsorship(
  store: LimitStore,
  projectId: string,
  chainId: string,
  policy: SponsorshipPolicy,
  sender: Address,
): Promise<void> {
  const today = new Date().toISOString().slice(0, 10)
  const user = await store.increment(
    `sponsor:user:${projectId}:${chainId}:${sender.toLowerCase()}:${today}`,
    day,
  )
  if (user.count > policy.perUserDaily)
    throw new SponsorshipRefused(
      refusalCodes.cap,
      `Sponsorship refused: this account reached the project's limit of ${policy.perUserDaily} sponsored user operations a day`,
    )
  const all = await store.increment(`sponsor:day:${projectId}:${chainId}:${today}`, day)
  if (all.count > policy.perDay)
    throw new SponsorshipRefused(
      refusalCodes.cap,
      `Sponsorship refused: this project reached its limit of ${policy.perDay} sponsored user operations today`,
    )
}

/** What the paymaster service answers (ERC-7677, EntryPoint v0.7). */
export interface PaymasterFields {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: Hex
  paymasterPostOpGasLimit: Hex
}

/** The gas the reference VerifyingPaymaster's validation takes at most (it has no postOp). */
const defaultVerificationGas = 60_000n
/** How long a signed sponsorship may wait for its bundle. */
const validitySeconds = 10 * 60
/**
 * A well-formed signature by a throwaway key, for estimation: the paymaster recovers a signer
 * that is not its own and answers "invalid signature" (which estimation ignores) instead of
 * reverting, as it would on a malformed one.
 */
const stubSignature: Hex =
  '0x0852d5e0585f1555097071c7f09c52a44c3c17bf403ec7244f3baa5f4efd88d6414e933e946e06d42d517420deabba7f2f5680bf34e1b73ee0da2275002984761b'

const uint48Pair = (validUntil: number, validAfter: number) =>
  encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])

/** Stub fields for gas estimation: the right shape and length, signed by no one. */
export function stubFields(paymaster: Address): PaymasterFields {
  return {
    paymaster,
    paymasterData: concat([uint48Pair(0, 0), stubSignature]),
    paymasterVerificationGasLimit: toHex(defaultVerificationGas),
    paymasterPostOpGasLimit: '0x0',
  }
}

/**
 * The reference VerifyingPaymaster's `getHash` (EntryPoint v0.7), computed off chain, signed
 * with the key it trusts (an EIP-191 personal message of the hash).
 */
export async function signedFields(options: {
  paymaster: Address
  signerKey: Hex
  chainId: number
  op: UserOperationV07
  now?: number
}): Promise<PaymasterFields> {
  const { op, paymaster, chainId } = options
  const validUntil = Math.floor((options.now ?? Date.now()) / 1000) + validitySeconds
  const validAfter = 0
  const verificationGas = op.paymasterVerificationGasLimit
    ? BigInt(op.paymasterVerificationGasLimit)
    : defaultVerificationGas
  const postOpGas = op.paymasterPostOpGasLimit ? BigInt(op.paymasterPostOpGasLimit) : 0n
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  const accountGasLimits = concat([
    pad(toHex(BigInt(op.verificationGasLimit)), { size: 16 }),
    pad(toHex(BigInt(op.callGasLimit)), { size: 16 }),
  ])
  const gasFees = concat([
    pad(toHex(BigInt(op.maxPriorityFeePerGas)), { size: 16 }),
    pad(toHex(BigInt(op.maxFeePerGas)), { size: 16 }),
  ])
  const paymasterGas = BigInt(
    concat([pad(toHex(verificationGas), { size: 16 }), pad(toHex(postOpGas), { size: 16 })]),
  )
  const hash = keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        BigInt(op.nonce),
        keccak256(initCode),
        keccak256(op.callData),
        accountGasLimits,
        paymasterGas,
        BigInt(op.preVerificationGas),
        gasFees,
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  )
  const signature = await privateKeyToAccount(options.signerKey).signMessage({ message: { raw: hash } })
  return {
    paymaster,
    paymasterData: concat([uint48Pair(validUntil, validAfter), signature]),
    paymasterVerificationGasLimit: toHex(verificationGas),
    paymasterPostOpGasLimit: toHex(postOpGas),
  }
}
