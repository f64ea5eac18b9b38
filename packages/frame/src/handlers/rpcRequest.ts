import { currentAccount } from '../accounts.js'
import { classifyMethod, switchableChain } from '../methods.js'
import { FrameError } from '../protocol.js'
import { toChainId } from '../wallet/context.js'
import { handler } from './handler.js'

export const rpcRequest = handler('RPC_REQUEST', (w) => {
  const { record, options } = w.ctx
  const { rpcFor, unsafe } = w.eip155
  return async ({ method, params }) => {
    const signedIn = currentAccount(record)
    const address = signedIn?.eip155Address
    const kind = classifyMethod(method)
    if (kind === 'disallowed') throw new FrameError('Requested RPC call is not allowed', 'NOT_ALLOWED')
    const list = params === undefined ? [] : params
    if (!Array.isArray(list)) throw new FrameError('The parameters must be an array', 'INVALID_PARAMS')
    if (kind === 'safe') return { result: await rpcFor(w.ctx.state.chainId)(method, list) }
    if (kind === 'chain') {
      const requested = (list[0] as { chainId?: unknown } | undefined)?.chainId
      if (typeof requested !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(requested))
        throw new FrameError('Invalid chain id', 'INVALID_PARAMS')
      const next = `eip155:${BigInt(requested)}`
      w.ctx.state.chainId = switchableChain(
        toChainId(next, w.ctx.state.chainId),
        w.ctx.state.chainId,
        options.rpcUrls,
      )
      return { result: null }
    }
    if (kind === 'smart') return { result: await (await w.smart()).wallet(method, list, signedIn, address) }
    if (kind === 'unsafe') {
      if (!signedIn || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
      // The smart account's code loads only for a visitor who chose it.
      if (signedIn.preferredAccountType === 'smartAccount')
        return { result: await (await w.smart()).unsafe(method, list, signedIn, address) }
      return { result: await unsafe(method, list, signedIn, address) }
    }
    /** The account that answers the page: the EOA, or the smart account the visitor chose. */
    const inUse = async (eoa: string) =>
      signedIn?.preferredAccountType === 'smartAccount'
        ? ((await (await w.smart()).inUse(signedIn, eoa))?.address ?? eoa)
        : eoa
    switch (method) {
      case 'eth_accounts':
        return { result: record.token && signedIn && address ? [await inUse(address)] : [] }
      case 'eth_requestAccounts':
        if (!record.token || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
        return { result: [await inUse(address)] }
      case 'eth_chainId':
        return { result: `0x${BigInt(w.ctx.state.chainId.split(':')[1] ?? '1').toString(16)}` }
      default:
        throw new FrameError('Requested RPC call is not allowed', 'NOT_ALLOWED')
    }
  }
})
