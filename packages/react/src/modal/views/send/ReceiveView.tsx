'use client'
import { useLatchAccount } from '../../../hooks/useLatchAccount.js'
import { useT } from '../../../i18n/context.js'
import { CopyIcon } from '../icons.js'
import type { ViewProps } from '../index.js'
import { QrCode } from '../QrCode.js'
import { Toast, useToast } from '../Toast.js'

/** Receive (spec §1): the address as text and as a QR code, a copy button, the networks it serves. */
export default function ReceiveView({ latch }: ViewProps<'Receive'>) {
  const t = useT()
  const account = useLatchAccount({ latch })
  const [toast, showToast] = useToast()
  const address = account.address
  if (!address) return null
  const networks = latch.options.networks
    .filter((network) => network.chainNamespace === account.namespace)
    .map((network) => network.name)
  const copy = () => {
    navigator.clipboard?.writeText(address).then(
      () => showToast(t('account.copied')),
      () => {},
    )
  }
  return (
    <div className="latch-center" data-testid="latch-receive">
      <div className="latch-qr-frame">
        <QrCode value={address} label={t('receive.qr')} />
      </div>
      <p className="latch-receive-address" data-testid="latch-receive-address">
        {address}
      </p>
      <button
        type="button"
        className="latch-secondary latch-receive-copy"
        data-testid="latch-receive-copy"
        onClick={copy}
      >
        <CopyIcon />
        <span>{t('account.copy')}</span>
      </button>
      <p className="latch-muted" data-testid="latch-receive-networks">
        {t('receive.networks', { networks: networks.join(', ') })}
      </p>
      <Toast message={toast} />
    </div>
  )
}
