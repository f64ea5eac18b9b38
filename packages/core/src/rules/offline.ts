import type { LatchState } from '../state.js'

/**
 * A remembered account whose wallet cannot be reached right now while the kit keeps asking
 * (spec §4 startup: it is still being synced): shown as "offline — reconnecting", never as
 * logged out.
 */
export function isReconnectingOffline(state: LatchState): boolean {
  return (
    Object.values(state.sessions).some((session) => session.offline && session.status === 'connecting') &&
    Object.values(state.namespaces).some((ns) => ns.account.status === 'connecting')
  )
}
