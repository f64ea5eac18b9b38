import { createPublicClient, type Hex, hashMessage, http } from 'viem'

// localSiwx's check of a contract account's signature, loaded with import() only for a signature
// that is not the account's own key's.

/** ERC-1271's magic value: a contract account's `isValidSignature` returns it for a valid signature. */
const erc1271MagicValue = '0x1626ba7e'
const erc1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: 'magicValue', type: 'bytes4' }],
  },
] as const

/**
 * Asks the account on chain over `rpcUrl`: ERC-1271's `isValidSignature` by eth_call; an account
 * not deployed yet signs with ERC-6492 (its factory's call wrapped around the signature), which
 * viem's `verifyHash` simulates.
 */
export async function verifyContractSignature(parameters: {
  address: Hex
  message: string
  signature: Hex
  rpcUrl: string
}): Promise<void> {
  const { address, message, signature, rpcUrl } = parameters
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) })
  // ERC-6492's suffix (viem's isErc6492Signature checks the same, with more code on the first load).
  if (signature.toLowerCase().endsWith('6492'.repeat(16))) {
    // An account not deployed yet: its factory's call is simulated before `isValidSignature`.
    const valid = await client
      .verifyHash({ address, hash: hashMessage(message), signature })
      .catch(() => false)
    if (!valid)
      throw new Error(
        `The contract account ${address} did not accept the signature (ERC-6492: the account its factory creates does not sign it)`,
      )
    return
  }
  const answer = await client
    .readContract({
      address,
      abi: erc1271Abi,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    })
    .catch(() => undefined)
  if (answer === undefined) throw new Error('The signature does not match the address')
  if (answer.toLowerCase() !== erc1271MagicValue)
    throw new Error(
      `The contract account ${address} did not accept the signature (isValidSignature returned ${answer}, not ${erc1271MagicValue})`,
    )
}
