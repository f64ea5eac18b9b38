import { type CallsStatus, createLatch, createMemoryStorage, type Latch } from '@latch/core'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testMainnet as mainnet, testAdapter } from '../test/adapter.fixture.js'
import { useCallsStatus } from './useCallsStatus.js'

function Status({ latch, id }: { latch: Latch; id: string | undefined }) {
  const { data, error } = useCallsStatus({ latch, id })
  return <p data-testid="status">{error ? error.message : (data?.status ?? 'none')}</p>
}

afterEach(cleanup)

describe('given a batch the wallet reports pending, then confirmed', () => {
  it('when its status is shown, then it is asked again while pending and stops once settled', async () => {
    const answers: CallsStatus['statusCode'][] = [100, 100, 200]
    const asked: string[] = []
    const adapter = testAdapter([mainnet], {
      getCallsStatus: async ({ id }: { id: string }) => {
        asked.push(id)
        const statusCode = answers.shift() ?? 200
        return {
          id,
          version: '2.0.0',
          chainId: 1,
          atomic: false,
          statusCode,
          status: statusCode === 100 ? 'pending' : 'success',
        }
      },
    })
    const latch = createLatch({ networks: [mainnet], adapters: [adapter], storage: createMemoryStorage() })
    const { rerender } = render(<Status latch={latch} id={undefined} />)
    expect(screen.getByTestId('status').textContent).toBe('none')
    expect(asked).toEqual([])
    rerender(<Status latch={latch} id="0xbatch" />)
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('pending'))
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('success'), { timeout: 4000 })
    expect(asked).toEqual(['0xbatch', '0xbatch', '0xbatch'])
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(asked).toHaveLength(3)
  })
})
