import { handler } from './handler.js'

export const updateEmail = handler('UPDATE_EMAIL', (w) => {
  const { api, authed, throttled } = w.ctx
  return async ({ email }) => {
    const normalized = email.trim().toLowerCase()
    try {
      const started = await authed(() => api.updateEmail(normalized))
      w.flows.emailUpdate = { id: started.attemptId }
    } catch (error) {
      throw throttled(error)
    }
    return { action: 'VERIFY_PRIMARY_OTP' as const }
  }
})
