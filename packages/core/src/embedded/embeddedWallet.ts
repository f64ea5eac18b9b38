import { FrameResponseError } from '../errors/frame.js'
import type { FrameClient } from '../frame/client.js'
import type { FrameEvent, FrameUser } from '../frame/protocol.js'
import { createLocalStorage, type LatchStorage } from '../storage.js'
import type {
  ApprovedSession,
  CaipNetwork,
  ChainNamespace,
  SessionConnector,
  SessionHandlers,
} from '../types.js'
import type { EmbeddedWalletCapability } from './capability.js'
import { createEmailUpdate } from './emailUpdate.js'
import { createFrameLink } from './frameLink.js'
import { createLogin } from './login.js'
import { createLoginCache } from './loginCache.js'
import { createProviders } from './providers.js'
import { restoreLogin } from './restore.js'
import { type LiveSession, toSession } from './session.js'

export { EMAIL_LOGIN_COOLDOWN_MS } from './loginCache.js'

/** Options of {@link embeddedWallet}. */
export interface EmbeddedWalletOptions {
  /** Where the frame app is served (the origin of your `@latch/server`), e.g. `https://wallet.example`. */
  frameUrl: string
  /** The project id the frame loads its configuration for (the server's project). */
  projectId: string
  /** Where the login cache is kept (spec §3 browser-stored keys); `localStorage` by default. */
  storage?: LatchStorage | undefined
  /** Passed to the frame as `enableLogger`. */
  enableLogger?: boolean | undefined
  /**
   * The language of the frame's own screens (`'de'`, `'pt-BR'` …). `<LatchProvider>` sets it to
   * the modal's language; without either the frame follows the browser's languages.
   */
  locale?: string | undefined
  /**
   * The EVM account a visitor uses until they pick one in the Account view (spec §3 default
   * account types): `'eoa'` (the default), the wallet's own key, or `'smartAccount'`, its
   * ERC-4337 smart account on the chains your server runs smart accounts on (elsewhere the EOA).
   * It signs messages and sign-ins (ERC-1271, ERC-6492 before it is deployed) when the project's
   * account factory makes accounts that do (the test kit's `LatchSmartAccountFactory`); with
   * `siwx`, this default is how visitors get it (Account offers no switch to it in such an app).
   */
  defaultAccountType?: 'eoa' | 'smartAccount' | undefined
}

/**
 * The embedded-wallet session connector: a session connector whose email flow, export and
 * wallet window are its declared `capabilities.embeddedWallet`.
 */
export interface EmbeddedWalletConnector extends SessionConnector {
  readonly type: 'AUTH'
  readonly capabilities: { readonly embeddedWallet: EmbeddedWalletCapability }
}

/**
 * The embedded wallet (email login through the frame app your `@latch/server` serves) as a
 * session connector: pass it in `connectors` to `createLatch`. Creating it loads nothing; the
 * frame client is imported and the iframe created when the visitor submits an email, or on
 * restore when this browser logged in with email before.
 *
 * @example
 * createLatch({ networks, adapters, connectors: [embeddedWallet({ frameUrl: 'https://wallet.example', projectId })] })
 */
export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletConnector {
  if (typeof options?.frameUrl !== 'string' || !URL.canParse(options.frameUrl))
    throw new Error('embeddedWallet: frameUrl must be a URL')
  if (typeof options.projectId !== 'string' || options.projectId.length === 0)
    throw new Error('embeddedWallet: projectId is required')
  const { defaultAccountType = 'eoa' } = options
  if (defaultAccountType !== 'eoa' && defaultAccountType !== 'smartAccount')
    throw new Error("embeddedWallet: defaultAccountType must be 'eoa' or 'smartAccount'")
  const frameOrigin = new URL(options.frameUrl).origin
  const cache = createLoginCache(options.storage ?? createLocalStorage())
  const handlers = new Set<SessionHandlers>()
  const each = (run: (h: SessionHandlers) => void) => {
    for (const h of handlers) run(h)
  }
  const live: LiveSession = { chainId: undefined, solanaAccounts: [] }
  let offer: { email: string } | undefined
  let theme: { themeMode: 'light' | 'dark'; themeVariables: Record<string, string | number> } | undefined

  /** The session ended on the frame's side (or its window closed): said, not silent. */
  const sessionEnded = (message: string) => {
    cache.clear()
    live.chainId = undefined
    live.solanaAccounts = []
    live.address = undefined
    providers.emit('disconnect', { code: 4900, message })
    each((h) => h.onSessionEnded('expired'))
  }

  const link = createFrameLink(
    { frameOrigin, projectId: options.projectId, enableLogger: options.enableLogger, defaultAccountType },
    {
      onAlert: (alert) => each((h) => h.onAlert?.(alert)),
      onEvent: (event: FrameEvent) => {
        if (event.type === 'SESSION_ENDED') sessionEnded('The embedded wallet session ended.')
      },
      // Its login stays in the window's storage for next time, but the app can no longer reach
      // it: a live session ends, and the next login starts with the frame again.
      onWindowClosed: () => {
        cache.setInWindow(false)
        // Closed by the visitor (the app's own close does not come here): said, not silent; a
        // request waiting there fails as the frame's removal.
        each((h) =>
          h.onToast?.({
            id: 'WALLET_WINDOW_CLOSED',
            message: 'The wallet window was closed.',
          }),
        )
        if (live.chainId !== undefined) sessionEnded('The wallet window was closed.')
      },
      onReachable: (reachable) => each((h) => h.onReachable?.(reachable)),
    },
  )
  /** The theme, without a time limit (spec §9); only once the frame exists. */
  const sendTheme = (fc: FrameClient) => {
    if (theme) void fc.request('SYNC_THEME', theme).catch(() => {})
  }
  link.whenCreated(sendTheme)
  const providers = createProviders(link, handlers, live)
  const flows = () => ({ login: login.getState(), emailUpdate: emailUpdate.getState() })
  const sessionOf = (user: FrameUser, networks: readonly CaipNetwork[]) => {
    const made = toSession(user, networks)
    Object.assign(live, made.live)
    return made.session
  }
  const login = createLogin({
    connectorId: 'embedded',
    projectId: options.projectId,
    link,
    cache,
    onChange: () => each((h) => h.onFlowChanged?.(flows())),
    toSession: sessionOf,
    offerWindow: (email) => {
      offer = { email }
    },
  })
  const emailUpdate = createEmailUpdate({
    link,
    onChange: () => each((h) => h.onFlowChanged?.(flows())),
    onUpdated: (email) => {
      cache.updateEmail(email)
      each((h) => h.onUserChanged?.({ email }))
    },
  })

  /**
   * The session with the chains the wallet runs smart accounts on: asked of the frame at each
   * login and restore, kept in the login cache (spec §3); a frame that cannot say keeps the last.
   */
  const withSmartAccountNetworks = async (session: ApprovedSession): Promise<ApprovedSession> => {
    let chains = cache.smartAccountNetworks()
    try {
      chains = (await link.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).smartAccountEnabledNetworks
      cache.setSmartAccountNetworks(chains)
    } catch {
      // Smart accounts are an addition: the session stands without them.
    }
    return { ...session, smartAccountEnabledNetworks: chains }
  }

  const capability: EmbeddedWalletCapability = {
    frameOrigin,
    defaultAccountType,
    emailCooldownSeconds: (now = Date.now()) => login.cooldown(now),
    getLoginState: login.getState,
    submitOtp: login.submitOtp,
    resendCode: login.resendCode,
    setLocale: link.setLocale,
    getEmailUpdateState: emailUpdate.getState,
    updateEmail: emailUpdate.update,
    submitEmailUpdateOtp: emailUpdate.submitCode,
    cancelEmailUpdate: emailUpdate.cancel,
    windowOffer: () => offer,
    inWindow: () => link.loaded?.inWindow === true,
    openWindow() {
      if (!link.loaded?.openWindow()) return false
      offer = undefined
      cache.setInWindow(true)
      return true
    },
    async setPreferredAccountType(type) {
      if (!link.created) throw new FrameResponseError({ message: 'Not signed in', code: 'NOT_CONNECTED' })
      const chosen = await link.request('SET_PREFERRED_ACCOUNT', { type })
      const deployed =
        chosen.type === 'smartAccount' ? (await link.request('INIT_SMART_ACCOUNT', {})).isDeployed : false
      // The page's EVM side follows the account that answers from now on (EIP-1193 accountsChanged).
      live.address = chosen.address
      providers.emit('accountsChanged', [chosen.address])
      return { type: chosen.type, address: chosen.address, smartAccountDeployed: deployed }
    },
    async exportWallet() {
      if (!link.created) throw new FrameResponseError({ message: 'Not signed in', code: 'NOT_CONNECTED' })
      return link.request('EXPORT_WALLET', {})
    },
  }

  const connector: EmbeddedWalletConnector = {
    id: 'embedded',
    name: 'Email',
    type: 'AUTH',
    capabilities: { embeddedWallet: capability },
    supports: (network) => network.chainNamespace === 'eip155' || network.chainNamespace === 'solana',
    connect: async (parameters) => withSmartAccountNetworks(await login.connect(parameters)),
    cancel: login.cancel,
    restore: async ({ networks }) => {
      const restored = await restoreLogin({ link, cache, toSession: sessionOf }, networks)
      return restored && withSmartAccountNetworks(restored)
    },

    abortRequests() {
      // The frame closes its screen and answers every waiting unsafe request 'Request was aborted'.
      if (link.created) void link.request('ABORT_REQUESTS', {}).catch(() => {})
    },

    syncTheme(next) {
      const themeVariables: Record<string, string | number> = {}
      for (const [name, value] of Object.entries(next.themeVariables ?? {}))
        if (typeof value === 'string' || typeof value === 'number') themeVariables[name] = value
      theme = { themeMode: next.themeMode, themeVariables }
      // Loads nothing: a frame not created yet gets the theme when it is.
      void link.created?.then(sendTheme, () => {})
    },

    async disconnect() {
      login.cancel()
      try {
        // Sign-out waits at most 3 s (spec §9); the kit's state is cleared either way.
        if (link.created) await link.request('SIGN_OUT', {})
      } catch {
        // A frame that does not answer is signed out here all the same.
      } finally {
        // Signed out, the wallet window has nothing left to show: it closes.
        link.closeWindow()
        cache.clear()
        live.chainId = undefined
        live.solanaAccounts = []
        live.address = undefined
      }
    },

    getProvider(namespace: ChainNamespace) {
      if (namespace === 'solana') return live.solanaAccounts.length ? providers.solana : undefined
      return namespace === 'eip155' ? providers.eip155 : undefined
    },

    subscribe(next) {
      handlers.add(next)
      return () => handlers.delete(next)
    },
  }
  return connector
}
