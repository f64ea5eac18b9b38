// The social login's frame side, loaded only when a visitor picks a provider: the attempt's secret
// stays here, the page only ever sees the provider's URL and whether the login is done.

import type { Wallet } from '../handlers/handler.js'
import type { RequestPayload } from '../protocol.js'
import { FrameError } from '../protocol.js'

/** Starts the login at the frame's server for the embedding page's origin; answers the provider's page. */
export async function startSocial(w: Wallet, { provider }: RequestPayload<'GET_SOCIAL_REDIRECT_URI'>) {
  const { api, options, record, throttled } = w.ctx
  const origin = options.parentOrigin
  if (origin === undefined) throw new FrameError('This page cannot use social login', 'ORIGIN')
  // The device id this device has on the account last signed in here with this provider, so the
  // same device stays the same device (and keeps its share) at its next login.
  const known = Object.values(record.accounts ?? {}).find((a) => a.provider === provider)?.deviceId
  try {
    const started = await api.socialStart(provider, origin, known)
    w.flows.social = { attemptId: started.attemptId, uri: started.url, provider }
    return { uri: started.url }
  } catch (error) {
    throw throttled(error)
  }
}

/** Asks the server once how the login ended; on success the frame holds the session. */
export async function connectSocial(w: Wallet, { uri }: RequestPayload<'CONNECT_SOCIAL'>) {
  const { api, options, record, account, save } = w.ctx
  const attempt = w.flows.social
  if (attempt === undefined || attempt.uri !== uri)
    throw new FrameError('Start the login with the provider first', 'NO_LOGIN')
  const devicePublicKey = await crypto.subtle.exportKey('jwk', record.deviceKey.publicKey)
  const answer = await api.socialFinish(attempt.attemptId, options.parentOrigin ?? '', devicePublicKey)
  if (answer.status === 'pending') return { status: 'pending' as const }
  w.flows.social = undefined
  record.token = answer.token
  const me = await api.me()
  account({ ...me, deviceId: answer.deviceId }).provider = attempt.provider
  await save()
  return { status: 'done' as const }
}
