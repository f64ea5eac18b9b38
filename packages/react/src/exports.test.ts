import { expect, it } from 'vitest'
import * as entry from './index.js'

// API changes show in review: a name added to or removed from the entry changes this list.
it('given the package entry, then its runtime exports are exactly these', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "Avatar",
      "ConnectButton",
      "LatchProvider",
      "NetworkButton",
      "isAccountOn",
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

it('given the query entry, then its runtime exports are exactly these', async () => {
  expect(Object.keys(await import('./query.js')).sort()).toEqual(['useQuery'])
})

it('given the calls entry, then its runtime exports are exactly these', async () => {
  expect(Object.keys(await import('./calls.js')).sort()).toEqual([
    'useCallsStatus',
    'useCapabilities',
    'useSendCalls',
    'useShowCallsStatus',
  ])
})

it('given the RainbowKit compatibility entry, then its runtime exports are exactly these', async () => {
  expect(Object.keys(await import('./compat/rainbowkit.js')).sort()).toEqual([
    'ConnectButton',
    'RainbowKitProvider',
    'darkTheme',
    'lightTheme',
    'midnightTheme',
    'useAccountModal',
    'useChainModal',
    'useConnectModal',
  ])
})

it('given the AppKit compatibility entry, then its runtime exports are exactly these', async () => {
  expect(Object.keys(await import('./compat/appkit.js')).sort()).toEqual([
    'createAppKit',
    'useAppKit',
    'useAppKitAccount',
    'useAppKitNetwork',
  ])
})
