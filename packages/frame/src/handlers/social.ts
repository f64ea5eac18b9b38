import { FrameError } from '../protocol.js'
import { handler } from './handler.js'

// The social flow loads on first use, and imports nothing at run time: a module it shared with
// the first load would become a chunk of its own, which the frame's first load pays for.
const flow = () => import('../wallet/social.js')

export const getSocialRedirectUri = handler('GET_SOCIAL_REDIRECT_URI', (w) => async ({ provider }) => {
  const origin = w.ctx.options.parentOrigin
  if (origin === undefined) throw new FrameError('This page cannot use social login', 'ORIGIN')
  try {
    return await (await flow()).startSocial(w, provider, origin)
  } catch (error) {
    throw w.ctx.throttled(error)
  }
})

export const connectSocial = handler('CONNECT_SOCIAL', (w) => async ({ uri }) => {
  const attempt = w.flows.social
  if (attempt === undefined || attempt.uri !== uri)
    throw new FrameError('Start the login with the provider first', 'NO_LOGIN')
  return (await flow()).connectSocial(w, attempt)
})
