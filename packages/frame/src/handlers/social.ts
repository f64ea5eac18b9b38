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

// Sign In With Farcaster: the same attempt at the frame's server, with the link a Farcaster client
// opens for a page to show instead of a provider's page to open.
export const getFarcasterUri = handler('GET_FARCASTER_URI', (w) => async () => {
  const origin = w.ctx.options.parentOrigin
  if (origin === undefined) throw new FrameError('This page cannot use Farcaster login', 'ORIGIN')
  try {
    const { uri } = await (await flow()).startSocial(w, 'farcaster', origin)
    return { url: uri }
  } catch (error) {
    throw w.ctx.throttled(error)
  }
})

export const connectFarcaster = handler('CONNECT_FARCASTER', (w) => async () => {
  const attempt = w.flows.social
  if (attempt === undefined || attempt.provider !== 'farcaster')
    throw new FrameError('Start the Farcaster login first', 'NO_LOGIN')
  const { status } = await (await flow()).connectSocial(w, attempt)
  const username = w.ctx.record.social?.username
  return status === 'done' && username ? { status, userName: username } : { status }
})
