import { s } from '@latch/core/internal'
import { type Hex, toHex } from 'viem'
import type { Api } from '../api.js'
import { FrameError } from '../protocol.js'
import { callService, userOperationReceipt } from './services.js'

// EIP-5792's `wallet_getCallsStatus` for a batch sent as one user operation: the bundler's
// `eth_getUserOperationReceipt`, in the v2 shape (the batch is atomic: one receipt).

const receiptOrNull = s.union([userOperationReceipt, s.custom<null>((v) => v === null, 'Expected null')])

/** Pending, confirmed, or reverted on chain (EIP-5792's status codes). */
export const callsStatusCodes = { pending: 100, confirmed: 200, reverted: 500 } as const

export async function callsStatus(api: Api, chainId: string, id: unknown) {
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id))
    throw new FrameError(
      'Invalid wallet_getCallsStatus request: the id must be a user operation hash',
      'INVALID_PARAMS',
    )
  const receipt = await callService(
    api,
    'bundler',
    chainId,
    { method: 'eth_getUserOperationReceipt', params: [id] },
    receiptOrNull,
    (status) => `Failed to fetch user operation receipt - ${status}`,
  )
  const base = {
    version: '2.0.0',
    id,
    chainId: toHex(BigInt(chainId.split(':')[1] ?? '0')),
    atomic: true,
  }
  if (receipt === null) return { ...base, status: callsStatusCodes.pending }
  const { receipt: mined, success } = receipt
  return {
    ...base,
    status: success ? callsStatusCodes.confirmed : callsStatusCodes.reverted,
    receipts: [
      {
        logs: mined.logs,
        status: success ? '0x1' : '0x0',
        blockHash: mined.blockHash,
        blockNumber: mined.blockNumber,
        gasUsed: mined.gasUsed,
        transactionHash: mined.transactionHash,
      },
    ],
  }
}

/**
 * How long eth_sendTransaction waits for the bundler's receipt after sending: within the 20 s the
 * page gives an RPC request once the frame's screen has closed (spec §9).
 */
const minedWaitMs = 15_000

/** Waits for the operation's transaction: its hash once mined, or an error saying it is still pending. */
export async function minedTransaction(
  api: Api,
  chainId: string,
  hash: Hex,
  { timeoutMs = minedWaitMs, intervalMs = 500 } = {},
): Promise<Hex> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await callsStatus(api, chainId, hash)
    if ('receipts' in status) {
      const [receipt] = status.receipts
      if (status.status === callsStatusCodes.reverted)
        throw new FrameError(
          `The user operation ${hash} was mined in ${receipt!.transactionHash} but its calls reverted`,
          'REVERTED',
          { userOpHash: hash, transactionHash: receipt!.transactionHash },
        )
      return receipt!.transactionHash as Hex
    }
    if (Date.now() > deadline)
      throw new FrameError(`The user operation ${hash} was sent but is not mined yet`, 'PENDING', {
        userOpHash: hash,
      })
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
