import { SDK_VERSION } from '../api/version.js'
import type { Alert } from '../errors/alerts.js'
import { SessionUnreachableError } from '../errors/connection.js'
import { FrameLoadError, FrameRequestTimeoutError, FrameResponseError } from '../errors/frame.js'
import type { FrameClient } from '../frame/client.js'
import type { FrameEvent, FramePayload, FrameRequestType, FrameResult } from '../frame/protocol.js'
import type { CaipNetwork } from '../types.js'

/** What the link tells the connector. */
interface FrameLinkHooks {
  onAlert(alert: Alert): void
  onEvent(event: FrameEvent): void
  /** The wallet window this link used was closed. */
  onWindowClosed(): void
  /** The frame (and its server) answered, or could not be reached. */
  onReachable(reachable: boolean): void
}

/**
 * The frame couldn't be reached: it did not load, did not answer in time, or answered that its
 * server cannot be reached. Not a refusal: the session may well be alive.
 */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof SessionUnreachableError ||
    error instanceof FrameLoadError ||
    error instanceof FrameRequestTimeoutError ||
    (error instanceof FrameResponseError && error.code === 'NETWORK')
  )
}

/**
 * The connector's one frame: the client module is imported and the iframe created on first use;
 * every request goes through `request`, which reports whether the frame could be reached.
 */
export function createFrameLink(
  options: {
    frameOrigin: string
    projectId: string
    enableLogger?: boolean | undefined
    /** The app's default EVM account type, sent with every GET_USER (spec §7 'get user'). */
    defaultAccountType: 'eoa' | 'smartAccount'
  },
  hooks: FrameLinkHooks,
) {
  let client: Promise<FrameClient> | undefined
  /** The client once loaded (a click must open the wallet window synchronously). */
  let loaded: FrameClient | undefined
  let locale: string | undefined
  let onCreated: ((fc: FrameClient) => void) | undefined
  let reachable: boolean | undefined

  const report = (now: boolean) => {
    if (reachable === now) return
    reachable = now
    hooks.onReachable(now)
  }

  const get = (network?: CaipNetwork): Promise<FrameClient> => {
    client ??= import('../frame/client.js').then(({ createFrameClient }) => {
      const created = createFrameClient({
        frameUrl: options.frameOrigin,
        projectId: options.projectId,
        chainId: network?.caipNetworkId ?? 'eip155:1',
        version: SDK_VERSION,
        enableLogger: options.enableLogger,
        locale,
        onAlert: hooks.onAlert,
        onEvent: hooks.onEvent,
        onWindowClosed: () => {
          if (loaded !== created) return
          client = undefined
          loaded = undefined
          hooks.onWindowClosed()
        },
      })
      loaded = created
      onCreated?.(created)
      return created
    })
    return client
  }

  /** Sends one request; its outcome tells whether the frame and its server answer. */
  async function request<T extends FrameRequestType>(
    type: T,
    payload: FramePayload<T>,
    network?: CaipNetwork,
  ): Promise<FrameResult<T>> {
    try {
      const result = await (await get(network)).request(type, payload)
      report(true)
      return result
    } catch (error) {
      // A refusal is an answer too; only silence and "cannot reach the server" are not.
      report(!isUnreachable(error))
      throw error
    }
  }

  return {
    get,
    request,
    /**
     * GET_USER on `chainId`, with the app's default account type: the frame adopts it only for a
     * visitor who has not chosen one (their choice is kept by the frame).
     */
    user(chainId: string): Promise<FrameResult<'GET_USER'>> {
      return request('GET_USER', { chainId, preferredAccountType: options.defaultAccountType })
    },
    /** The client, if the frame was created. */
    get created(): Promise<FrameClient> | undefined {
      return client
    },
    get loaded(): FrameClient | undefined {
      return loaded
    },
    setLocale(next: string | undefined): void {
      locale = next
    },
    /** Runs `run` for the frame once it exists (now, if it does). */
    whenCreated(run: (fc: FrameClient) => void): void {
      onCreated = run
      if (client) void client.then(run, () => {})
    },
    /** Closes the wallet window (signed out, it has nothing left to show); the next use starts over. */
    closeWindow(): void {
      if (!loaded?.inWindow) return
      const inWindow = loaded
      client = undefined
      loaded = undefined
      inWindow.destroy()
    },
  }
}

export type FrameLink = ReturnType<typeof createFrameLink>
