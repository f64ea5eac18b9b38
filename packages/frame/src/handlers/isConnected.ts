import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

export const isConnected = handler('IS_CONNECTED', (w) => {
  const { api, authed, record, account, save } = w.ctx
  const { surfaceNotices } = w.notices
  return async () => {
    if (!record.token) return { isConnected: false }
    try {
      const me = await authed(() => api.me())
      surfaceNotices(me)
      const connected = me.wallet !== null && account(me).deviceShare !== undefined
      if (w.ctx.state.unsaved) await save()
      return { isConnected: connected }
    } catch (error) {
      if (error instanceof FrameError && error.code === 'SESSION_ENDED') return { isConnected: false }
      throw error
    }
  }
})
