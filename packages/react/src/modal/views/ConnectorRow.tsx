'use client'
import type { Connector, Latch } from '@latch/core'
import { selectWallet } from '@latch/core/internal'
import type { ReactNode } from 'react'
import { WalletImage } from './WalletImage.js'

/** One connectable wallet in a list: icon, name, an optional tag; a click connects through it. */
export function ConnectorRow({
  latch,
  connector,
  tag,
}: {
  latch: Latch
  connector: Connector
  tag?: ReactNode
}) {
  return (
    <li>
      <button
        type="button"
        className="latch-item"
        data-testid="wallet-option"
        data-connector-id={connector.id}
        onClick={() => void selectWallet(latch, { connectorId: connector.id, namespace: connector.chain })}
      >
        <WalletImage connector={connector} />
        <span>{connector.name}</span>
        {tag ? <span className="latch-tag">{tag}</span> : null}
      </button>
    </li>
  )
}
