// The social login's frame side, loaded only when a visitor picks a provider: the attempt's secret
// stays here, the page only ever sees the provider's URL and whether the login is done. Its
// checks are in handlers/social.ts; this module has no run-time imports (see there).
import type { Wallet } from '../handlers/handler.js'

type Attempt = NonNullable<Wallet['flows']['social']>

/** Starts the login at the frame's server for the embedding page's origin; answers the provider's page. */
export async function startSocial(w: Wallet, provider: string, origin: string) {
  // The device id this device has on the account last signed in here with this provider, so the
  // same device stays the same device (and keeps its share) at its next login.
  const known = Object.values(w.ctx.record.accounts ?? {}).find((a) => a.provider === provider)?.deviceId
  const started = await w.ctx.api.post<{ attemptId: string; url: string }>('social/start', {
    provider,
    origin,
    ...(known ? { deviceId: known } : {}),
  })
  w.flows.social = { attemptId: started.attemptId, uri: started.url, provider }
  return { uri: started.url }
}

/** Asks the server once how the login ended; on success the frame holds the session. */
export async function connectSocial(w: Wallet, attempt: Attempt) {
  const { api, options, record, account, save } = w.ctx
  const devicePublicKey = await crypto.subtle.exportKey('jwk', record.deviceKey.publicKey)
  const answer = await api.post<
    { status: 'pending' } | { status: 'done'; token: string; deviceId: string; username?: string | null }
  >('social/finish', { attemptId: attempt.attemptId, origin: options.parentOrigin, devicePublicKey })
  if (answer.status === 'pending') return { status: 'pending' as const }
  w.flows.social = undefined
  record.token = answer.token
  // The server's name for the visitor at the provider: shown in Account as text, checked again
  // against GET_USER's schema on the page.
  const username = typeof answer.username === 'string' ? answer.username.slice(0, 100) : undefined
  record.social = { provider: attempt.provider, ...(username ? { username } : {}) }
  const me = await api.me()
  account({ ...me, deviceId: answer.deviceId }).provider = attempt.provider
  await save()
  return { status: 'done' as const }
}
