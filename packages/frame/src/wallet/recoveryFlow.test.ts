import { describe, expect, it } from 'vitest'
import type { DeviceStep } from './flows.js'
import { type RecoveryEvent, type RecoveryState, recoveryReducer, recoveryRun } from './recoveryFlow.js'

const start: RecoveryState = { step: 'start' }
const ready: RecoveryState = { step: 'ready' }
const setupServer: RecoveryState = { step: 'setup', lock: 'server' }
const setupPasskey: RecoveryState = { step: 'setup', lock: 'passkey' }
const setupPassword: RecoveryState = { step: 'setup', lock: 'password' }
const recoverServer: RecoveryState = { step: 'recover', lock: 'server' }
const recoverPasskey: RecoveryState = { step: 'recover', lock: 'passkey' }
const recoverPassword: RecoveryState = { step: 'recover', lock: 'password' }
const handOverNew: RecoveryState = { step: 'handOver', from: { step: 'setup', lock: 'password' } }
const handOverRecovered: RecoveryState = { step: 'handOver', from: { step: 'recover', lock: 'passkey' } }
const stored: RecoveryState = { step: 'stored' }
const failed: RecoveryState = { step: 'failed', problem: 'no' }
const held: RecoveryState = { step: 'held' }
const stopped: RecoveryState = { step: 'stopped' }

const states = {
  start,
  ready,
  setupServer,
  setupPasskey,
  setupPassword,
  recoverServer,
  recoverPasskey,
  recoverPassword,
  handOverNew,
  handOverRecovered,
  stored,
  failed,
  held,
  stopped,
}
type Name = keyof typeof states

const events = {
  checked: { type: 'checked', device: 'recover-password', passkeys: true },
  passwordChosen: { type: 'passwordChosen' },
  refused: { type: 'refused', problem: 'Wrong password' },
  setMade: { type: 'setMade' },
  interrupted: { type: 'interrupted' },
  handedOver: { type: 'handedOver' },
  held: { type: 'held' },
  stopped: { type: 'stopped' },
} satisfies Record<RecoveryEvent['type'], RecoveryEvent>

/** Every legal transition; any other pair of state and event leaves the state as it is. */
const legal: Partial<Record<Name, Partial<Record<keyof typeof events, RecoveryState>>>> = {
  start: { checked: recoverPassword },
  setupServer: {
    refused: { step: 'setup', lock: 'server', problem: 'Wrong password' },
    setMade: { step: 'handOver', from: { step: 'setup', lock: 'server' } },
  },
  setupPasskey: {
    passwordChosen: setupPassword,
    refused: { step: 'setup', lock: 'passkey', problem: 'Wrong password' },
    setMade: { step: 'handOver', from: { step: 'setup', lock: 'passkey' } },
  },
  setupPassword: {
    refused: { step: 'setup', lock: 'password', problem: 'Wrong password' },
    setMade: { step: 'handOver', from: { step: 'setup', lock: 'password' } },
  },
  recoverServer: {
    refused: { step: 'failed', problem: 'Wrong password' },
    setMade: { step: 'handOver', from: { step: 'recover', lock: 'server' } },
    held,
    stopped,
  },
  recoverPasskey: {
    refused: { step: 'recover', lock: 'passkey', problem: 'Wrong password' },
    setMade: { step: 'handOver', from: { step: 'recover', lock: 'passkey' } },
  },
  recoverPassword: {
    refused: { step: 'recover', lock: 'password', problem: 'Wrong password' },
    setMade: { step: 'handOver', from: { step: 'recover', lock: 'password' } },
  },
  handOverNew: { interrupted: setupPassword, handedOver: stored },
  handOverRecovered: { interrupted: recoverPasskey, handedOver: stored },
}

describe('given the flow of this device’s wallet', () => {
  for (const [name, state] of Object.entries(states) as [Name, RecoveryState][])
    for (const [eventName, event] of Object.entries(events) as [keyof typeof events, RecoveryEvent][]) {
      const next = legal[name]?.[eventName]
      it(`when it is ${name} and ${eventName} happens, then ${next ? `it moves to ${next.step}` : 'the event is ignored'}`, () => {
        const frozen = structuredClone(state)
        const after = recoveryReducer(state, event)
        if (next === undefined) expect(after).toBe(state)
        else expect(after).toEqual(next)
        // The state before is never changed in place: nothing is left half-way.
        expect(state).toEqual(frozen)
      })
    }

  it('when the account is read, then its step picks where the flow goes', () => {
    const after = (device: DeviceStep, passkeys: boolean) =>
      recoveryReducer(start, { type: 'checked', device, passkeys })
    expect(after('ready', true)).toEqual(ready)
    expect(after('create-server', true)).toEqual(setupServer)
    expect(after('create', true)).toEqual(setupPasskey)
    expect(after('create', false)).toEqual(setupPassword)
    expect(after('recover-server', false)).toEqual(recoverServer)
    expect(after('recover-passkey', false)).toEqual(recoverPasskey)
    expect(after('recover-password', true)).toEqual(recoverPassword)
  })

  it('when a sign-up is refused twice and then made, then a failed hand-over returns to its screen without the old problem, and the next one is stored', () => {
    const run = recoveryRun()
    run.dispatch({ type: 'checked', device: 'create', passkeys: true })
    run.dispatch({ type: 'refused', problem: 'no PRF' })
    expect(run.state).toEqual({ step: 'setup', lock: 'passkey', problem: 'no PRF' })
    run.dispatch({ type: 'passwordChosen' })
    run.dispatch({ type: 'refused', problem: 'too easy' })
    expect(run.state).toEqual({ step: 'setup', lock: 'password', problem: 'too easy' })
    run.dispatch({ type: 'setMade' })
    run.dispatch({ type: 'interrupted' })
    expect(run.state).toEqual(setupPassword)
    // A stale event of another step changes nothing.
    run.dispatch({ type: 'held' })
    run.dispatch({ type: 'handedOver' })
    expect(run.state).toEqual(setupPassword)
    run.dispatch({ type: 'setMade' })
    run.dispatch({ type: 'handedOver' })
    expect(run.state).toEqual(stored)
    run.dispatch({ type: 'checked', device: 'create', passkeys: true })
    expect(run.state).toEqual(stored)
  })
})
