import { describe, expect, it } from 'vitest'
import { createActivationGate, guardDwellMs } from './guard.js'

function setup() {
  let time = 1_000
  const gate = createActivationGate(() => time)
  const wait = (ms: number) => {
    time += ms
  }
  return { gate, wait }
}

describe('the activation gate of Approve and Export, by mouse', () => {
  it('allows an activation once the frame was visible and the pointer inside for 500 ms', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(guardDwellMs - 1)
    expect(gate.allows('mouse')).toBe(false)
    wait(1)
    expect(gate.allows('mouse')).toBe(true)
  })

  it('refuses without a visibility report (no IntersectionObserver v2), however long the pointer stays', () => {
    const { gate, wait } = setup()
    gate.pointerInside()
    wait(10_000)
    expect(gate.allows('mouse')).toBe(false)
    expect(gate.readyAt()).toBeUndefined()
  })

  it('refuses when the pointer never entered', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(10_000)
    expect(gate.allows('mouse')).toBe(false)
  })

  it('refuses when the pointer entered less than 500 ms ago, even if the frame was visible long before', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(5_000)
    gate.pointerInside()
    wait(200)
    expect(gate.allows('mouse')).toBe(false)
    expect(gate.readyAt()).toBe(1_000 + 5_000 + guardDwellMs)
  })

  it('restarts both clocks on a not-visible report', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(1_000)
    gate.visibility(false)
    gate.visibility(true)
    wait(guardDwellMs - 1)
    expect(gate.allows('mouse')).toBe(false)
    wait(1)
    expect(gate.allows('mouse')).toBe(true)
  })

  it('restarts both clocks on a blur, and on the pointer leaving', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(1_000)
    gate.blurred()
    wait(300)
    expect(gate.allows('mouse')).toBe(false)
    wait(200)
    expect(gate.allows('mouse')).toBe(true)
    gate.pointerLeft()
    wait(1_000)
    expect(gate.allows('mouse')).toBe(false)
    gate.pointerInside()
    wait(guardDwellMs)
    expect(gate.allows('mouse')).toBe(true)
  })

  it('does not restart the pointer clock on repeated moves inside', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(300)
    gate.pointerInside()
    wait(200)
    expect(gate.allows('mouse')).toBe(true)
  })
})

describe('the activation gate, when the mouse got into the frame unseen', () => {
  const at = (x: number, dx = 100) => ({ x, y: 50, dx, dy: 200 })

  it('restarts the pointer clock when the frame moved on the screen under the resting mouse', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside(at(40))
    wait(1_000)
    expect(gate.allows('mouse')).toBe(true)
    // The page moved the frame 440 px left: the same place in the frame, another place on screen.
    gate.pointerInside(at(40, 540), 'press')
    expect(gate.allows('mouse')).toBe(false)
    wait(guardDwellMs)
    expect(gate.allows('mouse')).toBe(true)
  })

  it('restarts it on a press somewhere other than where the mouse was last seen (a leave it missed)', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside(at(40))
    wait(1_000)
    gate.pointerInside(at(300), 'press')
    expect(gate.allows('mouse')).toBe(false)
  })

  it('restarts it when the mouse enters from outside the document, even with no leave seen before', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside(at(40))
    wait(1_000)
    gate.pointerInside(at(42), 'enter')
    wait(guardDwellMs - 1)
    expect(gate.allows('mouse')).toBe(false)
  })

  it('starts it on a press with no mouse seen before', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(1_000)
    gate.pointerInside(at(40), 'press')
    expect(gate.allows('mouse')).toBe(false)
  })

  it('keeps it for a press where the mouse rests, give or take rounding', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside(at(40))
    wait(300)
    gate.pointerInside(at(80))
    wait(guardDwellMs)
    gate.pointerInside({ x: 80.5, y: 50.5, dx: 99.5, dy: 200 }, 'press')
    expect(gate.allows('mouse')).toBe(true)
  })
})

describe('the activation gate, by touch', () => {
  it('allows a tap whose touch started after the frame was seen for 500 ms, with no pointer before it', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(guardDwellMs)
    gate.touchStarted()
    wait(80)
    expect(gate.allows('touch')).toBe(true)
  })

  it('refuses a tap whose touch started during the first 500 ms, however long the finger stays', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(guardDwellMs - 1)
    gate.touchStarted()
    wait(2_000)
    expect(gate.allows('touch')).toBe(false)
  })

  it('refuses a tap when no touch started on the button, or the frame stopped being visible since', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(1_000)
    expect(gate.allows('touch')).toBe(false)
    gate.touchStarted()
    gate.visibility(false)
    gate.visibility(true)
    expect(gate.allows('touch')).toBe(false)
    gate.touchStarted()
    expect(gate.allows('touch')).toBe(false)
  })

  it('lets the pointer that leaves after a tap (it never entered as a mouse) restart nothing', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(guardDwellMs)
    gate.touchStarted()
    gate.pointerLeft()
    expect(gate.allows('touch')).toBe(true)
  })

  it('refuses a tap after a blur between the touch and the click', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(1_000)
    gate.touchStarted()
    gate.blurred()
    expect(gate.allows('touch')).toBe(false)
  })

  it('refuses a tap without a visibility report (no IntersectionObserver v2)', () => {
    const { gate, wait } = setup()
    wait(10_000)
    gate.touchStarted()
    expect(gate.allows('touch')).toBe(false)
  })
})

describe('the activation gate, by keyboard', () => {
  it("allows Enter when the visitor's Tab brought the focus and the frame was seen for 500 ms", () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(100)
    gate.focused(true)
    expect(gate.allows('keyboard')).toBe(false)
    wait(guardDwellMs - 100)
    expect(gate.allows('keyboard')).toBe(true)
  })

  it('counts a Tab that came before the first visibility report, once the frame is seen', () => {
    const { gate, wait } = setup()
    gate.focused(true)
    gate.visibility(true)
    wait(guardDwellMs)
    expect(gate.allows('keyboard')).toBe(true)
  })

  it('refuses Enter when the focus came otherwise (the page focusing the frame, a click, focus given back)', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(1_000)
    gate.focused(false)
    wait(1_000)
    expect(gate.allows('keyboard')).toBe(false)
  })

  it('refuses Enter when the Tab came while the frame was not visible, even once it is', () => {
    const { gate, wait } = setup()
    gate.visibility(false)
    gate.focused(true)
    gate.visibility(true)
    wait(1_000)
    expect(gate.allows('keyboard')).toBe(false)
  })

  it('forgets the Tab on a not-visible report, a blur, or the focus leaving', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.focused(true)
    wait(1_000)
    expect(gate.allows('keyboard')).toBe(true)
    gate.visibility(false)
    gate.visibility(true)
    wait(1_000)
    expect(gate.allows('keyboard')).toBe(false)
    gate.focused(true)
    wait(guardDwellMs)
    gate.blurred()
    wait(1_000)
    expect(gate.allows('keyboard')).toBe(false)
    gate.focused(true)
    gate.focusLeft()
    expect(gate.allows('keyboard')).toBe(false)
  })

  it('does not let a keyboard activation pass as a tap or a click, nor the reverse', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.focused(true)
    wait(1_000)
    expect(gate.allows('touch')).toBe(false)
    expect(gate.allows('mouse')).toBe(false)
    gate.focusLeft()
    gate.touchStarted()
    expect(gate.allows('keyboard')).toBe(false)
  })
})
