import { ALERTS, type Alert } from '../errors/alerts.js'
import { FrameLoadError, FrameRequestTimeoutError, FrameResponseError } from '../errors/frame.js'
import {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_OVERLAY_Z_INDEX,
  FRAME_PROTOCOL,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SIGN_OUT_WAIT_MS,
  type FrameEvent,
  type FramePayload,
  type FrameRequestType,
  type FrameResult,
  frameEventSchema,
  frameRequestSchemas,
  frameResponseSchema,
} from './protocol.js'
import { followSlot } from './slot.js'

/** Options of {@link createFrameClient}. */
export interface FrameClientOptions {
  /** Where the frame is served: its origin (`https://wallet.example`) or any URL on it. */
  frameUrl: string
  projectId: string
  /** CAIP-2 id of the chain the frame starts on. */
  chainId: string
  /** The kit's version, passed to the frame. */
  version: string
  enableLogger?: boolean | undefined
  /**
   * The language of the frame's own screens (`'ar'`, `'pt-BR'` …), passed as `locale`; without it
   * the frame follows the browser's languages.
   */
  locale?: string | undefined
  /** Shown in the modal when the frame fails to load or a request times out (spec §8). */
  onAlert?: ((alert: Alert) => void) | undefined
  /** The frame's unsolicited events (VISIBILITY, SESSION_ENDED). */
  onEvent?: ((event: FrameEvent) => void) | undefined
  /** The wallet window (see {@link FrameClient.openWindow}) was closed. */
  onWindowClosed?: (() => void) | undefined
  /** Defaults to the page's window. */
  window?: Window | undefined
}

/** The page's side of the frame: one iframe, its requests and their answers. */
export interface FrameClient {
  /** The frame's exact origin: the only one messages go to and come from. */
  readonly origin: string
  /** The iframe, once created. */
  readonly element: HTMLIFrameElement | undefined
  /** Creates the iframe (once) and resolves 500 ms after its READY event; rejects after 20 s. */
  ready(): Promise<void>
  /** Sends one request once the frame is ready; resolves with its validated SUCCESS payload. */
  request<T extends FrameRequestType>(type: T, payload: FramePayload<T>): Promise<FrameResult<T>>
  /**
   * Moves the wallet from the iframe to a top-level window on the frame origin (`mode=window`),
   * for browsers that give the frame no storage: there the frame origin is first party, so the
   * login is kept. Call it from a click (browsers block other pop-ups); false when the window was
   * blocked. Later requests go to the window; the iframe is removed. The same window is reused (by
   * its name) when called again, after a reload too.
   */
  openWindow(): boolean
  /** Whether requests go to the wallet window. */
  readonly inWindow: boolean
  /** Removes the iframe (or closes the wallet window) and the listener; pending requests reject. */
  destroy(): void
}

/**
 * How long a request may wait for its answer (spec §9): 20 s, 30 s for the connect requests, 3 s
 * for sign-out, and no limit for the two that only hand the frame data (sync dapp data, sync
 * theme; the spec's third, set preferred account, is not in this protocol).
 */
function requestTimeoutOf(type: FrameRequestType): number | undefined {
  switch (type) {
    case 'SYNC_DAPP_DATA':
    case 'SYNC_THEME':
      return undefined
    case 'CONNECT_EMAIL':
    case 'CONNECT_DEVICE':
    case 'CONNECT_OTP':
    case 'CONNECT_SOCIAL':
    case 'GET_SOCIAL_REDIRECT_URI':
      return FRAME_REQUEST_TIMEOUT_MS
    case 'SIGN_OUT':
      return FRAME_SIGN_OUT_WAIT_MS
    default:
      return FRAME_LOAD_TIMEOUT_MS
  }
}

/** Browsers allow passkeys in a cross-origin frame only when the embedder delegates them. */
const permissionsFor = (origin: string) =>
  [`publickey-credentials-get ${origin}`, `publickey-credentials-create ${origin}`, 'clipboard-write'].join(
    '; ',
  )

const HIDDEN_STYLE =
  'position:fixed;top:0;left:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none;visibility:hidden'
// Where the page has no frame slot (see followSlot): centred, without a CSS transform (a
// transformed frame never counts as visible to IntersectionObserver v2, which the frame's
// approval guard relies on).
const OVERLAY_STYLE = [
  'position:fixed',
  'inset:0',
  'margin:auto',
  'width:min(360px,calc(100vw - 32px))',
  'height:min(600px,calc(100vh - 32px))',
  'border:0',
  'border-radius:16px',
  'box-shadow:0 8px 32px rgba(0,0,0,.3)',
  'background:#fff',
  `z-index:${FRAME_OVERLAY_Z_INDEX}`,
].join(';')

/**
 * A request id nobody can guess or reuse: `crypto.randomUUID()` where the page is a secure
 * context, else 16 random bytes as hex.
 */
export function newRequestId(): string {
  const c = globalThis.crypto
  if (globalThis.isSecureContext !== false && typeof c?.randomUUID === 'function') return c.randomUUID()
  const bytes = c.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The iframe's URL (spec §7 query parameters), and the origin every message is checked against. */
export function frameLocation(
  options: Pick<
    FrameClientOptions,
    'frameUrl' | 'projectId' | 'chainId' | 'version' | 'enableLogger' | 'locale'
  >,
) {
  const base = new URL(options.frameUrl)
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new Error('frameUrl must be an http(s) URL')
  const url = new URL('/frame/', base.origin)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', options.chainId)
  url.searchParams.set('version', options.version)
  url.searchParams.set('enableLogger', options.enableLogger ? '1' : '0')
  if (options.locale && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(options.locale))
    url.searchParams.set('locale', options.locale)
  return { origin: base.origin, src: url.toString() }
}

/** How often the client looks whether the wallet window was closed. */
const WINDOW_CLOSED_POLL_MS = 500

interface Pending {
  type: FrameRequestType
  resolve(value: unknown): void
  reject(error: unknown): void
  /** Its limit, restarted while the frame shows a screen (see `pauseLimits`). */
  limit: number | undefined
  timer: ReturnType<typeof setTimeout> | undefined
}

/**
 * The frame client (spec §7): it posts only to the frame's exact origin and accepts a message only
 * when it comes from that origin and from the iframe's own window, is a `frame/1` message that
 * passes its schema, and answers a request still waiting (an unknown or reused id is ignored).
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const { origin, src } = frameLocation(options)
  const win = options.window ?? globalThis.window
  const pending = new Map<string, Pending>()
  let iframe: HTMLIFrameElement | undefined
  /** The wallet window, once the client moved there. */
  let popup: Window | undefined
  let closedPoll: ReturnType<typeof setInterval> | undefined
  let readyPromise: Promise<void> | undefined
  let onReady: (() => void) | undefined
  let readySeen = false
  let destroyed = false

  /** The one window messages go to and come from: the wallet window, else the iframe's. */
  const peer = (): Window | null | undefined => popup ?? iframe?.contentWindow

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source === null || event.source !== peer()) return
    const data: unknown = event.data
    if (typeof data !== 'object' || data === null || (data as { latch?: unknown }).latch !== FRAME_PROTOCOL)
      return
    if ('id' in data) {
      const parsed = frameResponseSchema.safeParse(data)
      if (!parsed.success) return
      const request = pending.get(parsed.data.id)
      if (!request) return
      pending.delete(parsed.data.id)
      if (request.timer) clearTimeout(request.timer)
      if (parsed.data.type === 'ERROR') {
        request.reject(new FrameResponseError(parsed.data.payload))
        return
      }
      const result = frameRequestSchemas[request.type].result.safeParse(parsed.data.payload)
      if (result.success) request.resolve(result.data)
      else request.reject(new FrameResponseError({ message: 'An error occurred' }))
      return
    }
    const parsed = frameEventSchema.safeParse(data)
    if (!parsed.success) return
    const frameEvent = parsed.data
    if (frameEvent.type === 'READY') {
      if (readySeen) return
      readySeen = true
      onReady?.()
      return
    }
    if (frameEvent.type === 'VISIBILITY') {
      setVisible(frameEvent.payload.visible)
      pauseLimits(frameEvent.payload.visible)
      // The wallet window shows a screen (an approval, the recovery step): bring it forward.
      if (popup && frameEvent.payload.visible) popup.focus()
    }
    options.onEvent?.(frameEvent)
  }

  /** Whether the frame shows a screen to the visitor right now. */
  let showing = false
  /**
   * While the frame shows a screen (an approval, the export screen, a recovery step) a person is
   * reading it: no limit runs then, as a limit measures how long the frame works, not how long
   * someone thinks. When the screen closes, every waiting request's limit starts again in full.
   */
  const pauseLimits = (visible: boolean) => {
    showing = visible
    for (const [id, request] of pending) {
      if (request.timer) clearTimeout(request.timer)
      request.timer = visible ? undefined : armLimit(id, request)
    }
  }

  const armLimit = (id: string, request: Pending) =>
    request.limit === undefined || showing
      ? undefined
      : setTimeout(() => {
          pending.delete(id)
          if (request.type !== 'SIGN_OUT') options.onAlert?.({ ...ALERTS.IFRAME_REQUEST_TIMEOUT })
          request.reject(new FrameRequestTimeoutError({ requestType: request.type }))
        }, request.limit)

  /** Stops the shown frame following its slot in the modal. */
  let unfollow: (() => void) | undefined
  const setVisible = (visible: boolean) => {
    if (!iframe) return
    unfollow?.()
    unfollow = undefined
    if (visible && win) unfollow = followSlot(iframe, win, OVERLAY_STYLE)
    else iframe.setAttribute('style', HIDDEN_STYLE)
    iframe.setAttribute('aria-hidden', visible ? 'false' : 'true')
    iframe.tabIndex = visible ? 0 : -1
    if (visible) iframe.focus()
  }

  const mount = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (!win?.document) {
        reject(new FrameLoadError({ cause: new Error('No document to load the frame in') }))
        return
      }
      win.addEventListener('message', onMessage)
      const element = win.document.createElement('iframe')
      element.src = src
      element.title = 'Embedded wallet'
      element.setAttribute('allow', permissionsFor(origin))
      element.dataset.latchFrame = ''
      iframe = element
      setVisible(false)
      awaitReady(resolve, reject)
      win.document.body.appendChild(element)
    })

  /** Resolves 500 ms after the next READY; rejects (with the load alert) after 20 s without. */
  const awaitReady = (resolve: () => void, reject: (error: unknown) => void) => {
    const loadTimer = setTimeout(() => {
      onReady = undefined
      options.onAlert?.({ ...ALERTS.IFRAME_LOAD_FAILED })
      reject(new FrameLoadError())
    }, FRAME_LOAD_TIMEOUT_MS)
    onReady = () => {
      clearTimeout(loadTimer)
      onReady = undefined
      setTimeout(resolve, FRAME_READY_DELAY_MS)
    }
  }

  const client: FrameClient = {
    origin,
    get element() {
      return iframe
    },
    ready() {
      if (destroyed) return Promise.reject(new FrameLoadError({ cause: new Error('The frame was removed') }))
      if (!readyPromise) {
        const attempt = mount()
        readyPromise = attempt
        // A failed load is not cached: the next call builds a new frame.
        attempt.catch(() => {
          if (readyPromise !== attempt) return
          teardown()
          readyPromise = undefined
          readySeen = false
        })
      }
      return readyPromise
    },
    async request(type, payload) {
      await client.ready()
      const target = peer()
      if (!target) throw new FrameLoadError({ cause: new Error('The frame has no window') })
      const id = newRequestId()
      return new Promise((resolve, reject) => {
        const request: Pending = {
          type,
          resolve: resolve as (value: unknown) => void,
          reject,
          limit: requestTimeoutOf(type),
          timer: undefined,
        }
        request.timer = armLimit(id, request)
        pending.set(id, request)
        target.postMessage({ latch: FRAME_PROTOCOL, id, type, payload }, origin)
      })
    },
    get inWindow() {
      return popup !== undefined
    },
    openWindow() {
      if (destroyed || !win) return false
      const url = new URL(src)
      url.searchParams.set('mode', 'window')
      url.searchParams.set('parentOrigin', win.location.origin)
      const name = `latch-wallet-${options.projectId.replace(/[^A-Za-z0-9_-]/g, '_')}`
      let opened: Window | null = null
      try {
        opened = win.open(url.toString(), name, 'popup,width=420,height=680')
      } catch {
        opened = null
      }
      if (!opened) return false
      // The iframe has nothing to keep: it gave no storage. Requests still waiting on it fail.
      rejectPending('The wallet moved to its own window')
      iframe?.remove()
      iframe = undefined
      win.removeEventListener('message', onMessage)
      win.addEventListener('message', onMessage)
      popup = opened
      readySeen = false
      const attempt = new Promise<void>(awaitReady)
      readyPromise = attempt
      attempt.catch(() => {})
      if (closedPoll) clearInterval(closedPoll)
      closedPoll = setInterval(() => {
        if (!popup?.closed) return
        clearInterval(closedPoll)
        closedPoll = undefined
        destroyed = true
        // The visitor closed it: what waited there was cancelled (not a wallet out of reach).
        rejectPending(
          new FrameResponseError({ message: 'The wallet window was closed', code: 'WINDOW_CLOSED' }),
        )
        teardown()
        options.onWindowClosed?.()
      }, WINDOW_CLOSED_POLL_MS)
      return true
    },
    destroy() {
      destroyed = true
      teardown()
    },
  }

  const rejectPending = (why: string | FrameResponseError) => {
    for (const [id, request] of pending) {
      if (request.timer) clearTimeout(request.timer)
      request.reject(typeof why === 'string' ? new FrameLoadError({ cause: new Error(why) }) : why)
      pending.delete(id)
    }
  }

  const teardown = () => {
    unfollow?.()
    unfollow = undefined
    win?.removeEventListener('message', onMessage)
    iframe?.remove()
    iframe = undefined
    if (closedPoll) clearInterval(closedPoll)
    closedPoll = undefined
    if (popup && !popup.closed) popup.close()
    popup = undefined
    showing = false
    rejectPending('The frame was removed')
  }

  return client
}
