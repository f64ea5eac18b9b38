import { handler } from './handler.js'

export const abortRequests = handler('ABORT_REQUESTS', (w) => {
  const { abortAll } = w.approvals
  return async () => {
    abortAll()
    return {}
  }
})
