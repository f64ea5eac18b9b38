import { type Address, type Hex, toHex } from 'viem'
import { entryPoint07Address, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { Api } from '../api.js'
import { FrameError } from '../protocol.js'
import { callService, gasEstimate, paymasterFields } from './services.js'
import {
  type AccountCall,
  createAccountData,
  encodeAccountCalls,
  nonceCall,
  stubSignature,
} from './simpleAccount.js'

type Rpc = (method: string, params?: unknown[]) => Promise<unknown>

/** A user operation complete but for its signature, and the hash its owner signs. */
export interface PreparedOperation {
  operation: UserOperation<'0.7'>
  hash: Hex
  /** The paymaster that pays its gas (the project's, through its sponsorship policy). */
  paymaster: Address
}

const quantity = (value: unknown, what: string): bigint => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw new FrameError(`The chain answered an invalid ${what}`, 'RPC_ERROR')
  return BigInt(value)
}

/** The user operation's fields as ERC-4337's JSON-RPC passes them (EntryPoint v0.7, hex quantities). */
export function rpcOperation(op: Partial<UserOperation<'0.7'>> & Pick<UserOperation<'0.7'>, 'sender'>) {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(op)) {
    if (value === undefined) continue
    out[key] = typeof value === 'bigint' ? toHex(value) : value
  }
  return out
}

/**
 * Builds the one user operation that makes `calls` from the account, complete before anything is
 * shown: its nonce from the EntryPoint, its fees from the node (as the frame's transactions), the
 * account's creation when it is not deployed yet, the paymaster's stub data, the gas the bundler
 * estimates, then the paymaster's signed data for exactly those fields. A refusal of the
 * paymaster or the bundler ends it here, before the screen: nothing is signed or sent.
 */
export async function prepareOperation(options: {
  api: Api
  rpc: Rpc
  chainId: string
  sender: Address
  owner: Address
  factory: Address
  deployed: boolean
  calls: readonly AccountCall[]
}): Promise<PreparedOperation> {
  const { api, rpc, chainId, sender, owner, factory, deployed, calls } = options
  const chain = BigInt(chainId.split(':')[1] ?? '0')
  const [nonceAnswer, priorityAnswer, block] = await Promise.all([
    rpc('eth_call', [{ to: entryPoint07Address, data: nonceCall(sender) }, 'latest']),
    rpc('eth_maxPriorityFeePerGas', []),
    rpc('eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: string } | null>,
  ])
  const maxPriorityFeePerGas = quantity(priorityAnswer, 'priority fee')
  const baseFee = block?.baseFeePerGas === undefined ? 0n : quantity(block.baseFeePerGas, 'base fee')
  let op: UserOperation<'0.7'> = {
    sender,
    nonce: quantity(nonceAnswer, 'nonce'),
    ...(deployed ? {} : { factory, factoryData: createAccountData(owner) }),
    callData: encodeAccountCalls(calls),
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas: baseFee * 2n + maxPriorityFeePerGas,
    maxPriorityFeePerGas,
    signature: stubSignature,
  }
  const pm = (method: string) =>
    callService(
      api,
      'paymaster',
      chainId,
      { method, params: [rpcOperation(op), entryPoint07Address, toHex(chain), {}] },
      paymasterFields,
    )
  const withPaymaster = (fields: Awaited<ReturnType<typeof pm>>) => {
    op = {
      ...op,
      paymaster: fields.paymaster as Address,
      paymasterData: fields.paymasterData as Hex,
      ...(fields.paymasterVerificationGasLimit === undefined
        ? {}
        : { paymasterVerificationGasLimit: BigInt(fields.paymasterVerificationGasLimit) }),
      ...(fields.paymasterPostOpGasLimit === undefined
        ? {}
        : { paymasterPostOpGasLimit: BigInt(fields.paymasterPostOpGasLimit) }),
    }
  }
  withPaymaster(await pm('pm_getPaymasterStubData'))
  const gas = await callService(
    api,
    'bundler',
    chainId,
    { method: 'eth_estimateUserOperationGas', params: [rpcOperation(op), entryPoint07Address] },
    gasEstimate,
  )
  op = {
    ...op,
    callGasLimit: BigInt(gas.callGasLimit),
    verificationGasLimit: BigInt(gas.verificationGasLimit),
    preVerificationGas: BigInt(gas.preVerificationGas),
    ...(gas.paymasterVerificationGasLimit === undefined
      ? {}
      : { paymasterVerificationGasLimit: BigInt(gas.paymasterVerificationGasLimit) }),
    ...(gas.paymasterPostOpGasLimit === undefined
      ? {}
      : { paymasterPostOpGasLimit: BigInt(gas.paymasterPostOpGasLimit) }),
  }
  withPaymaster(await pm('pm_getPaymasterData'))
  const { signature: _stub, ...unsigned } = op
  const hash = getUserOperationHash({
    chainId: Number(chain),
    entryPointAddress: entryPoint07Address,
    entryPointVersion: '0.7',
    userOperation: { ...unsigned, signature: '0x' },
  })
  return { operation: { ...op, signature: '0x' }, hash, paymaster: op.paymaster as Address }
}
