import { deviceIdFor } from '../accounts.js'
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
      w.flows.attempt = { id: started.attemptId, email: normalized }
      return { action: started.action }
    } catch (error) {
      throw throttled(error)
    }
  }
})
