'use client'
import type { ChainNamespace, Latch } from '@latch/core'
import { selectDisconnect } from '@latch/core/internal'
import { useMemo } from 'react'
import { Avatar } from '../../components/Avatar.js'
import { shortAddress } from '../../format.js'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { PowerIcon } from './icons.js'

interface ConnectedNamespace {
  namespace: ChainNamespace
  address: string
  network: string
}

/** Every namespace with a connected account (a two-sided wallet has two), in the app's order. */
export function useConnectedNamespaces(latch: Latch): readonly ConnectedNamespace[] {
  const namespaces = useLatchState((s) => s.namespaces, { latch })
  return useMemo(
    () =>
      Object.entries(namespaces).flatMap(([namespace, ns]) =>
        ns.account.status === 'connected' && ns.account.address
          ? [{ namespace, address: ns.account.address, network: ns.network.caipNetwork?.name ?? namespace }]
          : [],
      ),
    [namespaces],
  )
}

/**
 * The accounts of a wallet connected on several namespaces: each with its network, address and
 * its own Disconnect, so the visitor sees every side and ends the one they mean. `onDisconnected`
 * says which one went. Nothing when only one namespace is connected.
 */
export function AccountNamespaces({
  latch,
  onDisconnected,
}: {
  latch: Latch
  onDisconnected: (network: string) => void
}) {
  const t = useT()
  const connected = useConnectedNamespaces(latch)
  if (connected.length < 2) return null
  return (
    <ul className="latch-list latch-full" aria-label={t('account.accounts')}>
      {connected.map(({ namespace, address, network }) => (
        <li
          key={namespace}
          className="latch-item latch-namespace-row"
          data-testid="latch-account-namespace"
          data-namespace={namespace}
        >
          <Avatar address={address} size={32} />
          <span className="latch-namespace-text">
            <span>{network}</span>
            <span className="latch-muted-small" title={address}>
              {shortAddress(address)}
            </span>
          </span>
          <button
            type="button"
            className="latch-icon-button latch-end latch-destructive"
            aria-label={t('account.disconnectNamespace', { network })}
            data-testid="latch-disconnect-namespace"
            onClick={() =>
              void selectDisconnect(latch, { namespace }).then(
                () => onDisconnected(network),
                () => {},
              )
            }
          >
            <PowerIcon />
          </button>
        </li>
      ))}
    </ul>
  )
}
