import { describe, expect, it, vi } from 'vitest'
import { createEmitter, type LatchEvent, type LatchEventMap } from './events.js'

describe('given an event emitter', () => {
  it('when an event is emitted, then its listeners receive the payload', () => {
    const emitter = createEmitter<LatchEventMap>()
    const listener = vi.fn()
    emitter.on('CONNECT_SUCCESS', listener)
    emitter.emit('CONNECT_SUCCESS', { namespace: 'eip155', connectorId: 'io.metamask', address: '0x1' })
    expect(listener).toHaveBeenCalledWith({ namespace: 'eip155', connectorId: 'io.metamask', address: '0x1' })
  })

  it('when unsubscribed (returned function or off), then the listener no longer runs', () => {
    const emitter = createEmitter<LatchEventMap>()
    const a = vi.fn()
    const b = vi.fn()
    const stop = emitter.on('MODAL_OPEN', a)
    emitter.on('MODAL_OPEN', b)
    stop()
    emitter.off('MODAL_OPEN', b)
    emitter.emit('MODAL_OPEN', { view: 'Connect' })
    expect(a).not.toHaveBeenCalled()
    expect(b).not.toHaveBeenCalled()
  })

  it('when a listener throws, then the others still run and the error is reported', () => {
    const errors: unknown[] = []
    const emitter = createEmitter<LatchEventMap>({ onListenerError: (error) => errors.push(error) })
    const after = vi.fn()
    emitter.on('MODAL_CLOSE', () => {
      throw new Error('listener bug')
    })
    emitter.on('MODAL_CLOSE', after)
    expect(() => emitter.emit('MODAL_CLOSE', { connected: false })).not.toThrow()
    expect(after).toHaveBeenCalledOnce()
    expect(errors).toEqual([new Error('listener bug')])
  })

  it('when subscribed to every event, then each arrives typed and timestamped', () => {
    const emitter = createEmitter<LatchEventMap>({ now: () => 42 })
    const seen: LatchEvent[] = []
    emitter.subscribe((event) => seen.push(event))
    emitter.emit('SWITCH_NETWORK', { namespace: 'eip155', caipNetworkId: 'eip155:8453' })
    emitter.emit('DISCONNECT_SUCCESS', { namespaces: ['eip155'] })
    expect(seen).toEqual([
      { type: 'SWITCH_NETWORK', data: { namespace: 'eip155', caipNetworkId: 'eip155:8453' }, timestamp: 42 },
      { type: 'DISCONNECT_SUCCESS', data: { namespaces: ['eip155'] }, timestamp: 42 },
    ])
  })

  it('when two emitters exist, then they never share listeners', () => {
    const one = createEmitter<LatchEventMap>()
    const two = createEmitter<LatchEventMap>()
    const listener = vi.fn()
    one.on('MODAL_OPEN', listener)
    two.emit('MODAL_OPEN', { view: 'Connect' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('when events are emitted, then nothing is sent over the network', () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    try {
      const emitter = createEmitter<LatchEventMap>()
      emitter.emit('CONNECT_ERROR', { namespace: 'eip155', connectorId: 'x', message: 'no' })
      expect(fetchSpy).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
