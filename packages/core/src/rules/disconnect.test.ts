import { describe, expect, it } from 'vitest'
import { DisconnectChainError, DisconnectChainsError } from '../errors/connection.js'
import { collectDisconnectErrors, namespacesToDisconnect } from './disconnect.js'

describe('given connections on several namespaces (spec §4)', () => {
  it('when disconnecting an injected wallet, then only its namespace goes, even when the same wallet serves another', () => {
    expect(
      namespacesToDisconnect({
        target: 'eip155',
        connections: {
          eip155: { connectorId: 'app.phantom', shared: false },
          solana: { connectorId: 'app.phantom', shared: false },
        },
      }),
    ).toEqual(['eip155'])
  })

  it('when disconnecting a session connector, then the other namespaces on the same session go too', () => {
    expect(
      namespacesToDisconnect({
        target: 'eip155',
        connections: {
          eip155: { connectorId: 'walletConnect', shared: true },
          solana: { connectorId: 'walletConnect', shared: true },
          cosmos: { connectorId: 'embedded', shared: true },
          bip122: { connectorId: 'other', shared: false },
          polkadot: undefined,
        },
      }),
    ).toEqual(['eip155', 'solana'])
  })

  it('when disconnecting all, then every connected namespace goes', () => {
    expect(
      namespacesToDisconnect({
        target: 'all',
        connections: {
          eip155: { connectorId: 'a', shared: false },
          solana: { connectorId: 'b', shared: true },
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
