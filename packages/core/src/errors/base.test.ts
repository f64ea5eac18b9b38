import { describe, expect, it } from 'vitest'
import { BaseError } from './base.js'
import { SwitchNetworkNotFoundError } from './network.js'

describe('given a BaseError', () => {
  it('then its message is the short message followed by meta lines and details', () => {
    const error = new BaseError('Something failed', { metaMessages: ['Chain: 1'], details: 'socket closed' })
    expect(error.shortMessage).toBe('Something failed')
    expect(error.message).toBe('Something failed\n\nChain: 1\n\nDetails: socket closed')
    expect(error.name).toBe('BaseError')
  })

  it('when it wraps a cause, then details default to the cause message and cause is kept', () => {
    const cause = new Error('boom')
    const error = new BaseError('Outer', { cause })
    expect(error.details).toBe('boom')
    expect(error.cause).toBe(cause)
  })

  it('when walked without a predicate, then the deepest cause is returned', () => {
    const root = { code: 4001 }
    const middle = new BaseError('middle', { cause: root })
    const outer = new BaseError('outer', { cause: middle })
    expect(outer.walk()).toBe(root)
  })

  it('when walked with a predicate, then the first match (itself included) or undefined is returned', () => {
    const inner = new SwitchNetworkNotFoundError({ chainId: 5 })
    const outer = new BaseError('outer', { cause: inner })
    expect(outer.walk((error) => error instanceof SwitchNetworkNotFoundError)).toBe(inner)
    expect(outer.walk((error) => error instanceof BaseError)).toBe(outer)
    expect(outer.walk((error) => error === 'never')).toBeUndefined()
  })

  it('when a cause chain loops, then walking still ends', () => {
    const a = new BaseError('a')
    const b = new BaseError('b', { cause: a })
    ;(a as { cause: unknown }).cause = b
    expect(b.walk((error) => error === 'missing')).toBeUndefined()
  })
})
