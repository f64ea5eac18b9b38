import { describe, expect, it } from 'vitest'
import { type RecoveryEvent, type RecoveryState, recoveryReducer, recoveryRun } from './recoveryFlow.js'

const start: RecoveryState = { step: 'start' }
const ready: RecoveryState = { step: 'ready' }
const setupServer: RecoveryState = { step: 'setup', lock: 'server' }
const setupPasskey: RecoveryState = { step: 'setup', lock: 'passkey' }
const setupPassword: RecoveryState = { step: 'setup', lock: 'password' }
const recoverServer: RecoveryState = { step: 'recover', lock: 'server' }
const recoverPasskey: RecoveryState = { step: 'recover', lock: 'passkey' }
const recoverPassword: RecoveryState = { step: 'recover', lock: 'password' }
const stored: RecoveryState = { step: 'stored' }

const states = {
  start,
  ready,
  setupServer,
  setupPasskey,
  setupPassword,
  recoverServer,
  recoverPasskey,
  recoverPassword,
  stored,
}
type Name = keyof typeof states

const events = {
  checked: {
    type: 'checked',
    account: { wallet: { recoveryMode: 'password' }, deviceHasShare: false },
    holdsShare: false,
    policy: 'user',
  },
  passwordChosen: { type: 'passwordChosen' },
  handedOver: { type: 'handedOver' },
} satisfies Record<RecoveryEvent['type'], RecoveryEvent>

/** Every legal transition; any other pair of state and event leaves the state as it is. */
const legal: Partial<Record<Name, Partial<Record<keyof typeof events, RecoveryState>>>> = {
  start: { checked: recoverPassword },
  setupServer: {
    handedOver: stored,
  },
  setupPasskey: {
    passwordChosen: setupPassword,
    handedOver: stored,
  },
  setupPassword: {
    handedOver: stored,
  },
  recoverServer: {
    handedOver: stored,
  },
  recoverPasskey: {
    handedOver: stored,
  },
  recoverPassword: {
    handedOver: stored,
  },
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

  it('when the account is read, then a new account makes its wallet (server-assisted without a screen, else a passkey first), an established device is ready, and any other device recovers with the account’s mode', () => {
    const wallet = (recoveryMode: string | null) => ({ recoveryMode })
    const after = (
      account: { wallet: { recoveryMode: string | null } | null; deviceHasShare: boolean },
      holdsShare: boolean,
      policy: 'user' | 'server',
    ) => recoveryReducer(start, { type: 'checked', account, holdsShare, policy })
    expect(after({ wallet: null, deviceHasShare: false }, false, 'user')).toEqual(setupPasskey)
    expect(after({ wallet: null, deviceHasShare: false }, false, 'server')).toEqual(setupServer)
    expect(after({ wallet: wallet('password'), deviceHasShare: true }, true, 'user')).toEqual(ready)
    expect(after({ wallet: wallet('password'), deviceHasShare: true }, false, 'user')).toEqual(
      recoverPassword,
    )
    expect(after({ wallet: wallet('password'), deviceHasShare: false }, true, 'user')).toEqual(
      recoverPassword,
    )
    expect(after({ wallet: wallet('passkey'), deviceHasShare: false }, false, 'user')).toEqual(recoverPasskey)
    expect(after({ wallet: wallet('server'), deviceHasShare: false }, false, 'server')).toEqual(recoverServer)
    expect(after({ wallet: wallet(null), deviceHasShare: false }, false, 'user')).toEqual(recoverPassword)
  })

  it('when a sign-up turns to the password and is stored, then later events change nothing', () => {
    const run = recoveryRun()
    run.dispatch({ ...events.checked, account: { wallet: null, deviceHasShare: false } })
    expect(run.state).toEqual(setupPasskey)
    run.dispatch({ type: 'passwordChosen' })
    expect(run.state).toEqual(setupPassword)
    run.dispatch({ type: 'passwordChosen' })
    expect(run.state).toEqual(setupPassword)
    run.dispatch({ type: 'handedOver' })
    expect(run.state).toEqual(stored)
    run.dispatch({ ...events.checked, account: { wallet: null, deviceHasShare: false } })
    run.dispatch({ type: 'passwordChosen' })
    expect(run.state).toEqual(stored)
  })
})
