import { currentAccount } from '../accounts.js'
import { askExport } from '../export.js'
import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

export const exportWallet = handler('EXPORT_WALLET', (w) => {
  const { record, visibly, projectId } = w.ctx
  return async () => {
    const email = record.email
    if (!email || currentAccount(record)?.deviceShare === undefined)
      throw new FrameError('Not signed in', 'NOT_CONNECTED')
    let opened = false
    await visibly(async () => {
      opened = await askExport({ email, projectId })
    })
    return { opened }
  }
})
