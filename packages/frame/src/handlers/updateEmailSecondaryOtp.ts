import { FrameError } from '../protocol.js'
import { emailUpdateReducer } from '../wallet/flows.js'
import { handler } from './handler.js'

export const updateEmailSecondaryOtp = handler('UPDATE_EMAIL_SECONDARY_OTP', (w) => {
  const { api, authed, record, account, save } = w.ctx
  return async ({ otp }) => {
    const current = w.flows.emailUpdate
    if (current.step !== 'secondary') throw new FrameError('Start with the new email', 'NO_EMAIL_UPDATE')
    const me = await authed(() => api.updateEmailSecondary(current.attemptId, otp))
    w.flows.emailUpdate = emailUpdateReducer(current, { type: 'done' })
    // This device's record of the account is keyed by ids: it stays; it notes the new email.
    const old = record.email
    account({ ...me, shareContext: me.shareContext ?? old })
    await save()
    return { newEmail: me.email }
  }
})
