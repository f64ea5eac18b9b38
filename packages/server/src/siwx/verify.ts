import {
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  isAddress,
  isErc6492Signature,
  isHex,
  recoverMessageAddress,
} from 'viem'
import { parseSiweMessage } from 'viem/siwe'

/** A refused sign-in, with the reason shown to the caller. */
export class SignInRefused extends Error {
  override name = 'SignInRefused' as const
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** ERC-1271's magic value: `isValidSignature` returns it for a valid signature. */
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

/** How far a client's clock may be ahead of ours. */
export const clockSkewMs = 60_000

export interface CheckedMessage {
  domain: string
  address: `0x${string}`
  uri: string
  chainId: number
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
}

/**
 * Reads an EIP-4361 message and checks what does not need the network: its origin is the
 * request's (`domain` is the host of `Origin`, `uri` has the same origin) and its times are valid now.
 */
export function checkMessage(message: string, requestOrigin: string, now = Date.now()): CheckedMessage {
  const fields = parseSiweMessage(message)
  const { domain, address, uri, chainId, nonce, issuedAt, version } = fields
  if (!domain || !address || !uri || chainId === undefined || !nonce || !issuedAt || version !== '1')
    throw new SignInRefused('invalid_message', 'The sign-in message is not an EIP-4361 message')
  if (!isAddress(address, { strict: false }))
    throw new SignInRefused('invalid_message', 'The sign-in message has no valid address')
  const origin = new URL(requestOrigin)
  let uriOrigin: string
  try {
    uriOrigin = new URL(uri).origin
  } catch {
    uriOrigin = ''
  }
  if (
    domain !== origin.host ||
    uriOrigin !== origin.origin ||
    (fields.scheme && `${fields.scheme}:` !== origin.protocol)
  )
    throw new SignInRefused('foreign_domain', `The sign-in message is for ${domain}, not for ${origin.host}`)
  if (issuedAt.getTime() > now + clockSkewMs)
    throw new SignInRefused('not_yet_valid', 'The sign-in message is issued in the future')
  if (fields.notBefore && fields.notBefore.getTime() > now + clockSkewMs)
    throw new SignInRefused('not_yet_valid', 'The sign-in message is not valid yet')
  if (fields.expirationTime && fields.expirationTime.getTime() <= now)
    throw new SignInRefused('expired', 'The sign-in message has expired')
  return { domain, address, uri, chainId, nonce, issuedAt, expirationTime: fields.expirationTime }
}

/**
 * Verifies the signature of `message` by `address`: an EOA signature (eip191) is recovered
 * locally; otherwise the account is asked on chain (`isValidSignature`, eip1271) over `rpcUrl`;
 * an account not deployed yet signs with ERC-6492 (its factory's call wrapped around the
 * signature), which is simulated over `rpcUrl` (viem's `verifyHash`).
 */
export async function verifySignature(parameters: {
  message: string
  address: `0x${string}`
  signature: string
  rpcUrl: string
}): Promise<'eip191' | 'eip1271'> {
  const { message, address, rpcUrl } = parameters
  if (!isHex(parameters.signature) || parameters.signature.length < 4)
    throw new SignInRefused('invalid_signature', 'The signature is not hex')
  const signature = parameters.signature as Hex
  if (signature.length === 132) {
    try {
      const signer = await recoverMessageAddress({ message, signature })
      if (signer.toLowerCase() === address.toLowerCase()) return 'eip191'
    } catch {
      // Not a recoverable signature: maybe a contract account's.
    }
  }
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) })
  if (isErc6492Signature(signature)) {
    const valid = await client
      .verifyHash({ address, hash: hashMessage(message), signature })
      .catch(() => false)
    if (!valid)
      throw new SignInRefused(
        'invalid_signature',
        `The contract account ${address} did not accept the signature (ERC-6492: the account its factory creates does not sign it)`,
      )
    return 'eip1271'
  }
  let result: string
  try {
    result = await client.readContract({
      address,
      abi: erc1271Abi,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    })
  } catch {
    throw new SignInRefused('invalid_signature', 'The signature does not match the address')
  }
  if (result.toLowerCase() !== erc1271MagicValue)
    throw new SignInRefused(
      'invalid_signature',
      `The contract account ${address} did not accept the signature (isValidSignature returned ${result}, not ${erc1271MagicValue})`,
    )
  return 'eip1271'
}
