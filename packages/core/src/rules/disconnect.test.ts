import { describe, expect, it } from 'vitest'
import { DisconnectChainError, DisconnectChainsError } from '../errors/connection.js'
import { collectDisconnectErrors, namespacesToDisconnect } from './disconnect.js'

describe('given connections on several namespaces (spec §4)', () => {
  it('when disconnecting an injected wallet, then only its namespace goes', () => {
    expect(
      namespacesToDisconnect({
        target: 'eip155',
        connections: {
          eip155: { connectorId: 'io.metamask', connectorType: 'ANNOUNCED' },
          solana: { connectorId: 'phantom', connectorType: 'ANNOUNCED' },
        },
      }),
    ).toEqual(['eip155'])
  })

  it.each(['WALLET_CONNECT', 'AUTH'] as const)(
    'when disconnecting a %s connector, then the other namespaces on the same connector go too',
    (connectorType) => {
      expect(
        namespacesToDisconnect({
          target: 'eip155',
          connections: {
            eip155: { connectorId: 'shared', connectorType },
            solana: { connectorId: 'shared', connectorType },
            bip122: { connectorId: 'other', connectorType: 'INJECTED' },
            polkadot: undefined,
          },
        }),
      ).toEqual(['eip155', 'solana'])
    },
  )

  it('when disconnecting all, then every connected namespace goes', () => {
    expect(
      namespacesToDisconnect({
        target: 'all',
        connections: {
          eip155: { connectorId: 'a', connectorType: 'INJECTED' },
          solana: { connectorId: 'b', connectorType: 'ANNOUNCED' },
          bip122: undefined,
        },
      }),
    ).toEqual(['eip155', 'solana'])
  })

  it('when the target is not connected, then its state is still cleared', () => {
    expect(namespacesToDisconnect({ target: 'solana', connections: { eip155: undefined } })).toEqual([
      'solana',
    ])
  })
})

describe('given disconnect failures', () => {
  it('when none failed, then there is no error', () => {
    expect(collectDisconnectErrors([])).toBeUndefined()
  })

  it("when one namespace failed, then 'Failed to disconnect chain {ns}: {message}'", () => {
    const error = collectDisconnectErrors([{ namespace: 'eip155', error: new Error('wallet gone') }])
    expect(error).toBeInstanceOf(DisconnectChainError)
    expect(error?.shortMessage).toBe('Failed to disconnect chain eip155: wallet gone')
  })

  it("when several failed, then 'Failed to disconnect chains: {messages}'", () => {
    const error = collectDisconnectErrors([
      { namespace: 'eip155', error: new Error('a') },
      { namespace: 'solana', error: new Error('b') },
    ])
    expect(error).toBeInstanceOf(DisconnectChainsError)
    expect(error?.shortMessage).toBe(
      'Failed to disconnect chains: Failed to disconnect chain eip155: a, Failed to disconnect chain solana: b',
    )
  })
})
