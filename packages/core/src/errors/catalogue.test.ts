import { describe, expect, it } from 'vitest'
import {
  AdapterNotFoundError,
  AdapterOrConnectorNotFoundError,
  ChainAdapterNotFoundError,
  ClientNotSetError,
  NamespaceAdapterMissingError,
  ProviderUndefinedError,
} from './adapter.js'
import { ALERTS } from './alerts.js'
import { BaseError } from './base.js'
import {
  ActionNotAllowedError,
  CallStatusNotApprovedError,
  DisconnectChainError,
  DisconnectChainsError,
  DisconnectError,
  MissingCapabilitiesAddressError,
  NamespaceNotConfiguredError,
  NoActiveCaipAddressError,
  NotConnectedError,
  SignClientNotInitializedError,
} from './connection.js'
import {
  HttpStatusError,
  TokenBalanceUnavailableError,
  TransactionsFetchError,
  UserOperationReceiptError,
} from './data.js'
import {
  EmailDependencyLoadError,
  EmailThrottledError,
  FrameErrorResponseError,
  FrameNotSetError,
  RequestAbortedError,
  SomethingWentWrongError,
} from './embedded.js'
import {
  CaipNetworkNotFoundError,
  CaipNetworkOrAddressUndefinedError,
  ChainNotSupportedError,
  ChainRequiredError,
  NoActiveCaipNetworkError,
  NoRpcUrlError,
  RpcProviderNotFoundError,
  SwitchChainNotApprovedError,
  SwitchNetworkNotFoundError,
  UnsupportedChainIdError,
} from './network.js'
import { InvalidOptionsError } from './options.js'
import {
  AuthenticationInitError,
  SignatureDeclinedError,
  SiwxConflictError,
  SiwxNotEnabledError,
  SmartAccountNotSupportedError,
} from './siwx.js'

describe('given the error catalogue (spec §8)', () => {
  const cases: [BaseError, string, string][] = [
    [
      new EmailThrottledError({ remainingMs: 12_001 }),
      'EmailThrottledError',
      'Please try again after 13 seconds',
    ],
    [new TokenBalanceUnavailableError(), 'TokenBalanceUnavailableError', 'Token Balance Unavailable'],
    [new EmailDependencyLoadError(), 'EmailDependencyLoadError', 'Unable to load email login dependency'],
    [new RequestAbortedError(), 'RequestAbortedError', 'Request was aborted'],
    [new SomethingWentWrongError(), 'SomethingWentWrongError', 'Something went wrong'],
    [new FrameErrorResponseError(), 'FrameErrorResponseError', 'An error occurred'],
    [new FrameErrorResponseError({ message: 'OTP expired' }), 'FrameErrorResponseError', 'OTP expired'],
    [new FrameNotSetError({ side: 'iframe' }), 'FrameNotSetError', 'W3mFrame: iframe is not set'],
    [new FrameNotSetError({ side: 'parent' }), 'FrameNotSetError', 'W3mFrame: parent is not set'],
    [new TransactionsFetchError(), 'TransactionsFetchError', 'Failed to fetch transactions'],
    [new DisconnectError(), 'DisconnectError', 'Failed to disconnect'],
    [
      new AuthenticationInitError(),
      'AuthenticationInitError',
      'A problem occurred while trying initialize authentication',
    ],
    [new SignatureDeclinedError(), 'SignatureDeclinedError', 'Signature declined'],
    [
      new SmartAccountNotSupportedError(),
      'SmartAccountNotSupportedError',
      'This application might not support Smart Accounts',
    ],
    [new ActionNotAllowedError(), 'ActionNotAllowedError', 'Requested RPC call is not allowed'],
    [
      new ChainRequiredError({ operation: 'update chain account data' }),
      'ChainRequiredError',
      'Chain is required to update chain account data',
    ],
    [
      new ChainRequiredError({ operation: 'set account prop' }),
      'ChainRequiredError',
      'Chain is required to set account prop',
    ],
    [new ChainAdapterNotFoundError(), 'ChainAdapterNotFoundError', 'Chain adapter not found'],
    [
      new ClientNotSetError({ client: 'NetworkController' }),
      'ClientNotSetError',
      'NetworkController client not set',
    ],
    [
      new ClientNotSetError({ client: 'ConnectionController' }),
      'ClientNotSetError',
      'ConnectionController client not set',
    ],
    [
      new ClientNotSetError({ client: 'both' }),
      'ClientNotSetError',
      'ConnectionControllerClient and NetworkControllerClient must be set',
    ],
    [
      new ClientNotSetError({ client: 'connection-missing' }),
      'ClientNotSetError',
      'No ConnectionController client found',
    ],
    [new SiwxNotEnabledError(), 'SiwxNotEnabledError', 'SIWX is not enabled'],
    [new NoActiveCaipAddressError(), 'NoActiveCaipAddressError', 'No ActiveCaipAddress found'],
    [new NoActiveCaipNetworkError(), 'NoActiveCaipNetworkError', 'No ActiveCaipNetwork or client found'],
    [new NotConnectedError(), 'NotConnectedError', 'Please call connect() before request()'],
    [new SignClientNotInitializedError(), 'SignClientNotInitializedError', 'Sign Client not initialized'],
    [
      new SwitchChainNotApprovedError({ chainId: 8453 }),
      'SwitchChainNotApprovedError',
      'Failed to switch to chain 8453. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.',
    ],
    [
      new CallStatusNotApprovedError(),
      'CallStatusNotApprovedError',
      'Fetching call status not approved by the wallet.',
    ],
    [
      new RpcProviderNotFoundError({ chain: 'eip155:1' }),
      'RpcProviderNotFoundError',
      'JSON-RPC provider for eip155:1 not found',
    ],
    [new NoRpcUrlError({ chainId: 10 }), 'NoRpcUrlError', 'No RPC url provided for chainId: 10'],
    [new AdapterNotFoundError(), 'AdapterNotFoundError', 'Adapter not found'],
    [new CaipNetworkNotFoundError(), 'CaipNetworkNotFoundError', 'CaipNetwork not found'],
    [
      new DisconnectChainError({ namespace: 'solana', cause: new Error('gone') }),
      'DisconnectChainError',
      'Failed to disconnect chain solana: gone',
    ],
    [new ChainNotSupportedError(), 'ChainNotSupportedError', 'Chain is not supported'],
    [new UnsupportedChainIdError({ chainId: 99 }), 'UnsupportedChainIdError', 'Chain is not supported'],
    [
      new CaipNetworkOrAddressUndefinedError(),
      'CaipNetworkOrAddressUndefinedError',
      'CaipNetwork or CaipAddress is undefined',
    ],
    [
      new ProviderUndefinedError(),
      'ProviderUndefinedError',
      'UniversalAdapter:signMessage - provider is undefined',
    ],
    [
      new NamespaceAdapterMissingError({ namespace: 'cosmos' }),
      'NamespaceAdapterMissingError',
      "Adapter for namespace cosmos doesn't exist",
    ],
    [
      new AdapterOrConnectorNotFoundError({ namespace: 'bip122' }),
      'AdapterOrConnectorNotFoundError',
      'Adapter or connector not found for namespace bip122',
    ],
    [
      new NamespaceNotConfiguredError({ namespace: 'polkadot' }),
      'NamespaceNotConfiguredError',
      'Namespace polkadot is not configured. Please call connect() first with namespace config.',
    ],
    [
      new MissingCapabilitiesAddressError(),
      'MissingCapabilitiesAddressError',
      'Missing address parameter in `wallet_getCapabilities` request',
    ],
    [
      new SwitchNetworkNotFoundError({ chainId: 5 }),
      'SwitchNetworkNotFoundError',
      'switch network not found',
    ],
    [new SiwxConflictError(), 'SiwxConflictError', 'Cannot set both `siweConfig` and `siwx` options'],
    [new HttpStatusError({ status: 502 }), 'HttpStatusError', 'HTTP status code: 502'],
    [
      new UserOperationReceiptError({ status: 404 }),
      'UserOperationReceiptError',
      'Failed to fetch user operation receipt - 404',
    ],
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

  it("when email login is throttled, then 'Please try again after {n} seconds' rounds the remaining time up", () => {
    expect(new EmailThrottledError({ remainingMs: 29_000 }).shortMessage).toBe(
      'Please try again after 29 seconds',
    )
    expect(new EmailThrottledError({ remainingMs: 1 }).remainingSeconds).toBe(1)
  })

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

  it("when a call is not allowed, then the UI text is 'Action not allowed'", () => {
    expect(new ActionNotAllowedError({ method: 'eth_sign' }).uiMessage).toBe('Action not allowed')
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
