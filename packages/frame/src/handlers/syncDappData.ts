import { handler } from './handler.js'

export const syncDappData = handler('SYNC_DAPP_DATA', (w) => async ({ metadata }) => {
  // A claim of the page: shown as unverified, as text only; its icons are never loaded.
  w.ctx.state.dappName = metadata?.name ? metadata.name.trim().slice(0, 60) || undefined : undefined
  return {}
})
