// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followSlot } from './slot.js'

const OVERLAY = 'position:fixed;inset:0;margin:auto;width:360px;height:600px;background:#fff'

/** Animation frames run by hand: each `step()` runs the callbacks asked for so far. */
function frames() {
  let queue: Array<[number, FrameRequestCallback]> = []
  let next = 1
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((fn) => {
    queue.push([next, fn])
    return next++
  })
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    queue = queue.filter(([i]) => i !== id)
  })
  return {
    step(times = 1) {
      for (let i = 0; i < times; i++) {
        const run = queue
        queue = []
        for (const [, fn] of run) fn(0)
      }
    },
    get pending() {
      return queue.length
    },
  }
}

/** A slot whose box the test moves (jsdom lays nothing out). */
function slotAt(box: { top: number; left: number; width: number; height: number }) {
  const slot = document.createElement('div')
  slot.setAttribute('data-latch-frame-slot', '')
  slot.style.borderRadius = '0px 0px 16px 16px'
  const rect = { ...box }
  slot.getBoundingClientRect = () => ({
    ...rect,
    x: rect.left,
    y: rect.top,
    right: 0,
    bottom: 0,
    toJSON() {},
  })
  return { slot, rect }
}

describe('followSlot', () => {
  let iframe: HTMLIFrameElement
  let stop: (() => void) | undefined
  beforeEach(() => {
    iframe = document.createElement('iframe')
    document.body.appendChild(iframe)
  })
  afterEach(() => {
    stop?.()
    stop = undefined
    document.body.replaceChildren()
    vi.restoreAllMocks()
  })

  it('places the frame exactly over the slot: fixed, in pixels, no transform, no shadow, transparent, the slot’s corners', () => {
    frames()
    const { slot } = slotAt({ top: 80, left: 460, width: 360, height: 560 })
    document.body.appendChild(slot)
    stop = followSlot(iframe, window, OVERLAY)
    expect(iframe.style.position).toBe('fixed')
    expect(iframe.style.top).toBe('80px')
    expect(iframe.style.left).toBe('460px')
    expect(iframe.style.width).toBe('360px')
    expect(iframe.style.height).toBe('560px')
    expect(iframe.style.transform).toBe('')
    expect(iframe.style.boxShadow).toBe('none')
    expect(iframe.style.backgroundColor).toBe('transparent')
    expect(iframe.style.borderRadius).toBe('0px 0px 16px 16px')
    expect(iframe.style.opacity).toBe('')
  })

  it('follows the slot while it moves (the sheet sliding up), and stops measuring once it stays still', () => {
    const raf = frames()
    const { slot, rect } = slotAt({ top: 844, left: 0, width: 390, height: 700 })
    document.body.appendChild(slot)
    stop = followSlot(iframe, window, OVERLAY)
    expect(iframe.style.top).toBe('844px')
    for (const top of [600, 300, 120]) {
      rect.top = top
      raf.step()
      expect(iframe.style.top).toBe(`${top}px`)
    }
    raf.step(25)
    expect(raf.pending).toBe(0)
    // A resize of the window wakes it again.
    rect.top = 100
    window.dispatchEvent(new Event('resize'))
    raf.step()
    expect(iframe.style.top).toBe('100px')
    // So does a scroll of any element.
    rect.left = 12
    raf.step(25)
    document.body.dispatchEvent(new Event('scroll'))
    raf.step()
    expect(iframe.style.left).toBe('12px')
  })

  it('waits a few frames for the modal to render its slot, hidden from pointers meanwhile, then sits in it', async () => {
    const raf = frames()
    stop = followSlot(iframe, window, OVERLAY)
    expect(iframe.style.opacity).toBe('0')
    expect(iframe.style.pointerEvents).toBe('none')
    const { slot } = slotAt({ top: 60, left: 40, width: 300, height: 400 })
    document.body.appendChild(slot)
    raf.step()
    expect(iframe.style.top).toBe('60px')
    expect(iframe.style.opacity).toBe('')
  })

  it('without a slot, the frame takes the overlay; a slot that appears later (the modal changed view) takes it back', async () => {
    const raf = frames()
    stop = followSlot(iframe, window, OVERLAY)
    raf.step(5)
    expect(iframe.getAttribute('style')).toBe(OVERLAY)
    raf.step(30)
    expect(raf.pending).toBe(0)
    const { slot } = slotAt({ top: 10, left: 20, width: 300, height: 400 })
    document.body.appendChild(slot)
    // The MutationObserver wakes the follower.
    await Promise.resolve()
    raf.step()
    expect(iframe.style.top).toBe('10px')
    slot.remove()
    await Promise.resolve()
    raf.step(5)
    expect(iframe.getAttribute('style')).toBe(OVERLAY)
  })

  it('a slot with no size yet (not laid out) is not used', () => {
    const raf = frames()
    const { slot, rect } = slotAt({ top: 10, left: 20, width: 0, height: 0 })
    document.body.appendChild(slot)
    stop = followSlot(iframe, window, OVERLAY)
    expect(iframe.style.opacity).toBe('0')
    rect.width = 300
    rect.height = 500
    raf.step()
    expect(iframe.style.height).toBe('500px')
  })

  it('once stopped, nothing moves it any more', () => {
    const raf = frames()
    const { slot, rect } = slotAt({ top: 10, left: 20, width: 300, height: 400 })
    document.body.appendChild(slot)
    stop = followSlot(iframe, window, OVERLAY)
    stop()
    stop = undefined
    expect(raf.pending).toBe(0)
    rect.top = 99
    window.dispatchEvent(new Event('resize'))
    raf.step()
    expect(iframe.style.top).toBe('10px')
  })
})
