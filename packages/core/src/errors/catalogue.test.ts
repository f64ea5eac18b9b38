import { describe, expect, it } from 'vitest'
import {
  AdapterForNamespaceNotFoundError,
  AdapterOrConnectorNotFoundError,
  ChainAdapterNotFoundError,
} from './adapter.js'
import { ALERTS } from './alerts.js'
import { BaseError } from './base.js'
import {
  DisconnectChainError,
  DisconnectChainsError,
  DisconnectError,
  NoActiveCaipAddressError,
  NotConnectedError,
} from './connection.js'
import { HttpStatusError, TokenBalanceUnavailableError } from './data.js'
import {
  EmailThrottledError,
  FrameLoadError,
  FrameResponseError,
  InvalidEmailError,
  RpcCallNotAllowedError,
} from './frame.js'
import {
  ChainNotSupportedError,
  NoRpcUrlError,
  SwitchNetworkNotFoundError,
  UnsupportedChainIdError,
} from './network.js'
import { InvalidOptionsError } from './options.js'
import { SignatureDeclinedError, SiwxConflictError } from './siwx.js'

describe('given the error catalogue (spec §8)', () => {
  const cases: [BaseError, string, string][] = [
    [new TokenBalanceUnavailableError(), 'TokenBalanceUnavailableError', 'Token Balance Unavailable'],
    [new DisconnectError(), 'DisconnectError', 'Failed to disconnect'],
    [new SignatureDeclinedError(), 'SignatureDeclinedError', 'Signature declined'],
    [new ChainAdapterNotFoundError(), 'ChainAdapterNotFoundError', 'Chain adapter not found'],
    [
      new AdapterForNamespaceNotFoundError({ namespace: 'cosmos' }),
      'AdapterForNamespaceNotFoundError',
      "Adapter for namespace cosmos doesn't exist",
    ],
    [new NoActiveCaipAddressError(), 'NoActiveCaipAddressError', 'No ActiveCaipAddress found'],
    [new NotConnectedError(), 'NotConnectedError', 'Please call connect() before request()'],
    [new NoRpcUrlError({ chainId: 10 }), 'NoRpcUrlError', 'No RPC url provided for chainId: 10'],
    [
      new DisconnectChainError({ namespace: 'solana', cause: new Error('gone') }),
      'DisconnectChainError',
      'Failed to disconnect chain solana: gone',
    ],
    [new ChainNotSupportedError(), 'ChainNotSupportedError', 'Chain is not supported'],
    [new UnsupportedChainIdError({ chainId: 99 }), 'UnsupportedChainIdError', 'Chain is not supported'],
    [
      new AdapterOrConnectorNotFoundError({ namespace: 'bip122' }),
      'AdapterOrConnectorNotFoundError',
      'Adapter or connector not found for namespace bip122',
    ],
    [
      new SwitchNetworkNotFoundError({ chainId: 5 }),
      'SwitchNetworkNotFoundError',
      'switch network not found',
    ],
    [new SiwxConflictError(), 'SiwxConflictError', 'Cannot set both `siweConfig` and `siwx` options'],
    [new HttpStatusError({ status: 502 }), 'HttpStatusError', 'HTTP status code: 502'],
    [new FrameLoadError(), 'FrameLoadError', 'Unable to load email login dependency'],
    [new EmailThrottledError({ seconds: 12 }), 'EmailThrottledError', 'Please try again after 12 seconds'],
    [new InvalidEmailError(), 'InvalidEmailError', 'Invalid email'],
    [new RpcCallNotAllowedError(), 'RpcCallNotAllowedError', 'Requested RPC call is not allowed'],
    [new FrameResponseError(), 'FrameResponseError', 'An error occurred'],
    [new FrameResponseError({ message: 'Code expired' }), 'FrameResponseError', 'Code expired'],
  ]

  it.each(cases.map(([error, name, message]) => [name, message, error] as const))(
    "then %s says '%s'",
    (name, message, error) => {
      expect(error).toBeInstanceOf(BaseError)
      expect(error.name).toBe(name)
      expect(error.shortMessage).toBe(message)
      expect(error.message.startsWith(message)).toBe(true)
    },
  )

  it("when several chains fail to disconnect, then 'Failed to disconnect chains: {messages}' lists each", () => {
    const errors = [
      new DisconnectChainError({ namespace: 'eip155', cause: new Error('a') }),
      new DisconnectChainError({ namespace: 'solana', cause: 'b' }),
    ]
    const error = new DisconnectChainsError({ errors })
    expect(error.shortMessage).toBe(
      'Failed to disconnect chains: Failed to disconnect chain eip155: a, Failed to disconnect chain solana: b',
    )
    expect(error.errors).toEqual(errors)
  })

  it('when options are invalid, then the message names the option and what was expected', () => {
    const error = new InvalidOptionsError({ issues: ['themeMode: Expected string, received number'] })
    expect(error.shortMessage).toBe('Invalid options: themeMode: Expected string, received number')
    const many = new InvalidOptionsError({ issues: ['a: Required', 'b: Unrecognized key'] })
    expect(many.shortMessage).toBe('Invalid options: a: Required (and 1 more)')
    expect(many.message).toContain('b: Unrecognized key')
  })
})

describe('given the alerts (spec §8)', () => {
  it('then each alert carries the spec text and a variant', () => {
    expect(Object.values(ALERTS).map((alert) => [alert.message, alert.variant])).toEqual([
      ['project id not configured', 'error'],
      ['invalid app configuration', 'error'],
      ['switch network not found', 'error'],
      ['Local configuration ignored', 'warning'],
      ['iframe load failed', 'error'],
      ['iframe request timeout', 'error'],
      ['unverified domain', 'error'],
    ])
  })

  it('then an alert cannot be altered by one instance for another', () => {
    expect(() => {
      ;(ALERTS.PROJECT_ID_NOT_CONFIGURED as { message: string }).message = 'x'
    }).toThrow(TypeError)
  })
})
