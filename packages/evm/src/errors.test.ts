import { describe, expect, it } from 'vitest'
import { toCodedError } from './errors.js'

describe('given an error from a wallet or from wagmi/viem', () => {
  it('when the wallet threw a plain object nesting its answer in data.originalError, then code and data reach the top', () => {
    const raw = { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: { code: 4001 } } }
    const error = toCodedError(raw, 'fallback')
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: -32603, data: { originalError: { code: 4001 } }, cause: raw })
  })

  it('when a library wrapped the wallet error in a cause, then the wallet code and data are lifted', () => {
    const wallet = { code: -32603, data: { originalError: { code: 4902 } } }
    const error = toCodedError(new Error('Request failed', { cause: wallet }), 'fallback')
    expect(error).toMatchObject({ code: -32603, data: { originalError: { code: 4902 } } })
  })

  it('when the wallet threw an Error with its code, then it passes unchanged (its cause included)', () => {
    const wallet = Object.assign(new Error('declined', { cause: { code: -32603 } }), { code: 4001 })
    expect(toCodedError(wallet, 'fallback')).toBe(wallet)
  })
})
