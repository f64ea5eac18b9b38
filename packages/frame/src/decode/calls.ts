import { type AbiFunction, decodeFunctionData, encodeFunctionData, getAddress } from 'viem'

// Contract calls for the approval screen. The functions a drainer asks for (token transfers and
// approvals of ERC-20, ERC-721 and ERC-1155, Permit2's approve, multicall) are decoded from their
// ABI with viem, whatever bytes follow the arguments: contracts ignore such bytes, so they are
// shown as extra bytes, never allowed to hide the arguments. Every other selector is named
// unknown, and the raw calldata is always on the screen.

type Param = { name: string; type: string }
const fn = (name: string, inputs: string): AbiFunction => ({
  type: 'function',
  name,
  stateMutability: 'nonpayable',
  outputs: [],
  inputs: inputs.split(',').map((p) => {
    const [type = '', name = ''] = p.trim().split(' ')
    return { type, name }
  }),
})

/**
 * The known functions. ERC-20 and ERC-721 share transfer, transferFrom and approve: the third
 * argument is an amount or a token id, and reads as an amount only when the contract has decimals.
 */
const knownFunctions = [
  fn('transfer', 'address to, uint256 amount'),
  fn('transferFrom', 'address from, address to, uint256 amount'),
  fn('approve', 'address spender, uint256 amount'),
  fn('increaseAllowance', 'address spender, uint256 amount'),
  fn('setApprovalForAll', 'address operator, bool approved'),
  fn('safeTransferFrom', 'address from, address to, uint256 tokenId'),
  fn('safeTransferFrom', 'address from, address to, uint256 tokenId, bytes data'),
  fn('safeTransferFrom', 'address from, address to, uint256 id, uint256 value, bytes data'),
  fn('safeBatchTransferFrom', 'address from, address to, uint256[] ids, uint256[] values, bytes data'),
  // Permit2: an allowance for a token (the first argument) to a spender, until `expiration`.
  fn('approve', 'address token, address spender, uint160 amount, uint48 expiration'),
  fn('multicall', 'bytes[] data'),
  fn('multicall', 'uint256 deadline, bytes[] data'),
]

/** One decoded argument: its ABI name and type, and its value as viem decoded it. */
export interface Argument extends Param {
  value: unknown
}

/** A call as the screen shows it. */
export type DecodedCall =
  | {
      known: true
      selector: string
      signature: string
      name: string
      args: Argument[]
      /** Bytes after the arguments' standard encoding, if any. */
      trailing: `0x${string}` | undefined
      /** The arguments were not in the standard encoding (offsets pointing elsewhere). */
      irregular: boolean
      /** multicall's inner calls, each decoded the same way. */
      inner: DecodedCall[]
    }
  | { known: false; selector: string }

const signatureOf = (f: AbiFunction) => `${f.name}(${f.inputs.map((i) => i.type).join(',')})`

/** How deep multicalls are followed; deeper ones are shown as unknown (raw). */
const maxDepth = 2

/** The call's function and arguments, or unknown; undefined for empty calldata. */
export function decodeCall(data: `0x${string}` | undefined, depth = 0): DecodedCall | undefined {
  if (data === undefined || data === '0x') return undefined
  const selector = data.slice(0, 10).toLowerCase()
  if (data.length < 10 || depth > maxDepth) return { known: false, selector }
  for (const abiItem of knownFunctions) {
    let decoded: ReturnType<typeof decodeFunctionData>
    try {
      decoded = decodeFunctionData({ abi: [abiItem], data })
    } catch {
      continue
    }
    const values = (decoded.args ?? []) as readonly unknown[]
    const canonical = encodeFunctionData({ abi: [abiItem], args: values } as never)
    const regular = data.toLowerCase().startsWith(canonical.toLowerCase())
    const args = abiItem.inputs.map((input, i) => ({
      name: input.name ?? '',
      type: input.type,
      value: input.type === 'address' ? getAddress(values[i] as string) : values[i],
    }))
    const inner =
      abiItem.name === 'multicall'
        ? ((args.at(-1)?.value as readonly `0x${string}`[]) ?? []).map(
            (call) => decodeCall(call, depth + 1) ?? { known: false as const, selector: '0x' },
          )
        : []
    return {
      known: true,
      selector,
      signature: signatureOf(abiItem),
      name: abiItem.name,
      args,
      trailing: regular && data.length > canonical.length ? `0x${data.slice(canonical.length)}` : undefined,
      irregular: !regular,
      inner,
    }
  }
  return { known: false, selector }
}

/** The contract whose tokens an argument named `amount` counts (Permit2 names it). */
export function amountToken(call: DecodedCall, to: string | undefined): string | undefined {
  if (!call.known) return undefined
  const token = call.args.find((a) => a.name === 'token')
  return token ? (token.value as string) : to
}
