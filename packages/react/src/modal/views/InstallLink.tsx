'use client'
import type { RegistryWallet } from '@latch/core'
import { installLinkFor } from '@latch/core/internal'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/context.js'

/**
 * "Install <wallet>" (desktop) or "Get <wallet>" (phone): the registry's store page for this
 * browser, else the wallet's site (core's `installLinkFor`). Nothing when the registry has none.
 */
export function InstallLink({ wallet, mobile }: { wallet: RegistryWallet; mobile: boolean }) {
  const t = useT()
  const href = installLinkFor({ wallet })
  if (!href) return null
  return (
    <a
      className="latch-secondary latch-link-button"
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      data-testid="latch-wc-install"
    >
      {t(mobile ? 'walletConnect.get' : 'walletConnect.install', { wallet: wallet.name })}
    </a>
  )
}

/** How long a page stays in front after a deep link before the app is taken as not installed. */
const DEEP_LINK_WAIT_MS = 2000

/**
 * Whether a deep link just opened failed: the page is still visible and focused a moment after
 * it, which is what a phone does when no app answers the link. `opened` starts the wait.
 */
export function useDeepLinkFailed(): [failed: boolean, opened: () => void] {
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    const left = () => {
      if (document.visibilityState === 'hidden') clearTimeout(timer.current)
    }
    document.addEventListener('visibilitychange', left)
    return () => {
      document.removeEventListener('visibilitychange', left)
      clearTimeout(timer.current)
    }
  }, [])
  const opened = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (document.visibilityState === 'visible' && document.hasFocus()) setFailed(true)
    }, DEEP_LINK_WAIT_MS)
  }, [])
  return [failed, opened]
}
