import { currentAccount } from '../accounts.js'
import { FrameError } from '../protocol.js'
import { solanaRequest } from '../solanaWallet.js'
import { handler } from './handler.js'

export const solanaRequestHandler = handler('SOLANA_REQUEST', (w) => {
  const { record, options } = w.ctx
  const { withApproval, solanaSigner } = w.approvals
  return async (payload) => {
    const signedIn = currentAccount(record)
    const address = signedIn?.solanaAddress
    return {
      result: await solanaRequest(payload, {
        address,
        origin: options.parentOrigin ?? '',
        dappName: w.ctx.state.dappName,
        rpcUrl: options.rpcUrls?.[payload.chainId],
        approve: (build, run) => {
          if (!signedIn || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
          return withApproval(signedIn, address, build, run, solanaSigner)
        },
      }),
    }
  }
})
