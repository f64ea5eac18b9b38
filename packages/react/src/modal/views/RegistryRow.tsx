'use client'
import { type Latch, pushView, type RegistryWallet } from '@latch/core'
import { WalletImage } from './WalletImage.js'

/** A wallet from the registry that is not installed here: it connects over WalletConnect. */
export function RegistryRow({ latch, wallet }: { latch: Latch; wallet: RegistryWallet }) {
  return (
    <li>
      <button
        type="button"
        className="latch-item"
        data-testid="wallet-option"
        data-wallet-id={wallet.id}
        onClick={() =>
          pushView(latch, { view: 'ConnectingWalletConnectBasic', params: { walletId: wallet.id } })
        }
      >
        <WalletImage connector={{ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }} />
        <span>{wallet.name}</span>
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
