'use client'
import { ConnectButton, NetworkButton, useLatchAccount } from '@latch/react'
import { formatEther } from 'viem'
import { useBalance } from 'wagmi'

/** The buttons, the account's status, and wagmi's own balance hook beside Latch. */
export function Wallet() {
  // The eip155 account: once connected its address is `0x…`, the type wagmi takes.
  const account = useLatchAccount({ namespace: 'eip155' })
  const balance = useBalance({ address: account.status === 'connected' ? account.address : undefined })
  return (
    <section>
      <div className="buttons">
        <NetworkButton />
        <ConnectButton />
      </div>
      <p>
        Status: <span data-testid="status">{account.status}</span>
      </p>
      {account.status === 'connected' && (
        <p>
          wagmi balance:{' '}
          <span data-testid="wagmi-balance">
            {balance.data
              ? `${formatEther(balance.data.value)} ${balance.data.symbol}`
              : balance.error
                ? `failed: ${balance.error.name}`
                : 'loading'}
          </span>
        </p>
      )}
    </section>
  )
}
