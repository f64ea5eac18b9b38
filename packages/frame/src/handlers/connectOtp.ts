import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

export const connectOtp = handler('CONNECT_OTP', (w) => {
  const { api, record, account, save } = w.ctx
  return async ({ otp }) => {
    if (w.flows.attempt === undefined) throw new FrameError('Start with your email', 'NO_LOGIN')
    const devicePublicKey = await crypto.subtle.exportKey('jwk', record.deviceKey.publicKey)
    const session = await api.otp(w.flows.attempt.id, otp, devicePublicKey)
    // Each account keeps its own device id and share set on this device: another account signing
    // in here never discards them.
    record.token = session.token
    account({ email: w.flows.attempt.email, deviceId: session.deviceId })
    w.flows.attempt = undefined
    await save()
    return {}
  }
})
