// The embedded wallet frame's side of the protocol, scripted, for the connector's tests (jsdom).
import { vi } from 'vitest'
import { FRAME_PROTOCOL } from '../frame/protocol.js'
import type { CaipNetwork } from '../types.js'

export const FRAME_ORIGIN = 'http://localhost:4010'
export const mainnet = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://localhost:8545'] } },
} as unknown as CaipNetwork

export type Answer =
  | { ok: unknown }
  | { error: { message: string; code?: string; retryAfter?: number } }
  | 'silent'

interface Posted {
  id: string
  type: string
  payload: unknown
}

/** Makes `win` answer what the page posts to it with `answer`'s reply, posted back by `post`. */
export function answerOn(
  win: Window,
  post: (data: unknown) => void,
  answer: (type: string, payload: unknown) => Answer | undefined,
  record: (message: Posted, targetOrigin: string) => void,
) {
  vi.spyOn(win, 'postMessage').mockImplementation(((message: Posted, targetOrigin: string) => {
    record(message, targetOrigin)
    // A request the script does not answer gets the error a frame gives a type it does not know.
    const reply = answer(message.type, message.payload) ?? {
      error: { message: `Unknown request ${message.type}`, code: 'UNSUPPORTED' },
    }
    if (reply === 'silent') return
    setTimeout(() =>
      post(
        'ok' in reply
          ? { latch: FRAME_PROTOCOL, id: message.id, type: 'SUCCESS', payload: reply.ok }
          : { latch: FRAME_PROTOCOL, id: message.id, type: 'ERROR', payload: reply.error },
      ),
    )
  }) as never)
}

/**
 * The frame's side of the protocol, scripted: it says READY when the iframe appears and answers
 * each request the page posts with what `answer` returns for it.
 */
export function scriptedFrame(
  answer: (type: string, payload: unknown) => Answer | undefined,
  { load = true } = {},
) {
  const requests: { type: string; payload: unknown; targetOrigin: string; at: number }[] = []
  const observer = new MutationObserver(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')
    const win = iframe?.contentWindow
    if (!iframe || !win || (win as { scripted?: boolean }).scripted) return
    ;(win as { scripted?: boolean }).scripted = true
    const post = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: FRAME_ORIGIN, source: win }))
    answerOn(win, post, answer, (message, targetOrigin) =>
      requests.push({ type: message.type, payload: message.payload, targetOrigin, at: Date.now() }),
    )
    if (load) setTimeout(() => post({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } }))
  })
  observer.observe(document.body, { childList: true })
  return { requests, stop: () => observer.disconnect() }
}
