'use client'
import { type ChainNamespace, openModal } from '@latch/core'
import { isReconnectingOffline } from '@latch/core/internal'
import type { ButtonHTMLAttributes } from 'react'
import type { UseLatchParameters } from '../hooks/useLatch.js'
import { useLatch } from '../hooks/useLatch.js'
import { useLatchAccount } from '../hooks/useLatchAccount.js'
import { useLatchState } from '../hooks/useLatchState.js'
import { useLocale, useT } from '../i18n/context.js'
import { warmUp } from '../modal/warmUp.js'
import { themeAttributes } from '../styles/theme.js'
import { AccountAvatar, type AccountNameParameters, useAccountName } from './appearance.js'

/** The account's text: the app's formatter (LatchProvider's `formatAccountName`), else its name, else the shortened address. */
function AccountName({
  account,
}: {
  account: { address: string; profileName: string | undefined; caipAddress: string | undefined }
}) {
  const namespace = account.caipAddress?.split(':')[0] as AccountNameParameters['namespace']
  return <span>{useAccountName({ address: account.address, name: account.profileName, namespace })}</span>
}

export interface ConnectButtonProps
  extends UseLatchParameters,
    Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children'> {
  /** Label when disconnected; defaults to the catalog's 'Connect Wallet'. */
  label?: string | undefined
  /** Show the balance beside the address when connected. Default true. */
  balance?: boolean | undefined
  /**
   * What the connected button shows: the avatar and the address (`'full'`, the default), only
   * the avatar, or only the address. Its accessible name is the address in every case.
   */
  accountStatus?: 'full' | 'avatar' | 'address' | undefined
  /**
   * One namespace only: the button shows that namespace's account and opens the modal on its
   * wallets, whichever network is active (a Solana app's button beside Ethereum networks:
   * `namespace="solana"`). Default: the active namespace's.
   */
  namespace?: ChainNamespace | undefined
}

/**
 * Opens the modal: "Connect Wallet" when disconnected, the account (avatar, address, balance)
 * when connected.
 */
export function ConnectButton({
  latch: explicit,
  label,
  balance = true,
  accountStatus = 'full',
  namespace,
  ...rest
}: ConnectButtonProps) {
  const latch = useLatch({ latch: explicit })
  const t = useT()
  const { locale, dir } = useLocale()
  const account = useLatchAccount({ latch, ...(namespace ? { namespace } : {}) })
  const themeMode = useLatchState((s) => s.themeMode, { latch })
  // A remembered account whose wallet server is down: still there, not logged out.
  const offline = useLatchState(isReconnectingOffline, { latch })
  const themeVariables = useLatchState((s) => s.themeVariables, { latch })
  const theme = themeAttributes(themeMode, themeVariables)
  const prefetch = () => warmUp(latch)
  const common = {
    ...theme,
    lang: locale,
    dir,
    ...rest,
    type: 'button' as const,
    className: ['latch-button', rest.className].filter(Boolean).join(' '),
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () => openModal(latch, namespace ? { namespace } : {}),
  }
  if (account?.isConnected && account.address) {
    const amount = balance ? account.balance : undefined
    return (
      <button
        data-testid="latch-account-button"
        {...common}
        data-variant="account"
        aria-label={t('button.account.label', { address: account.address })}
      >
        {accountStatus !== 'address' && (
          <AccountAvatar address={account.address} ensImage={account.profileImage} size={20} />
        )}
        {accountStatus !== 'avatar' && <AccountName account={account} />}
        {amount !== undefined && (
          <span>
            {amount} {account.balanceSymbol}
          </span>
        )}
      </button>
    )
  }
  const connecting = account?.status === 'connecting'
  return (
    <button
      data-testid="latch-connect-button"
      {...common}
      data-variant="connect"
      data-offline={offline || undefined}
      aria-busy={connecting || undefined}
    >
      {offline ? t('button.offline') : connecting ? t('button.connecting') : (label ?? t('button.connect'))}
    </button>
  )
}
