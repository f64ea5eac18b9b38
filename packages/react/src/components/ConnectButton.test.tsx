import { type CaipNetwork, connect, createLatch, createMemoryStorage } from '@latch/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryAdapter, network } from '../../../core/src/test/memoryAdapter.fixture.js'
import { LatchProvider } from '../LatchProvider.js'
import { ConnectButton } from './ConnectButton.js'

const mainnet = network('eip155', 1, 'Ethereum')
const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const SOL_ADDRESS = 'EeT1owg5X7U6X7oEJdMeHPKF7xbueSuHmiuvdVzicQCb'
const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup() {
  const evm = memoryAdapter('eip155', [mainnet], {
    accounts: [EVM_ADDRESS],
    connectors: [{ id: 'both', type: 'ANNOUNCED', name: 'Both Wallet', chain: 'eip155' }],
  })
  const sol = memoryAdapter('solana', [solana], {
    accounts: [SOL_ADDRESS],
    connectors: [{ id: 'both', type: 'INJECTED', name: 'Both Wallet', chain: 'solana', installed: true }],
  })
  return createLatch({
    networks: [mainnet, solana] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter, sol.adapter],
    storage: createMemoryStorage(),
  })
}

afterEach(cleanup)

describe('given an app with Ethereum (active) and Solana networks', () => {
  it('when its ConnectButton is for namespace="solana", then the Ethereum side connected leaves it on Connect Wallet, it opens the modal on Solana, and it shows the Solana account once that side connects', async () => {
    const latch = setup()
    render(
      <LatchProvider latch={latch}>
        <ConnectButton namespace="solana" balance={false} />
      </LatchProvider>,
    )
    await act(() => connect(latch, { connectorId: 'both', namespace: 'eip155' }))
    expect(latch.store.getState().activeNamespace).toBe('eip155')
    const button = screen.getByTestId('latch-connect-button')
    expect(button.textContent).toBe('Connect Wallet')

    act(() => fireEvent.click(button))
    expect(latch.store.getState()).toMatchObject({ namespaceFilter: 'solana', modal: { open: true } })

    await act(() => connect(latch, { connectorId: 'both', namespace: 'solana' }))
    expect(screen.getByTestId('latch-account-button').getAttribute('aria-label')).toContain(SOL_ADDRESS)
  })
})
