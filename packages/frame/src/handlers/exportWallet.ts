import { currentAccount } from '../accounts.js'
import { askExport } from '../export.js'
import { exportLoginOf } from '../export-window.js'
import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

export const exportWallet = handler('EXPORT_WALLET', (w) => {
  const { record, visibly, projectId } = w.ctx
  return async () => {
    const { email, token } = record
    const account = currentAccount(record)
    if (!email || !token || account?.deviceShare === undefined)
      throw new FrameError('Not signed in', 'NOT_CONNECTED')
    const login = exportLoginOf({ ...record, email, token }, account)
    let opened = false
    await visibly(async () => {
      opened = await askExport({ email, projectId, login })
    })
    return { opened }
  }
})
