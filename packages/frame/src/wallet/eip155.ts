import {
  DecodeError,
  decodePersonalSign,
  decodeTransactionRequest,
  decodeTypedDataRequest,
} from '../decode.js'
import { FrameError } from '../protocol.js'
import { createRpc } from '../rpc.js'
import type { AccountRecord } from '../storage.js'
import { loadEip155Signing, type SignableTransaction, type TypedData } from '../vault/index.js'
import type { Approvals } from './approvals.js'
import type { WalletContext } from './context.js'

const hex = (value: bigint | number) => `0x${value.toString(16)}`
const reference = (caip2: string) => BigInt(caip2.split(':')[1] ?? '1')

function invalidParams(error: unknown): never {
  if (error instanceof DecodeError) throw new FrameError(error.message, 'INVALID_PARAMS')
  throw error
}

/** The eip155 requests that need the visitor: each decoded, shown, approved, then signed. */
export function createEip155(ctx: WalletContext, { withApproval }: Pick<Approvals, 'withApproval'>) {
  const { options, state } = ctx
  const rpcFor = (chain: string) => {
    const url = options.rpcUrls?.[chain]
    if (url === undefined) throw new FrameError(`No RPC is configured for ${chain}`, 'NO_RPC')
    return createRpc(url)
  }

  const sameAddress = (a: string, b: string) => {
    if (a.toLowerCase() !== b.toLowerCase())
      throw new FrameError('The request is for another account', 'WRONG_ACCOUNT')
  }

  async function unsafe(
    method: string,
    params: unknown[],
    signedIn: AccountRecord,
    address: string,
  ): Promise<unknown> {
    // The signing code loads while the request is checked and its screen built (balance, tokens).
    loadEip155Signing().catch(() => {})
    const base = { origin: options.parentOrigin ?? '', dappName: state.dappName, from: address }
    if (method === 'personal_sign') {
      const request = (() => {
        try {
          return decodePersonalSign(params)
        } catch (error) {
          return invalidParams(error)
        }
      })()
      sameAddress(request.address, address)
      return withApproval(
        signedIn,
        address,
        async () => ({ ...base, kind: 'message', text: request.text, hex: request.message }),
        (signer) => signer.signPersonal(request.message),
      )
    }
    if (method === 'eth_signTypedData_v4') {
      let request: ReturnType<typeof decodeTypedDataRequest>
      try {
        request = decodeTypedDataRequest(params)
      } catch (error) {
        return invalidParams(error)
      }
      sameAddress(request.address, address)
      return withApproval(
        signedIn,
        address,
        async () => ({
          ...base,
          kind: 'typedData',
          typedData: request.typedData,
          chainId: reference(state.chainId),
        }),
        (signer) => signer.signTypedData(request.typedData as unknown as TypedData),
      )
    }
    // eth_sendTransaction: filled (nonce, gas, fees) before the screen, so it shows what is signed.
    let tx: ReturnType<typeof decodeTransactionRequest>
    try {
      tx = decodeTransactionRequest(params)
    } catch (error) {
      return invalidParams(error)
    }
    sameAddress(tx.from, address)
    const chain = state.chainId
    if (tx.chainId !== undefined && tx.chainId !== reference(chain))
      throw new FrameError('The transaction is for another chain', 'CHAIN_MISMATCH')
    const rpc = rpcFor(chain)
    let filled: SignableTransaction | undefined
    const raw = await withApproval(
      signedIn,
      address,
      async () => {
        const call = {
          from: address,
          ...(tx.to ? { to: tx.to } : {}),
          value: hex(tx.value),
          ...(tx.data ? { data: tx.data } : {}),
        }
        const nonce =
          tx.nonce ?? Number(BigInt(String(await rpc('eth_getTransactionCount', [address, 'pending']))))
        const gas = tx.gas ?? BigInt(String(await rpc('eth_estimateGas', [call])))
        let maxFeePerGas = tx.maxFeePerGas ?? tx.gasPrice
        let maxPriorityFeePerGas = tx.maxPriorityFeePerGas ?? tx.gasPrice
        if (maxPriorityFeePerGas === undefined)
          maxPriorityFeePerGas = BigInt(String(await rpc('eth_maxPriorityFeePerGas', [])))
        if (maxFeePerGas === undefined) {
          const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as {
            baseFeePerGas?: string
          } | null
          maxFeePerGas = BigInt(block?.baseFeePerGas ?? '0') * 2n + maxPriorityFeePerGas
        }
        if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas
        filled = {
          type: 'eip1559',
          chainId: Number(reference(chain)),
          nonce,
          gas,
          maxFeePerGas,
          maxPriorityFeePerGas,
          value: tx.value,
          ...(tx.to ? { to: tx.to } : {}),
          ...(tx.data ? { data: tx.data } : {}),
        }
        return {
          ...base,
          kind: 'transaction',
          to: tx.to,
          value: tx.value,
          data: tx.data,
          chainId: reference(chain),
          nonce,
          gas,
          maxFeePerGas,
          maxPriorityFeePerGas,
        }
      },
      (signer) => signer.signTransaction(filled!),
    )
    // The key is wiped by now; only the signed bytes go to the chain, through the server.
    return options.api.broadcast(chain, raw as string)
  }

  return { rpcFor, unsafe }
}

export type Eip155 = ReturnType<typeof createEip155>
