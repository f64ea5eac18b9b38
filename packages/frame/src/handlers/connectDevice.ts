import { FrameError } from '../protocol.js'
import { loginAttempt, loginReducer } from '../wallet/flows.js'
import { handler } from './handler.js'

export const connectDevice = handler('CONNECT_DEVICE', (w) => {
  const { api } = w.ctx
  return async () => {
    const attempt = loginAttempt(w.flows.login)
    if (attempt === undefined) throw new FrameError('Start with your email', 'NO_LOGIN')
    const deadline = Date.now() + 25_000
    while (Date.now() < deadline) {
      if ((await api.deviceStatus(attempt.attemptId)).confirmed) {
        w.flows.login = loginReducer(w.flows.login, { type: 'deviceConfirmed' })
        return {}
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
    throw new FrameError(
      'The device is not confirmed yet: open the link in the email',
      'DEVICE_NOT_CONFIRMED',
    )
  }
})
