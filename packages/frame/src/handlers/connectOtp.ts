import { FrameError } from '../protocol.js'
import { loginAttempt, loginReducer } from '../wallet/flows.js'
import { handler } from './handler.js'

export const connectOtp = handler('CONNECT_OTP', (w) => {
  const { api, record, account, save } = w.ctx
  return async ({ otp }) => {
    const attempt = loginAttempt(w.flows.login)
    if (attempt === undefined) throw new FrameError('Start with your email', 'NO_LOGIN')
    const devicePublicKey = await crypto.subtle.exportKey('jwk', record.deviceKey.publicKey)
    const session = await api.otp(attempt.attemptId, otp, devicePublicKey)
    // Each account keeps its own device id and share set on this device: another account signing
    // in here never discards them.
    record.token = session.token
    record.social = undefined
    account({ email: attempt.email, deviceId: session.deviceId })
    w.flows.login = loginReducer(w.flows.login, { type: 'signedIn' })
    await save()
    return {}
  }
})
