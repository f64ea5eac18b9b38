import { currentAccount } from '../accounts.js'
import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

/** The Export screen: a chunk of its own, loaded when the visitor first asks to export. */
const exportScreen = () => import('../export.js')

export const exportWallet = handler('EXPORT_WALLET', (w) => {
  const { record, visibly, projectId } = w.ctx
  return async () => {
    const { email, token } = record
    const account = currentAccount(record)
    if (!email || !token || account?.deviceShare === undefined)
      throw new FrameError('Not signed in', 'NOT_CONNECTED')
    let opened = false
    await visibly(async () => {
      const { askExport, exportLoginOf } = await exportScreen()
      opened = await askExport({
        email,
        projectId,
        login: exportLoginOf({ ...record, email, token }, account),
      })
    })
    return { opened }
  }
})
