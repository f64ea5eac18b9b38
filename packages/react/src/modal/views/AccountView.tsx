'use client'
import { type ChainNamespace, type Latch, nameQueryOptions } from '@latch/core'
import {
  activeEmbeddedWallet,
  exportEmbeddedWallet,
  onrampCurrenciesOn,
  onrampOptionsQueryOptions,
  pushView,
  selectDisconnect,
  setEmbeddedAccountType,
} from '@latch/core/internal'
import { type ReactNode, useState } from 'react'
import { AccountAvatar, useAccountName } from '../../components/appearance.js'
import { useLatchAccount } from '../../hooks/useLatchAccount.js'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useNetworkState } from '../../hooks/useNetworkState.js'
import { useQuery } from '../../hooks/useQuery.js'
import { useT } from '../../i18n/context.js'
import { AccountNamespaces, useConnectedNamespaces } from './AccountNamespaces.js'
import { AccountTabsLoader } from './account/AccountTabsLoader.js'
import { NativeBalance } from './account/NativeBalance.js'
import { embeddedConnectorOf } from './embedded.js'
import {
  BuyIcon,
  ChevronIcon,
  CopyIcon,
  ExternalIcon,
  KeyIcon,
  PowerIcon,
  ReceiveIcon,
  SendIcon,
  SwapIcon,
} from './icons.js'
import type { ViewProps } from './index.js'
import { SOCIAL_NAMES } from './SocialLogin.js'
import { Toast, useToast } from './Toast.js'
import { useResumedEmailUpdate } from './UpdateEmailView.js'
import { WalletImage } from './WalletImage.js'

/**
 * The account's avatar and name where its name service has one (ENS on Ethereum: the name for
 * the shortened address, the avatar through the app's server), else its identicon and shortened
 * address; `children` (the copy button) sit beside the name. Both take the place of what they
 * replace (same row, same 72 px), so nothing below moves when the name arrives; the full address
 * stays in the row's title and the copy button.
 */
function AccountIdentity({
  latch,
  namespace,
  address,
  children,
}: {
  latch: Latch
  namespace: ChainNamespace | undefined
  address: string
  children: ReactNode
}) {
  const profile = useQuery(nameQueryOptions(latch, { namespace: namespace ?? 'eip155', address }), { latch })
  const [brokenAvatar, setBrokenAvatar] = useState<string>()
  const avatarUrl = profile.data?.avatarUrl
  const label = useAccountName({ address, name: profile.data?.name, namespace })
  return (
    <>
      <AccountAvatar
        address={address}
        ensImage={avatarUrl && brokenAvatar !== avatarUrl ? avatarUrl : undefined}
        size={72}
        className="latch-account-avatar"
        onImageError={() => setBrokenAvatar(avatarUrl)}
      />
      <div className="latch-address-row">
        <p className="latch-address" data-testid="latch-account-address" title={address}>
          {label}
        </p>
        {children}
      </div>
    </>
  )
}

/**
 * The connected account: identicon or avatar, name or address with copy (a toast confirms; nothing reflows),
 * balance, the wallet it is connected with, explorer link, network, and Disconnect.
 */
export function AccountView({ latch }: ViewProps<'Account'>) {
  const t = useT()
  const account = useLatchAccount({ latch })
  const { caipNetwork, unsupported } = useNetworkState(latch)
  const [toast, showToast] = useToast()
  // Session-level data (spec §3 user payload): the email of an embedded-wallet login.
  const connectorId = useLatchState(
    (s) => (s.activeNamespace ? s.namespaces[s.activeNamespace]?.account.connectorId : undefined),
    { latch },
  )
  const user = useLatchState((s) => (connectorId ? s.sessions[connectorId]?.user : undefined), { latch })
  // A social login's provider (spec §3 socialProvider), shown with the name the visitor goes by there.
  const socialProvider = useLatchState(
    (s) => (s.activeNamespace ? s.namespaces[s.activeNamespace]?.account.socialProvider : undefined),
    { latch },
  )
  const socialName = socialProvider ? SOCIAL_NAMES[socialProvider] : undefined
  // An embedded-wallet login can change its email.
  const embedded = embeddedConnectorOf(latch)
  const canUpdateEmail = Boolean(user?.email) && embedded !== undefined && embedded.id === connectorId
  const twoSided = useConnectedNamespaces(latch).length > 1
  // Send needs an adapter that can build a transfer, on a network the app configured.
  const canSend =
    latch.options.features.send &&
    !unsupported &&
    Boolean(account?.namespace && latch.adapters.get(account.namespace)?.prepareTransfer)
  // Swap: the project's remote config turns it on (spec §3 swaps); quotes come from the app's
  // server for an EVM account on a network the app configured.
  const swaps = useLatchState((s) => s.remote.features.swaps, { latch })
  const canSwap =
    swaps &&
    !unsupported &&
    account?.namespace === 'eip155' &&
    Boolean(latch.options.apiUrl) &&
    Boolean(caipNetwork)
  // Buy: the project's remote config turns it on (spec §3 onramp); for eip155 and solana
  // accounts (spec §6) on a network the app configured, through the app's server.
  const onramp = useLatchState((s) => s.remote.features.onramp, { latch })
  const mayBuy =
    onramp &&
    !unsupported &&
    (account?.namespace === 'eip155' || account?.namespace === 'solana') &&
    Boolean(latch.options.apiUrl) &&
    Boolean(caipNetwork)
  // Offered only where a provider sells something on the network: no Buy that leads nowhere
  // (the same query as the Buy view's, so it opens on what was read here).
  const onrampOptions = useQuery({ ...onrampOptionsQueryOptions(latch), enabled: mayBuy }, { latch })
  const canBuy =
    mayBuy &&
    onrampOptions.data !== undefined &&
    onrampCurrenciesOn(onrampOptions.data, caipNetwork!.caipNetworkId).length > 0
  // The embedded wallet's account type (spec §3): its smart account on the chains its project
  // runs them on, switchable with its own key's account (EOA).
  const accountType = useLatchState(
    (s) => (connectorId ? s.sessions[connectorId]?.preferredAccountType : undefined),
    { latch },
  )
  const smartAccountChains = useLatchState((s) => s.namespaces.eip155?.network.smartAccountEnabledNetworks, {
    latch,
  })
  const [switchingType, setSwitchingType] = useState(false)
  const reference = caipNetwork?.caipNetworkId.split(':')[1]
  const canSwitchType =
    account?.namespace === 'eip155' &&
    embedded !== undefined &&
    embedded.id === connectorId &&
    !unsupported &&
    reference !== undefined &&
    (smartAccountChains ?? []).includes(Number(reference))
  const smartAccount = canSwitchType && accountType === 'smartAccount'
  // An app that signs its visitors in (siwx) offers no switch to the smart account, only the way
  // back to the EOA: the smart account signs in only when the project's account implements
  // ERC-1271 (the test kit's LatchSmartAccountFactory; the reference SimpleAccount does not), which
  // the page cannot know, and a refused sign-in would end a required one in a disconnect, on every
  // visit (the choice is kept). Such an app starts visitors on the smart account with
  // `defaultAccountType: 'smartAccount'`, for a project whose account signs.
  const offerSwitch = canSwitchType && (smartAccount || latch.options.siwx === undefined)
  const switchType = () => {
    setSwitchingType(true)
    setEmbeddedAccountType(latch, smartAccount ? 'eoa' : 'smartAccount')
      .catch(() => showToast(t('account.switchAccountFailed')))
      .finally(() => setSwitchingType(false))
  }
  useResumedEmailUpdate(latch, connectorId)
  if (!account?.address) return null
  const address = account.address
  const wallet = account.connectedWalletInfo
  const copy = () => {
    navigator.clipboard?.writeText(address).then(
      () => showToast(t('account.copied')),
      () => {},
    )
  }
  return (
    <div className="latch-center">
      <AccountIdentity latch={latch} namespace={account.namespace} address={address}>
        <button
          type="button"
          className="latch-icon-button"
          aria-label={t('account.copy')}
          data-testid="latch-copy-address"
          onClick={copy}
        >
          <CopyIcon />
        </button>
      </AccountIdentity>
      <NativeBalance
        latch={latch}
        namespace={account.namespace}
        address={address}
        caipNetwork={unsupported ? undefined : caipNetwork}
      />
      {smartAccount && (
        <p className="latch-muted" data-testid="latch-account-type">
          {t('account.smartAccount')}
        </p>
      )}
      {user?.email && (
        <p className="latch-muted" data-testid="latch-account-email">
          {user.email}
        </p>
      )}
      {socialName && (
        <p className="latch-muted" data-testid="latch-account-social">
          {user?.username
            ? t('account.social', { provider: socialName, username: user.username })
            : socialName}
        </p>
      )}
      {wallet && !user?.email && (
        <p className="latch-connected-with" data-testid="latch-connected-with">
          <WalletImage
            connector={{ id: wallet.name, name: wallet.name, imageUrl: wallet.icon }}
            className="latch-small-icon"
          />
          <span>{t('account.connectedWith', { wallet: wallet.name })}</span>
        </p>
      )}
      <AccountNamespaces
        latch={latch}
        onDisconnected={(network) => showToast(t('account.disconnected', { network }))}
      />
      <div className="latch-account-actions">
        {/* Spec §2: wallet features in the order onramp, swaps, receive, send. */}
        {canBuy && (
          <button
            type="button"
            className="latch-secondary"
            data-testid="latch-account-buy"
            onClick={() => pushView(latch, { view: 'Onramp' })}
          >
            <BuyIcon />
            <span>{t('account.buy')}</span>
          </button>
        )}
        {canSwap && (
          <button
            type="button"
            className="latch-secondary"
            data-testid="latch-account-swap"
            onClick={() => pushView(latch, { view: 'Swap' })}
          >
            <SwapIcon />
            <span>{t('account.swap')}</span>
          </button>
        )}
        {latch.options.features.receive && (
          <button
            type="button"
            className="latch-secondary"
            data-testid="latch-account-receive"
            onClick={() => pushView(latch, { view: 'Receive' })}
          >
            <ReceiveIcon />
            <span>{t('account.receive')}</span>
          </button>
        )}
        {canSend && (
          <button
            type="button"
            className="latch-secondary"
            data-testid="latch-account-send"
            onClick={() => pushView(latch, { view: 'Send' })}
          >
            <SendIcon />
            <span>{t('account.send')}</span>
          </button>
        )}
      </div>
      {account.namespace && (
        <AccountTabsLoader
          latch={latch}
          namespace={account.namespace}
          address={address}
          caipNetwork={unsupported ? undefined : caipNetwork}
        />
      )}
      <ul className="latch-list latch-full">
        <li>
          <button
            type="button"
            className="latch-item"
            data-testid="latch-account-network"
            disabled={!latch.options.enableNetworkSwitch}
            onClick={() => pushView(latch, { view: 'Networks' })}
          >
            {caipNetwork && !unsupported ? (
              <WalletImage
                connector={{
                  id: caipNetwork.caipNetworkId,
                  name: caipNetwork.name,
                  imageUrl: caipNetwork.assets?.imageUrl,
                }}
              />
            ) : null}
            <span>
              {unsupported ? t('button.network.unsupported') : (caipNetwork?.name ?? t('account.network'))}
            </span>
            <span className="latch-end">
              <span className="latch-visually-hidden">{t('account.network')}</span>
              <ChevronIcon />
            </span>
          </button>
        </li>
        {canUpdateEmail && embedded && (
          <li>
            <button
              type="button"
              className="latch-item"
              data-testid="latch-account-update-email"
              onClick={() => pushView(latch, { view: 'UpdateEmail', params: { connectorId: embedded.id } })}
            >
              <span>{t('account.updateEmail')}</span>
              <span className="latch-end">
                <ChevronIcon />
              </span>
            </button>
          </li>
        )}
        {offerSwitch && (
          <li>
            <button
              type="button"
              className="latch-item"
              data-testid="latch-account-switch-type"
              disabled={switchingType}
              aria-busy={switchingType}
              onClick={switchType}
            >
              <span>{smartAccount ? t('account.switchToEoa') : t('account.switchToSmartAccount')}</span>
            </button>
          </li>
        )}
        {account.addressExplorerUrl && (
          <li>
            <a
              className="latch-item"
              href={account.addressExplorerUrl}
              target="_blank"
              rel="noreferrer noopener"
            >
              <ExternalIcon />
              <span>{t('account.explorer')}</span>
            </a>
          </li>
        )}
        {user?.email && activeEmbeddedWallet(latch) && (
          <li>
            <button
              type="button"
              className="latch-item"
              data-testid="latch-export-wallet"
              onClick={() =>
                void exportEmbeddedWallet(latch).catch(() => showToast(t('account.exportFailed')))
              }
            >
              <KeyIcon />
              <span>{t('account.exportWallet')}</span>
            </button>
          </li>
        )}
        <li>
          <button
            type="button"
            className="latch-item latch-destructive"
            data-testid="latch-disconnect"
            onClick={() => void selectDisconnect(latch, twoSided ? { namespace: 'all' } : {}).catch(() => {})}
          >
            <PowerIcon />
            <span>
              {user?.email
                ? t('account.signOut')
                : twoSided
                  ? t('account.disconnectAll')
                  : t('account.disconnect')}
            </span>
          </button>
        </li>
      </ul>
      <Toast message={toast} />
    </div>
  )
}
