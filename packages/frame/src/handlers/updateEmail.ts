import { emailUpdateReducer } from '../wallet/flows.js'
import { handler } from './handler.js'

export const updateEmail = handler('UPDATE_EMAIL', (w) => {
  const { api, authed, throttled } = w.ctx
  return async ({ email }) => {
    const normalized = email.trim().toLowerCase()
    try {
      const started = await authed(() => api.updateEmail(normalized))
      w.flows.emailUpdate = emailUpdateReducer(w.flows.emailUpdate, {
        type: 'started',
        attemptId: started.attemptId,
      })
    } catch (error) {
      throw throttled(error)
    }
    return { action: 'VERIFY_PRIMARY_OTP' as const }
  }
})
