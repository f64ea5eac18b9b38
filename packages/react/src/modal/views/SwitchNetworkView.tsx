'use client'
import { useLatchAccount } from '../../hooks/useLatchAccount.js'
import { useT } from '../../i18n/context.js'
import type { ViewProps } from './index.js'
import { WalletImage } from './WalletImage.js'

/** Waiting for the wallet to approve the switch. */
export function SwitchNetworkView({ latch, entry }: ViewProps<'SwitchNetwork'>) {
  const t = useT()
  const account = useLatchAccount({ latch })
  const network = latch.options.networks.find((n) => n.caipNetworkId === entry.params?.caipNetworkId)
  return (
    <div className="latch-center">
      {network && (
        <WalletImage
          connector={{ id: network.caipNetworkId, name: network.name, imageUrl: network.assets?.imageUrl }}
          className="latch-wallet-icon"
        />
      )}
      <div className="latch-spinner" role="progressbar" aria-label={t('switch.approve')} />
      <p>{t('switch.approve')}</p>
      <p className="latch-muted">{t('switch.accept')}</p>
      {account?.connectedWalletInfo && <p className="latch-muted">{account.connectedWalletInfo.name}</p>}
    </div>
  )
}
