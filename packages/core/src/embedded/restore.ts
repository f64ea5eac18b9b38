import { SessionUnreachableError } from '../errors/connection.js'
import type { FrameResult } from '../frame/protocol.js'
import type { ApprovedSession, CaipNetwork } from '../types.js'
import { type FrameLink, isUnreachable } from './frameLink.js'
import type { LoginCache } from './loginCache.js'

/**
 * A restore that cannot reach the frame within this long says so (below the core's 15 s restore
 * limit, so the account shows "offline — reconnecting" instead of logged out).
 */
const RESTORE_REACH_MS = 10_000

interface RestoreDeps {
  link: FrameLink
  cache: LoginCache
  toSession(user: FrameResult<'GET_USER'>, networks: readonly CaipNetwork[]): ApprovedSession
}

/** The stored login, if the frame still has it (spec §4: a failed or negative check clears the cache). */
async function restoreKept({ link, cache, toSession }: RestoreDeps, networks: readonly CaipNetwork[]) {
  const first = networks.find((n) => n.chainNamespace === 'eip155')
  const fc = await link.get(first)
  // A login kept by the wallet window: reopen that window (the browser finds it by name; where
  // it was closed, a browser that blocks pop-ups without a click opens nothing).
  if (cache.inWindow() && !fc.inWindow && !fc.openWindow()) {
    cache.clear()
    return undefined
  }
  let connected: boolean
  try {
    ;({ isConnected: connected } = await link.request('IS_CONNECTED', {}))
  } catch (error) {
    // Out of reach is not an answer; any other failure of the check is a failed check.
    if (isUnreachable(error)) throw error
    connected = false
  }
  if (!connected) {
    cache.clear()
    return undefined
  }
  const user = await link.user(first?.caipNetworkId ?? 'eip155:1')
  return toSession(user, networks)
}

/**
 * Only a browser that logged in with email before loads the frame at start-up. A frame that
 * cannot be reached in time (its server down or hung) throws {@link SessionUnreachableError}: the
 * login cache stays and the core asks again.
 */
export async function restoreLogin(
  deps: RestoreDeps,
  networks: readonly CaipNetwork[],
): Promise<ApprovedSession | undefined> {
  if (!deps.cache.loggedInBefore()) return undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SessionUnreachableError()), RESTORE_REACH_MS)
  })
  try {
    return await Promise.race([restoreKept(deps, networks), deadline])
  } catch (error) {
    if (error instanceof SessionUnreachableError) throw error
    if (isUnreachable(error)) throw new SessionUnreachableError({ cause: error })
    throw error
  } finally {
    clearTimeout(timer)
  }
}
