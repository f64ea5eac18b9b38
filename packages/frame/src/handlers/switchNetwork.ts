import { switchableChain } from '../methods.js'
import { toChainId } from '../wallet/context.js'
import { handler } from './handler.js'

export const switchNetwork = handler('SWITCH_NETWORK', (w) => async ({ chainId: next }) => {
  const { state, options } = w.ctx
  state.chainId = switchableChain(toChainId(next, state.chainId), state.chainId, options.rpcUrls)
  return { chainId: state.chainId }
})
