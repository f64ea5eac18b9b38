import { handler } from './handler.js'

export const getUser = handler('GET_USER', (w) => {
  const { user } = w.recovery
  return ({ chainId: requested }) => user(requested)
})
