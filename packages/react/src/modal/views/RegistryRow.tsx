'use client'
import type { Latch, RegistryWallet } from '@latch/core'
import { pushView, walletConnectSessionConnector } from '@latch/core/internal'
import type { ReactNode } from 'react'
import { WalletImage } from './WalletImage.js'

/** A wallet from the registry that is not installed here: it connects over WalletConnect. */
export function RegistryRow({
  latch,
  wallet,
  tag,
}: {
  latch: Latch
  wallet: RegistryWallet
  tag?: ReactNode
}) {
  return (
    <li>
      <button
        type="button"
        className="latch-item"
        data-testid="wallet-option"
        data-wallet-id={wallet.id}
        onClick={() => {
          pushView(latch, {
            view: 'ConnectingWalletConnectBasic',
            params: {
              walletId: wallet.id,
              connectorId: walletConnectSessionConnector(latch.sessionConnectors)?.id,
            },
          })
        }}
      >
        <WalletImage connector={{ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }} />
        <span>{wallet.name}</span>
        {tag ? <span className="latch-tag">{tag}</span> : null}
      </button>
    </li>
  )
}

/** Placeholder rows while a page loads. */
export function SkeletonRows({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={i} aria-hidden="true" className="latch-item latch-skeleton" data-testid="wallet-skeleton" />
      ))}
    </>
  )
}
