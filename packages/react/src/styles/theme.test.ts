import { describe, expect, it } from 'vitest'
import { overlayBlurred } from './theme.js'

describe('overlayBlurred', () => {
  it('is true only for a blur radius above zero', () => {
    expect(overlayBlurred({})).toBe(false)
    expect(overlayBlurred({ '--latch-overlay-blur': '0' })).toBe(false)
    expect(overlayBlurred({ '--latch-overlay-blur': '0px' })).toBe(false)
    expect(overlayBlurred({ '--latch-overlay-blur': '0.0rem' })).toBe(false)
    expect(overlayBlurred({ '--latch-overlay-blur': '4px' })).toBe(true)
    expect(overlayBlurred({ '--latch-overlay-blur': '.5rem' })).toBe(true)
  })
})
