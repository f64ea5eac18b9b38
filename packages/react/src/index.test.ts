import { expect, it } from 'vitest'
import * as react from './index.js'

it('given the package entry, then its public exports are exactly these (API changes show in review)', () => {
  expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
    [
      "Avatar",
      "ConnectButton",
      "LatchProvider",
      "NetworkButton",
      "shortAddress",
      "supportedLocales",
      "useLatch",
      "useLatchAccount",
      "useLatchDisconnect",
      "useLatchEvents",
      "useLatchModal",
      "useLatchNetwork",
      "useLatchProvider",
      "useLatchSignIn",
      "useLatchState",
    ]
  `)
})
