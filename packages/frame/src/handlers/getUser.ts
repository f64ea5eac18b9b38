import { currentAccount } from '../accounts.js'
import { handler } from './handler.js'

export const getUser = handler('GET_USER', (w) => {
  const { user } = w.recovery
  return async ({ chainId: requested, preferredAccountType }) => {
    const found = await user(requested)
    const signedIn = currentAccount(w.ctx.record)
    if (signedIn === undefined) return found
    // The account in use, and the visitor's accounts on this chain (smart/smartAccount.ts).
    return { ...found, ...(await (await w.smart()).user(signedIn, found.address, preferredAccountType)) }
  }
})
