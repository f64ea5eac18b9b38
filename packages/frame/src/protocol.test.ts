import { basicWildcardGuard, isOriginAllowedBy } from '@latch/server/origin-match'
import { describe, expect, it, vi } from 'vitest'
import { createFrameEndpoint, FrameError, type Handlers, originParam } from './protocol.js'

const parentOrigin = 'https://app.example.com'
const parent = { name: 'parent window' }

function setup(overrides: Partial<Handlers> = {}) {
  const posted: { message: Record<string, unknown>; targetOrigin: string }[] = []
  const handlers = {
    GET_CHAIN_ID: vi.fn(async () => ({ chainId: 'eip155:1' })),
    CONNECT_EMAIL: vi.fn(async () => ({ action: 'VERIFY_OTP' })),
    ...overrides,
  } as unknown as Handlers
  const endpoint = createFrameEndpoint({
    parent,
    parentOrigin,
    post: (message, targetOrigin) => posted.push({ message, targetOrigin }),
    handlers,
  })
  const request = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    endpoint.receive({
      origin: from.origin ?? parentOrigin,
      source: 'source' in from ? from.source : parent,
      data,
    })
  return { endpoint, posted, handlers, request }
}

const id = () => crypto.randomUUID()

describe('given the frame endpoint with a checked parent origin', () => {
  it('when the parent asks, then the answer goes to the parent origin only, with the same id', async () => {
    const { request, posted } = setup()
    const requestId = id()
    await request({ latch: 'frame/1', id: requestId, type: 'GET_CHAIN_ID', payload: {} })
    expect(posted).toEqual([
      {
        message: { latch: 'frame/1', id: requestId, type: 'SUCCESS', payload: { chainId: 'eip155:1' } },
        targetOrigin: parentOrigin,
      },
    ])
  })

  it('when a message comes from another origin or another window, then it is ignored', async () => {
    const { request, posted, handlers } = setup()
    await request(
      { latch: 'frame/1', id: id(), type: 'GET_CHAIN_ID', payload: {} },
      { origin: 'https://evil.example' },
    )
    await request(
      { latch: 'frame/1', id: id(), type: 'GET_CHAIN_ID', payload: {} },
      { source: { other: true } },
    )
    await request({ latch: 'frame/1', id: id(), type: 'GET_CHAIN_ID', payload: {} }, { source: null })
    expect(posted).toEqual([])
    expect(handlers.GET_CHAIN_ID).not.toHaveBeenCalled()
  })

  it('when the tag, the id or the type is wrong, or the id was used before, then nothing answers', async () => {
    const { request, posted, handlers } = setup()
    const used = id()
    await request({ latch: 'frame/1', id: used, type: 'GET_CHAIN_ID', payload: {} })
    expect(posted).toHaveLength(1)
    await request({ latch: 'frame/1', id: used, type: 'GET_CHAIN_ID', payload: {} })
    await request({ latch: 'frame/2', id: id(), type: 'GET_CHAIN_ID', payload: {} })
    await request({ id: id(), type: 'GET_CHAIN_ID', payload: {} })
    await request({ latch: 'frame/1', id: 'short', type: 'GET_CHAIN_ID', payload: {} })
    await request({ latch: 'frame/1', id: id(), type: 'SIGN_TYPED_DATA', payload: {} })
    await request({ latch: 'frame/1', id: id(), type: 'toString', payload: {} })
    await request('{"latch":"frame/1"}')
    await request(
      Object.assign(Object.create({ polluted: true }), { latch: 'frame/1', id: id(), type: 'GET_CHAIN_ID' }),
    )
    expect(posted).toHaveLength(1)
    expect(handlers.GET_CHAIN_ID).toHaveBeenCalledTimes(1)
  })

  it('when a known type carries a payload its schema refuses, then the page gets an ERROR and the handler never runs', async () => {
    const { request, posted, handlers } = setup()
    const requestId = id()
    await request({
      latch: 'frame/1',
      id: requestId,
      type: 'CONNECT_EMAIL',
      payload: { email: 'not-an-email' },
    })
    expect(posted[0]?.message).toEqual({
      latch: 'frame/1',
      id: requestId,
      type: 'ERROR',
      payload: { message: 'Invalid email', code: 'INVALID_PAYLOAD' },
    })
    await request({ latch: 'frame/1', id: id(), type: 'CONNECT_OTP', payload: { otp: '12345' } })
    expect(posted[1]?.message.payload).toEqual({ message: 'The code has 6 digits', code: 'INVALID_PAYLOAD' })
    expect(handlers.CONNECT_EMAIL).not.toHaveBeenCalled()
  })

  it('when a handler refuses, then its code and extra fields reach the page; an unexpected failure says nothing more', async () => {
    const { request, posted } = setup({
      CONNECT_EMAIL: async () => {
        throw new FrameError('Please try again after 12 seconds', 'THROTTLED', { retryAfter: 12 })
      },
      GET_CHAIN_ID: async () => {
        throw new Error('secret detail 0xdeadbeef')
      },
    })
    await request({ latch: 'frame/1', id: id(), type: 'CONNECT_EMAIL', payload: { email: 'a@example.com' } })
    expect(posted[0]?.message.payload).toEqual({
      message: 'Please try again after 12 seconds',
      code: 'THROTTLED',
      retryAfter: 12,
    })
    await request({ latch: 'frame/1', id: id(), type: 'GET_CHAIN_ID', payload: {} })
    expect(posted[1]?.message.payload).toEqual({
      message: 'The login frame failed to handle the request',
      code: 'INTERNAL',
    })
  })

  it('when the frame posts an event, then it goes to the parent origin with the tag and no id', () => {
    const { endpoint, posted } = setup()
    endpoint.event('READY', { version: '1.0.0' })
    expect(posted).toEqual([
      {
        message: { latch: 'frame/1', type: 'READY', payload: { version: '1.0.0' } },
        targetOrigin: parentOrigin,
      },
    ])
  })
})

describe("given the frame's parent check (the server's matcher)", () => {
  const allowed = ['https://app.example.com', 'https://*.preview.example.com', 'http://localhost:*']

  it('then only origins of the list pass; look-alikes, other schemes and ports do not', () => {
    expect(isOriginAllowedBy('https://app.example.com', allowed)).toBe(true)
    expect(isOriginAllowedBy('https://pr-1.preview.example.com', allowed)).toBe(true)
    expect(isOriginAllowedBy('http://localhost:5173', allowed)).toBe(true)
    expect(isOriginAllowedBy('https://app.example.com.evil.com', allowed)).toBe(false)
    expect(isOriginAllowedBy('http://app.example.com', allowed)).toBe(false)
    expect(isOriginAllowedBy('https://app.example.com:8443', allowed)).toBe(false)
    expect(isOriginAllowedBy('https://preview.example.com', allowed)).toBe(false)
    expect(isOriginAllowedBy('null', allowed)).toBe(false)
  })

  it('then the default preview hosts of the kit are never trusted unless the project lists them', () => {
    expect(isOriginAllowedBy('https://my-app.vercel.app', allowed)).toBe(false)
    expect(isOriginAllowedBy('https://my-app.pages.dev', allowed)).toBe(false)
    // A single-label wildcard is refused even without the Public Suffix List.
    expect(basicWildcardGuard('app')).toBe(true)
    expect(isOriginAllowedBy('https://anything.app', ['https://*.app'])).toBe(false)
  })
})

describe('the origin a wallet window is opened with (mode=window)', () => {
  it('is kept only as an exact http(s) origin', () => {
    expect(originParam('https://app.example.com')).toBe('https://app.example.com')
    expect(originParam('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173')
    for (const bad of [
      null,
      '',
      '*',
      'null',
      'https://app.example.com/',
      'https://app.example.com/path',
      'https://user@app.example.com',
      'HTTPS://APP.EXAMPLE.COM',
      'javascript:alert(1)',
      'data:text/html,x',
    ])
      expect(originParam(bad), String(bad)).toBeUndefined()
  })
})
