import { describe, expect, it } from 'vitest'
import { createAnswerCache } from './cache.js'

describe('given the answer cache', () => {
  it('when more answers arrive than it holds, then the least recently read goes first', () => {
    const cache = createAnswerCache({ entries: 2, bytes: 1_000_000, ttlMs: 60_000 })
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
    expect(cache.size).toBe(2)
  })

  it('when answers are large, then the bytes stay under the limit and one over an eighth is never kept', () => {
    const cache = createAnswerCache({ entries: 1_000, bytes: 8_000, ttlMs: 60_000 })
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, 'x'.repeat(500))
    expect(cache.bytes).toBeLessThanOrEqual(8_000)
    expect(cache.get('k99')).toBeDefined()
    expect(cache.get('k0')).toBeUndefined()
    cache.set('huge', 'x'.repeat(1_000))
    expect(cache.get('huge')).toBeUndefined()
  })

  it('when an answer is older than its lifetime, then it is gone', () => {
    let now = 0
    const cache = createAnswerCache({ entries: 10, bytes: 10_000, ttlMs: 100 }, () => now)
    cache.set('a', 1)
    now = 99
    expect(cache.get('a')).toBe(1)
    now = 100
    expect(cache.get('a')).toBeUndefined()
    expect(cache.bytes).toBe(0)
  })

  it('when it holds no entries, then nothing is kept', () => {
    const cache = createAnswerCache({ entries: 0, bytes: 10_000, ttlMs: 100 })
    cache.set('a', 1)
    expect(cache.get('a')).toBeUndefined()
  })
})
