'use client'
import { pushView, selectDisconnect } from '@latch/core'
import { useState } from 'react'
import { Avatar } from '../../components/Avatar.js'
import { shortAddress } from '../../format.js'
import { useLatchAccount } from '../../hooks/useLatchAccount.js'
import { useLatchNetwork } from '../../hooks/useLatchNetwork.js'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'

/** The connected account: address, balance, copy, explorer link, network, disconnect. */
export function AccountView({ latch }: ViewProps) {
  const t = useT()
  const account = useLatchAccount({ latch })
  const { caipNetwork, unsupported } = useLatchNetwork({ latch })
  const [copied, setCopied] = useState(false)
  if (!account?.address) return null
  const address = account.address
  const balance = account.balance
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
      setTimeout(() => setCopied(false), 1500)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="latch-center">
      <Avatar address={address} size={64} />
      <p className="latch-address" data-testid="latch-account-address" title={address}>
        {shortAddress(address)}
      </p>
      <p className="latch-balance" data-testid="latch-account-balance">
        {account.balanceLoading && balance === undefined
          ? t('account.balance.loading')
          : balance !== undefined
            ? `${balance} ${account.balanceSymbol ?? ''}`
            : account.lastRetry
              ? t('account.balance.unavailable')
              : ''}
      </p>
      <div className="latch-actions">
        <button type="button" className="latch-secondary" onClick={copy}>
          {copied ? t('account.copied') : t('account.copy')}
        </button>
        {account.addressExplorerUrl && (
          <a
            className="latch-secondary latch-link-button"
            href={account.addressExplorerUrl}
            target="_blank"
            rel="noreferrer noopener"
          >
            {t('account.explorer')}
          </a>
        )}
      </div>
      <span role="status" className="latch-visually-hidden">
        {copied ? t('account.copied') : ''}
      </span>
      <ul className="latch-list" style={{ width: '100%', marginTop: 8 }}>
        <li>
          <button
            type="button"
            className="latch-item"
            disabled={!latch.options.enableNetworkSwitch}
            onClick={() => pushView(latch, { view: 'Networks' })}
          >
            <span>{t('account.network')}</span>
            <span className="latch-tag">
              {unsupported ? t('button.network.unsupported') : caipNetwork?.name}
            </span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="latch-item"
            data-testid="latch-disconnect"
            onClick={() => void selectDisconnect(latch).catch(() => {})}
          >
            <span>{t('account.disconnect')}</span>
          </button>
        </li>
      </ul>
    </div>
  )
}
