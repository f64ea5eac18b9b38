import { isOriginAllowedBy } from '@latch/server/origin-match'
import { createApi } from './api.js'
import { chooseLocale, t } from './i18n.js'
import { noStorageHandlers } from './noStorage.js'
import { createFrameEndpoint, type Handlers, originParam } from './protocol.js'
import { openDeviceStore } from './storage.js'
import { el, root, setIdleScreen, showIdle, showNotice } from './ui.js'
import { createPasskey, passkeyHostIsFramesOwn, passkeyOutput, passkeysAvailable } from './vault/index.js'
import { createWallet } from './wallet.js'

/** Sign-up and recovery screens: a chunk of their own, loaded when one is first shown. */
const screens = () => import('./passwordScreens.js')

export const frameVersion = '1.0.0'

/** How often the wallet window looks whether its app's tab was closed. */
const openerPollMs = 1_000

/** The embedding page's origin: Chromium's `ancestorOrigins`, else the referrer's origin. */
function parentOriginOf(): string | undefined {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? undefined
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The frame's RPC URL of each chain the server says the project serves: the server's own
 * endpoint (`/v1/`, same origin), never a node's URL. Only `eip155:` and `solana:` ids are kept.
 */
function rpcUrlsOf(input: unknown, projectId: string): Record<string, string> {
  const out: Record<string, string> = {}
  if (!Array.isArray(input)) return out
  for (const chain of input) {
    if (
      typeof chain !== 'string' ||
      !/^(eip155:[1-9][0-9]{0,18}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/.test(chain)
    )
      continue
    const url = new URL('/v1/', location.origin)
    url.search = new URLSearchParams({ chainId: chain, projectId }).toString()
    out[chain] = url.toString()
  }
  return out
}

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search)
  // The modal's language when the kit passes it, else the browser's.
  const wanted = params.get('locale')
  await chooseLocale([...(wanted ? [wanted] : []), ...(navigator.languages ?? [])])
  // Runs only framed (or as the wallet window an app opened: `mode=window`, the fallback where
  // the browser gives the frame no storage) and in a secure context; fails closed otherwise.
  const windowMode = params.get('mode') === 'window'
  if (windowMode ? window.parent !== window || !window.opener : window.parent === window) {
    showNotice(t('notice.title'), t(windowMode ? 'notice.noOpener' : 'notice.notFramed'))
    return
  }
  if (!window.isSecureContext) {
    showNotice(t('notice.title'), t('notice.insecure'))
    return
  }
  // The page the wallet answers: the embedding page, or the wallet window's opener. A window
  // cannot read its opener's origin, so the app names it; every message then goes to exactly that
  // origin and only messages from it and from the opener are read, so naming another origin
  // reaches nobody.
  const host = (windowMode ? window.opener : window.parent) as Window
  const projectId = params.get('projectId') ?? ''
  const chainId = params.get('chainId') ?? 'eip155:1'
  const logger = params.get('enableLogger') === '1'
  let token: string | undefined
  const api = createApi(projectId, () => token)
  const config = await api.config().catch(() => undefined)
  const parentOrigin = windowMode ? originParam(params.get('parentOrigin')) : parentOriginOf()
  // The project's allowed origins only, with the server's own matcher; never the default ancestors.
  if (
    config === undefined ||
    parentOrigin === undefined ||
    !isOriginAllowedBy(parentOrigin, config.allowedOrigins)
  ) {
    showNotice(t('notice.title'), t('notice.notAllowed'))
    return
  }
  const post = (message: Record<string, unknown>, targetOrigin: string) =>
    host.postMessage(message, targetOrigin)
  if (windowMode) {
    // The window is the wallet's screen: it shows what it holds whenever no other screen is up.
    const text = t('window.wallet', { origin: parentOrigin })
    setIdleScreen(() =>
      root().replaceChildren(
        el('main', { class: 'card', 'data-testid': 'latch-wallet-window' }, [
          el('h1', {}, [t('notice.title')]),
          el('p', { role: 'status' }, [text]),
        ]),
      ),
    )
    document.body.classList.add('window')
    document.title = t('notice.title')
    // The app's tab is gone: nobody is left to answer, and a new tab of the app opens a window of
    // its own. The window closes itself (the login stays in its storage).
    const watch = setInterval(() => {
      if (!host.closed) return
      clearInterval(watch)
      window.close()
    }, openerPollMs)
  }
  let handlers: Handlers
  const endpoint = createFrameEndpoint({
    parent: host,
    parentOrigin,
    post,
    get handlers() {
      return handlers
    },
    onError: (error) => {
      // Only the error's name: messages could carry user data.
      if (logger) console.error('latch frame:', error instanceof Error ? error.name : 'error')
    },
  })
  try {
    const store = await openDeviceStore(projectId)
    const record = await store.load()
    token = record.token
    Object.defineProperty(record, 'token', {
      get: () => token,
      set: (value: string | undefined) => {
        token = value
      },
      enumerable: true,
      configurable: true,
    })
    handlers = createWallet({
      projectId,
      chainId,
      recoveryPolicy: config.recovery === 'server' ? 'server' : 'user',
      api,
      store,
      record,
      askPassword: async (...args) => (await screens()).askPassword(...args),
      passkeys: {
        // Only where no page of the embedding host can use the frame's RP id (see passkey.ts).
        available: async () =>
          passkeyHostIsFramesOwn(location.hostname, new URL(parentOrigin).hostname) &&
          (await passkeysAvailable()),
        create: (email) => createPasskey(email, config.name),
        output: passkeyOutput,
        askSetup: async (create) => (await screens()).askPasskeySetup(create),
        askRecover: async (use) => (await screens()).askPasskeyRecover(use),
      },
      parentOrigin,
      rpcUrls: rpcUrlsOf(config.chains, projectId),
      setVisible: (visible) => {
        if (!windowMode) document.body.classList.toggle('visible', visible)
        endpoint.event('VISIBILITY', { visible })
      },
      sessionEnded: () => endpoint.event('SESSION_ENDED', {}),
    })
  } catch {
    // No storage at all (blocked third-party storage): every request says so; no silent loss.
    handlers = noStorageHandlers()
  }
  if (windowMode) showIdle()
  window.addEventListener('message', (event) => {
    void endpoint.receive({ origin: event.origin, source: event.source, data: event.data })
  })
  endpoint.event('READY', { version: frameVersion })
}

void boot()
