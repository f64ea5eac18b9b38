import { toChainId } from '../wallet/context.js'
import { handler } from './handler.js'

export const switchNetwork = handler('SWITCH_NETWORK', (w) => async ({ chainId: next }) => {
  w.ctx.state.chainId = toChainId(next, w.ctx.state.chainId)
  return { chainId: w.ctx.state.chainId }
})
