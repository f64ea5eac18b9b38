import { handler } from './handler.js'

// Both load the social flow on first use: the frame's first load stays small.
const flow = () => import('../wallet/social.js')

export const getSocialRedirectUri = handler(
  'GET_SOCIAL_REDIRECT_URI',
  (w) => async (payload) => (await flow()).startSocial(w, payload),
)

export const connectSocial = handler(
  'CONNECT_SOCIAL',
  (w) => async (payload) => (await flow()).connectSocial(w, payload),
)
