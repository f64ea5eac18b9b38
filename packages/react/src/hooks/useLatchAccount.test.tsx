import { createLatch, createMemoryStorage, type Latch } from '@latch/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testMainnet as mainnet } from '../test/adapter.fixture.js'
import { isAccountOn, useLatchAccount } from './useLatchAccount.js'

function Account({ latch, namespace }: { latch: Latch; namespace?: string }) {
  const account = useLatchAccount({ latch, namespace })
  return (
    <p data-testid="account">
      {account.status}:
      {account.status === 'connected' ? account.address.slice(0, 6) : String(account.address)}
    </p>
  )
}

function setAccount(latch: Latch, patch: { status: 'connected' | 'connecting'; address?: string }) {
  act(() =>
    latch.store.setState((state) => {
      const current = state.namespaces.eip155!
      return {
        ...state,
        namespaces: {
          ...state.namespaces,
          eip155: { ...current, account: { ...current.account, ...patch } },
        },
      }
    }),
  )
}

afterEach(cleanup)

describe('given useLatchAccount', () => {
  const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage() })

  it('when the account connects, then the result narrows to connected with its address', () => {
    render(<Account latch={latch} />)
    expect(screen.getByTestId('account').textContent).toBe('disconnected:undefined')
    setAccount(latch, { status: 'connected', address: '0xAbCdEf0000000000000000000000000000000001' })
    expect(screen.getByTestId('account').textContent).toBe('connected:0xAbCd')
  })

  it('when an account is marked connected without an address, then it is shown as still connecting', () => {
    const other = createLatch({ networks: [mainnet], storage: createMemoryStorage() })
    render(<Account latch={other} />)
    setAccount(other, { status: 'connected' })
    expect(screen.getByTestId('account').textContent).toBe('connecting:undefined')
  })

  it('when the namespace has no account at all, then it reads as disconnected instead of undefined', () => {
    render(<Account latch={latch} namespace="solana" />)
    expect(screen.getByTestId('account').textContent).toBe('disconnected:undefined')
  })

  it('when the app checks the namespace at run time, then isAccountOn tells the namespaces apart', () => {
    function Which({ namespace }: { namespace?: string }) {
      const account = useLatchAccount({ latch, namespace })
      return (
        <p data-testid="which">{`${isAccountOn(account, 'eip155')}/${isAccountOn(account, 'solana')}`}</p>
      )
    }
    const { rerender } = render(<Which />)
    expect(screen.getByTestId('which').textContent).toBe('true/false')
    // A namespace the app did not configure has no account: it is on none.
    rerender(<Which namespace="solana" />)
    expect(screen.getByTestId('which').textContent).toBe('false/false')
  })
})
