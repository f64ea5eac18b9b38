'use client'
import { pushView } from '@latch/core/internal'
import { useT } from '../../i18n/context.js'
import { KeyIcon, WalletIcon } from './icons.js'
import type { ViewProps } from './index.js'

/**
 * The wallet guide (`enableWalletGuide`): what a wallet is, in two short points, and a way to get
 * one from the wallet list. Everything stays in the modal: the guide opens no other site.
 */
export function WhatIsAWalletView({ latch }: ViewProps) {
  const t = useT()
  return (
    <>
      <ul className="latch-guide" data-testid="wallet-guide">
        <li>
          <span className="latch-guide-icon">
            <WalletIcon />
          </span>
          <div>
            <h3>{t('guide.assets.title')}</h3>
            <p>{t('guide.assets.body')}</p>
          </div>
        </li>
        <li>
          <span className="latch-guide-icon">
            <KeyIcon />
          </span>
          <div>
            <h3>{t('guide.signIn.title')}</h3>
            <p>{t('guide.signIn.body')}</p>
          </div>
        </li>
      </ul>
      {latch.options.features.allWallets && (
        <button
          type="button"
          className="latch-primary latch-full"
          data-testid="wallet-guide-get"
          onClick={() => pushView(latch, { view: 'AllWallets' })}
        >
          {t('guide.getWallet')}
        </button>
      )}
    </>
  )
}
