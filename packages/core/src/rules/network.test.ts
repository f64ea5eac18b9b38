import { describe, expect, it } from 'vitest'
import { defineCaipNetwork } from '../caip.js'
import { SwitchNetworkNotFoundError } from '../errors/network.js'
import { UnrecognizedChainError } from '../errors/rpc.js'
import {
  afterSwitchSuccess,
  findNetwork,
  shouldRetryWithAddChain,
  shouldShowUnsupportedChain,
  switchNetworkView,
  walletErrorCode,
} from './network.js'

const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const rpcUrls = { default: { http: ['http://127.0.0.1:8545'] } }
const mainnet = defineCaipNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: currency,
  rpcUrls,
})
const base = defineCaipNetwork({
  id: 8453,
  chainNamespace: 'eip155',
  name: 'Base',
  nativeCurrency: currency,
  rpcUrls,
})
const solana = defineCaipNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls,
})
const networks = [mainnet, base, solana]

describe('given a network switch request (spec §2)', () => {
  const neutral = {
    ignoreConfirmation: false,
    isAuthConnector: false,
    authSupportsTarget: false,
    connectedOnCurrent: false,
    connectedOnTarget: false,
  }

  it('when the caller ignores the confirmation, then SwitchNetwork is pushed', () => {
    expect(switchNetworkView({ ...neutral, ignoreConfirmation: true, connectedOnCurrent: true })).toBe(
      'SwitchNetwork',
    )
  })

  it('when the current connector is the auth connector and supports the target namespace, then SwitchNetwork is pushed', () => {
    expect(
      switchNetworkView({
        ...neutral,
        isAuthConnector: true,
        authSupportsTarget: true,
        connectedOnCurrent: true,
      }),
    ).toBe('SwitchNetwork')
  })

  it('when connected on the current namespace but not on the target namespace, then SwitchActiveChain is pushed', () => {
    expect(switchNetworkView({ ...neutral, connectedOnCurrent: true })).toBe('SwitchActiveChain')
    expect(
      switchNetworkView({
        ...neutral,
        isAuthConnector: true,
        authSupportsTarget: false,
        connectedOnCurrent: true,
      }),
    ).toBe('SwitchActiveChain')
  })

  it('otherwise, then SwitchNetwork is pushed', () => {
    expect(switchNetworkView(neutral)).toBe('SwitchNetwork')
    expect(switchNetworkView({ ...neutral, connectedOnCurrent: true, connectedOnTarget: true })).toBe(
      'SwitchNetwork',
    )
  })
})

describe('given a failed switch (spec §5: only 4902, 5000 and 32603 trigger a retry that adds the chain)', () => {
  it.each([4902, 5000, 32603, -32603])(
    'when the wallet answers %i, then the chain is added and retried',
    (code) => {
      expect(shouldRetryWithAddChain({ code })).toBe(true)
    },
  )

  it.each([4001, 4100, 4200, -32602, 1001])('when the wallet answers %i, then there is no retry', (code) => {
    expect(shouldRetryWithAddChain({ code })).toBe(false)
  })

  it('when the wallet nests its code in data.originalError, then the innermost one is read', () => {
    expect(shouldRetryWithAddChain({ code: -1, data: { originalError: { code: 4902 } } })).toBe(true)
    expect(
      shouldRetryWithAddChain({
        code: -32603,
        data: { originalError: { code: -32603, data: { originalError: { code: 4902 } } } },
      }),
    ).toBe(true)
    expect(walletErrorCode({ code: -32603, data: { originalError: { message: 'no code' } } })).toBe(-32603)
    expect(shouldRetryWithAddChain(new UnrecognizedChainError())).toBe(true)
    expect(shouldRetryWithAddChain(new Error('no code'))).toBe(false)
  })

  it('when a decline arrives as -32603 wrapping 4001 in data.originalError, then there is no retry', () => {
    const decline = {
      code: -32603,
      message: 'Internal JSON-RPC error.',
      data: { originalError: { code: 4001 } },
    }
    expect(walletErrorCode(decline)).toBe(4001)
    expect(shouldRetryWithAddChain(decline)).toBe(false)
  })

  it('when a decline arrives as 4001 with a -32603 cause, then there is no retry', () => {
    const decline = Object.assign(new Error('User rejected.', { cause: { code: -32603 } }), { code: 4001 })
    expect(walletErrorCode(decline)).toBe(4001)
    expect(shouldRetryWithAddChain(decline)).toBe(false)
  })

  it('when 4902, 5000 or -32603 is found only in a cause chain, then it is not the wallet answer and there is no retry', () => {
    expect(shouldRetryWithAddChain(new Error('wrapped', { cause: { code: 4902 } }))).toBe(false)
    expect(shouldRetryWithAddChain({ code: 4100, cause: { code: 5000 } })).toBe(false)
    expect(shouldRetryWithAddChain({ message: 'x', cause: { cause: { code: -32603 } } })).toBe(false)
  })
})

describe('given the configured networks', () => {
  it('when looking up by chain id or CAIP-2 id, then the configured network is found', () => {
    expect(findNetwork(networks, 8453)).toBe(base)
    expect(findNetwork(networks, '8453')).toBe(base)
    expect(findNetwork(networks, 'eip155:1')).toBe(mainnet)
    expect(findNetwork(networks, '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana')).toBe(solana)
  })

  it("when switching to a chain id not in the configured networks, then it raises 'switch network not found'", () => {
    expect(() => findNetwork(networks, 10)).toThrow(SwitchNetworkNotFoundError)
    expect(() => findNetwork(networks, 'eip155:10')).toThrow('switch network not found')
    expect(() => findNetwork(networks, 1, 'solana')).toThrow(SwitchNetworkNotFoundError)
  })
})

describe('given an unsupported network (spec §4)', () => {
  const all = {
    unsupported: true,
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    basicWalletConnectMode: false,
  }

  it('when switching is enabled, unsupported chains are not allowed and not in basic WalletConnect mode, then UnsupportedChain opens', () => {
    expect(shouldShowUnsupportedChain(all)).toBe(true)
  })

  it('when any condition is missing, then it does not open', () => {
    expect(shouldShowUnsupportedChain({ ...all, unsupported: false })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, enableNetworkSwitch: false })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, allowUnsupportedChain: true })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, basicWalletConnectMode: true })).toBe(false)
  })
})

describe('given a successful switch (spec §4)', () => {
  it("when the previous network was not in the chain's list, then the modal closes", () => {
    expect(afterSwitchSuccess({ previousCaipNetworkId: 'eip155:10', networks })).toBe('close')
    expect(afterSwitchSuccess({ previousCaipNetworkId: undefined, networks })).toBe('close')
  })

  it('when the previous network was configured, then the modal goes back', () => {
    expect(afterSwitchSuccess({ previousCaipNetworkId: 'eip155:1', networks })).toBe('back')
  })
})
