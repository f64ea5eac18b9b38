import { currentAccount } from '../accounts.js'
import { FrameError } from '../protocol.js'
import { handler, type Wallet } from './handler.js'

// The smart account's requests (spec §7): its chains, the visitor's account, and which of the
// visitor's EVM accounts answers the page. Their code is in smart/, loaded on first use.

/** The signed-in account and its EOA, as GET_USER answered it. */
function signedInEoa(w: Wallet) {
  const signedIn = currentAccount(w.ctx.record)
  const eoa = signedIn?.eip155Address
  if (!signedIn || !eoa) throw new FrameError('Not signed in', 'NOT_CONNECTED')
  return { signedIn, eoa }
}

export const getSmartAccountEnabledNetworks = handler(
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  (w) => async () => (await w.smart()).smartAccountEnabledNetworks(),
)

export const initSmartAccount = handler('INIT_SMART_ACCOUNT', (w) => async () => {
  const { eoa } = signedInEoa(w)
  return (await w.smart()).init(eoa)
})

export const setPreferredAccount = handler('SET_PREFERRED_ACCOUNT', (w) => async ({ type }) => {
  const { signedIn, eoa } = signedInEoa(w)
  return (await w.smart()).setPreferred(signedIn, eoa, type)
})
