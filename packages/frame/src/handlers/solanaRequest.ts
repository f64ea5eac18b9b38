import { currentAccount } from '../accounts.js'
import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

export const solanaRequestHandler = handler('SOLANA_REQUEST', (w) => {
  const { record, options } = w.ctx
  const { withApproval, solanaSigner } = w.approvals
  return async (payload) => {
    const signedIn = currentAccount(record)
    const address = signedIn?.solanaAddress
    // The Solana request code loads with import() on the first Solana request (off the first load).
    const { solanaRequest } = await import('../solanaWallet.js')
    return {
      result: await solanaRequest(payload, {
        address,
        origin: options.parentOrigin ?? '',
        dappName: w.ctx.state.dappName,
        rpcUrl: options.rpcUrls?.[payload.chainId],
        broadcast: (transaction, sendOptions) =>
          options.api.broadcast(payload.chainId, transaction, sendOptions),
        approve: (build, run) => {
          if (!signedIn || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
          return withApproval(signedIn, address, build, run, solanaSigner)
        },
      }),
    }
  }
})
