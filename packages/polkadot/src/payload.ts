import { InvalidParamsRpcError } from '@latch/core'
import { s } from '@latch/core/internal'

/**
 * A transaction payload as Polkadot extensions sign it (`signer.signPayload`): the fields of
 * `SignerPayloadJSON`, every number as hex.
 */
export interface PolkadotSignerPayload {
  address: string
  blockHash: `0x${string}`
  blockNumber: `0x${string}`
  era: `0x${string}`
  genesisHash: `0x${string}`
  /** The call, SCALE-encoded. */
  method: `0x${string}`
  nonce: `0x${string}`
  signedExtensions: string[]
  specVersion: `0x${string}`
  tip: `0x${string}`
  transactionVersion: `0x${string}`
  version: number
  /** CheckMetadataHash: 1 with `metadataHash`, 0 (the default) without. */
  mode?: number | undefined
  metadataHash?: `0x${string}` | null | undefined
  withSignedTransaction?: boolean | undefined
}

/**
 * The signed extensions whose signed bytes the kit can lay out without the chain's metadata
 * (those of the relay chains); a payload naming any other is refused before the wallet is
 * asked, since its signature could not be checked.
 */
export const KNOWN_SIGNED_EXTENSIONS = [
  'CheckNonZeroSender',
  'CheckSpecVersion',
  'CheckTxVersion',
  'CheckGenesis',
  'CheckMortality',
  'CheckEra',
  'CheckNonce',
  'CheckWeight',
  'ChargeTransactionPayment',
  'PrevalidateAttests',
  'CheckMetadataHash',
  'WeightReclaim',
  'StorageWeightReclaim',
] as const

const hexOf = (bytes?: number) =>
  s
    .string()
    .regex(
      bytes === undefined ? /^0x(?:[0-9a-fA-F]{2}){0,16}$/ : new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`),
      bytes === undefined ? 'Expected a hex number' : `Expected ${bytes} bytes of hex`,
    )

/** `SignerPayloadJSON` as the kit accepts it (version 4, the signed extensions it can lay out). */
const PAYLOAD = s.object({
  address: s
    .string()
    .min(1)
    .regex(/^[1-9A-HJ-NP-Za-km-z]{1,64}$/, 'Expected an SS58 address'),
  blockHash: hexOf(32),
  blockNumber: hexOf(),
  era: s.string().regex(/^0x(?:[0-9a-fA-F]{2}){1,2}$/, 'Expected one or two bytes of hex'),
  genesisHash: hexOf(32),
  method: s.string().regex(/^0x(?:[0-9a-fA-F]{2}){2,}$/, 'Expected the encoded call (hex)'),
  nonce: hexOf(),
  signedExtensions: s.array(s.enum(KNOWN_SIGNED_EXTENSIONS)),
  specVersion: hexOf(),
  tip: hexOf(),
  transactionVersion: hexOf(),
  version: s.literal(4),
  mode: s.enum([0, 1]).optional(),
  metadataHash: s.union([hexOf(32), s.literal(null)]).optional(),
  withSignedTransaction: s.boolean().optional(),
})

/** The payload checked field by field; throws the kit's invalid-params error naming the field. */
export function checkPayload(value: unknown): PolkadotSignerPayload {
  const result = PAYLOAD.safeParse(value)
  if (!result.success) {
    const issue = result.issues[0]
    throw new InvalidParamsRpcError({
      details: `payload${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'Invalid input'}`,
    })
  }
  const payload = result.data as PolkadotSignerPayload
  if (payload.mode === 1 && !payload.metadataHash)
    throw new InvalidParamsRpcError({ details: 'payload.metadataHash: Required when mode is 1' })
  return payload
}
