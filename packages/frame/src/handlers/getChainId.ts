import { handler } from './handler.js'

export const getChainId = handler('GET_CHAIN_ID', (w) => async () => {
  return { chainId: w.ctx.state.chainId }
})
