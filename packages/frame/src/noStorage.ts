import { t } from './i18n.js'
import { FrameError, type Handlers, requestSchemas } from './protocol.js'

/**
 * The frame's answers where the browser gives it no storage at all (third-party storage blocked):
 * every request fails with `STORAGE_UNAVAILABLE` and a message in the visitor's language that says
 * what to do (the kit then offers the wallet's own window); nothing is lost silently. Not signed in.
 */
export function noStorageHandlers(): Handlers {
  const refuse = async () => {
    throw new FrameError(t('notice.noStorage'), 'STORAGE_UNAVAILABLE')
  }
  const handlers = Object.fromEntries(
    Object.keys(requestSchemas).map((type) => [type, refuse]),
  ) as unknown as Handlers
  handlers.IS_CONNECTED = async () => ({ isConnected: false })
  return handlers
}
