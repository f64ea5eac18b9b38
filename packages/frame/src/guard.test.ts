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

describe('the activation gate of Approve and Export', () => {
  it('allows an activation once the frame was visible and the pointer inside for 500 ms', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(guardDwellMs - 1)
    expect(gate.allows()).toBe(false)
    wait(1)
    expect(gate.allows()).toBe(true)
  })

  it('refuses without a visibility report (no IntersectionObserver v2), however long the pointer stays', () => {
    const { gate, wait } = setup()
    gate.pointerInside()
    wait(10_000)
    expect(gate.allows()).toBe(false)
  })

  it('refuses when the pointer never entered (a keyboard activation after iframe.focus())', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(10_000)
    expect(gate.allows()).toBe(false)
  })

  it('refuses when the pointer entered less than 500 ms ago, even if the frame was visible long before', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    wait(5_000)
    gate.pointerInside()
    wait(200)
    expect(gate.allows()).toBe(false)
  })

  it('restarts both clocks on a not-visible report', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(1_000)
    gate.visibility(false)
    gate.visibility(true)
    wait(guardDwellMs - 1)
    expect(gate.allows()).toBe(false)
    wait(1)
    expect(gate.allows()).toBe(true)
  })

  it('restarts both clocks on a blur, and on the pointer leaving', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(1_000)
    gate.blurred()
    wait(300)
    expect(gate.allows()).toBe(false)
    wait(200)
    expect(gate.allows()).toBe(true)
    gate.pointerLeft()
    wait(1_000)
    expect(gate.allows()).toBe(false)
    gate.pointerInside()
    wait(guardDwellMs)
    expect(gate.allows()).toBe(true)
  })

  it('does not restart the pointer clock on repeated moves inside', () => {
    const { gate, wait } = setup()
    gate.visibility(true)
    gate.pointerInside()
    wait(300)
    gate.pointerInside()
    wait(200)
    expect(gate.allows()).toBe(true)
  })
})
