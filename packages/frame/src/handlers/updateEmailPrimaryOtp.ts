import { FrameError } from '../protocol.js'
import { emailUpdateReducer } from '../wallet/flows.js'
import { handler } from './handler.js'

export const updateEmailPrimaryOtp = handler('UPDATE_EMAIL_PRIMARY_OTP', (w) => {
  const { api, authed, throttled } = w.ctx
  return async ({ otp }) => {
    const current = w.flows.emailUpdate
    if (current.step !== 'primary') throw new FrameError('Start with the new email', 'NO_EMAIL_UPDATE')
    try {
      await authed(() => api.updateEmailPrimary(current.attemptId, otp))
    } catch (error) {
      throw throttled(error)
    }
    w.flows.emailUpdate = emailUpdateReducer(w.flows.emailUpdate, { type: 'primaryPassed' })
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  }
})
