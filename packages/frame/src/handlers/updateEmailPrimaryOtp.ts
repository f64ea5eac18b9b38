import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

export const updateEmailPrimaryOtp = handler('UPDATE_EMAIL_PRIMARY_OTP', (w) => {
  const { api, authed, throttled } = w.ctx
  return async ({ otp }) => {
    const current = w.flows.emailUpdate
    if (current === undefined) throw new FrameError('Start with the new email', 'NO_EMAIL_UPDATE')
    try {
      await authed(() => api.updateEmailPrimary(current.id, otp))
    } catch (error) {
      throw throttled(error)
    }
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  }
})
