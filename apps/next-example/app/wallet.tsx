'use client'
import { ConnectButton, NetworkButton, useLatchAccount } from '@latch/react'
import { formatEther } from 'viem'
import { useBalance } from 'wagmi'

/** The buttons, the account's status, and wagmi's own balance hook beside Latch. */
export function Wallet() {
  const account = useLatchAccount()
  const balance = useBalance({
    address: account.status === 'connected' ? (account.address as `0x${string}`) : undefined,
  })
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
