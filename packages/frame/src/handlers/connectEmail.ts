import { deviceIdFor } from '../accounts.js'
import { loginReducer } from '../wallet/flows.js'
import { handler } from './handler.js'

export const connectEmail = handler('CONNECT_EMAIL', (w) => {
  const { api, throttled, record } = w.ctx
  return async ({ email }) => {
    const normalized = email.trim().toLowerCase()
    if (record.token && record.email === normalized) {
      const me = await api.me().catch(() => undefined)
      if (me !== undefined) return { action: 'CONNECT' }
    }
    try {
      const started = await api.login(normalized, deviceIdFor(record, normalized))
      w.flows.login = loginReducer(w.flows.login, {
        type: 'started',
        attemptId: started.attemptId,
        email: normalized,
        action: started.action,
      })
      return { action: started.action }
    } catch (error) {
      throw throttled(error)
    }
  }
})
