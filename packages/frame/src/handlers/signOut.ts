import { handler } from './handler.js'

export const signOut = handler('SIGN_OUT', (w) => {
  const { api, record, save } = w.ctx
  const { abortAll } = w.approvals
  return async () => {
    abortAll()
    const token = record.token
    record.token = undefined
    record.social = undefined
    await save()
    if (token) {
      // Revoked on the server; the device key and device share stay (the device stays known).
      await api.signOutWith(token).catch(() => undefined)
    }
    return {}
  }
})
