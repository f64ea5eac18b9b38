import {
  FRAME_PROTOCOL,
  type FramePayload,
  type FrameRequestType,
  frameRequestSchemas,
} from '@latch/core/internal'

/** Every message of the frame protocol carries this tag; anything else is ignored. */
export const protocolTag = FRAME_PROTOCOL

/** The request types the frame answers, with the payload schemas the kit's side uses too. */
export const requestSchemas = Object.fromEntries(
  Object.entries(frameRequestSchemas).map(([type, { payload }]) => [type, payload]),
) as { [T in FrameRequestType]: (typeof frameRequestSchemas)[T]['payload'] }

export type RequestType = FrameRequestType
export type RequestPayload<T extends RequestType> = FramePayload<T>

/** A refusal the page receives as `ERROR { message, code, …extra }`. */
export class FrameError extends Error {
  override name = 'FrameError' as const
  constructor(
    message: string,
    readonly code?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export type Handlers = { [T in RequestType]: (payload: RequestPayload<T>) => Promise<unknown> }

/** What the endpoint needs of a `message` event. */
export interface IncomingMessage {
  origin: string
  source: unknown
  data: unknown
}

const idShape = /^[A-Za-z0-9-]{16,64}$/
const maxRemembered = 10_000

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * The frame's side of the protocol. A message is handled only when it comes from the parent
 * window (`event.source`) on the checked parent origin (`event.origin`), carries the tag, a fresh
 * id and a known type; anything else is ignored without an answer. A known type with a payload its
 * schema refuses gets an ERROR, so the page is not left waiting. Answers go to the parent only,
 * with the parent's exact origin as `targetOrigin`.
 */
export function createFrameEndpoint(options: {
  parent: unknown
  parentOrigin: string
  post: (message: Record<string, unknown>, targetOrigin: string) => void
  handlers: Handlers
  onError?: (error: unknown) => void
}) {
  const seen = new Set<string>()
  const send = (message: Record<string, unknown>) =>
    options.post({ latch: protocolTag, ...message }, options.parentOrigin)

  return {
    /** Posts an unsolicited event (READY, VISIBILITY, SESSION_ENDED). */
    event(type: 'READY' | 'VISIBILITY' | 'SESSION_ENDED', payload: Record<string, unknown>) {
      send({ type, payload })
    },
    /** Handles one `message` event; resolves when the answer (if any) was posted. */
    async receive(event: IncomingMessage): Promise<void> {
      if (event.source !== options.parent || event.origin !== options.parentOrigin) return
      const data = event.data
      if (!isPlainObject(data) || data.latch !== protocolTag) return
      const { id, type } = data
      if (typeof id !== 'string' || !idShape.test(id) || typeof type !== 'string') return
      if (!Object.hasOwn(requestSchemas, type)) return
      if (seen.has(id)) return
      if (seen.size >= maxRemembered) seen.delete(seen.values().next().value as string)
      seen.add(id)
      const requestType = type as RequestType
      const parsed = requestSchemas[requestType].safeParse(data.payload ?? {})
      if (!parsed.success) {
        const issue = parsed.issues[0]
        send({
          id,
          type: 'ERROR',
          payload: { message: issue?.message ?? 'Invalid input', code: 'INVALID_PAYLOAD' },
        })
        return
      }
      try {
        const handler = options.handlers[requestType] as (payload: unknown) => Promise<unknown>
        const result = await handler(parsed.data)
        send({ id, type: 'SUCCESS', payload: result ?? {} })
      } catch (error) {
        if (error instanceof FrameError) {
          send({
            id,
            type: 'ERROR',
            payload: { ...error.extra, message: error.message, ...(error.code ? { code: error.code } : {}) },
          })
        } else {
          options.onError?.(error)
          send({
            id,
            type: 'ERROR',
            payload: { message: 'The login frame failed to handle the request', code: 'INTERNAL' },
          })
        }
      }
    },
  }
}

/** The `parentOrigin` a wallet window was opened with: an exact http(s) origin, else undefined. */
export function originParam(value: string | null): string | undefined {
  if (value === null) return undefined
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? value : undefined
  } catch {
    return undefined
  }
}
