'use client'
import { useLatchModal } from '@latch/react'
import { type ReactNode, useCallback } from 'react'

export interface WalletModalContextState {
  visible: boolean
  setVisible(open: boolean): void
}

/**
 * wallet-adapter-react-ui's `WalletModalProvider`, kept so an app's tree moves unchanged: Latch's
 * modal is mounted by `LatchProvider`, so it renders its children only.
 */
export function WalletModalProvider({ children }: { children?: ReactNode; className?: string }) {
  return <>{children}</>
}

/** `{ visible, setVisible }` over Latch's modal, opened on Solana's wallets. */
export function useWalletModal(): WalletModalContextState {
  const { isOpen, open, close } = useLatchModal()
  const setVisible = useCallback(
    (visible: boolean) => (visible ? open({ namespace: 'solana' }) : close()),
    [open, close],
  )
  return { visible: isOpen, setVisible }
}
