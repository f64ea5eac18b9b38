'use client'
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import {
  ConnectButton as LatchConnectButton,
  NetworkButton,
  shortAddress,
  type UseLatchParameters,
  useLatch,
  useLatchAccount,
  useLatchSignIn,
  useLatchState,
} from '../../index.js'
import { useAccountModal, useChainModal, useConnectModal, useOpenModals } from './modals.js'

/** A value per screen size, as RainbowKit takes it (the large screen starts at 768px). */
export type ResponsiveValue<T> = T | { smallScreen: T; largeScreen: T }
export type AccountStatus = 'full' | 'compact' | 'avatar' | 'address'
export type ChainStatus = 'full' | 'icon' | 'name' | 'none'
export type AuthenticationStatus = 'loading' | 'unauthenticated' | 'authenticated'

export interface ConnectButtonProps extends UseLatchParameters {
  /** Label when disconnected; defaults to the catalog's 'Connect Wallet' in the visitor's language. */
  label?: string | undefined
  /** Default 'full'. 'compact' shows the avatar and the address, like 'full', without the balance. */
  accountStatus?: ResponsiveValue<AccountStatus> | undefined
  /** Default `{ smallScreen: 'icon', largeScreen: 'full' }`. */
  chainStatus?: ResponsiveValue<ChainStatus> | undefined
  /** Default `{ smallScreen: false, largeScreen: true }`. */
  showBalance?: ResponsiveValue<boolean> | undefined
}

/** The connected account, shaped as RainbowKit's render props give it. */
export interface ConnectButtonAccount {
  address: string
  /** The native balance as the kit formats it, e.g. '1.5'. */
  balanceFormatted: string | undefined
  balanceSymbol: string | undefined
  balanceDecimals: number | undefined
  /** Balance and symbol, e.g. '1.5 ETH'. */
  displayBalance: string | undefined
  /** The account's name when it has one, else its short address. */
  displayName: string
  ensName: string | undefined
  ensAvatar: string | undefined
  /** Latch does not track an app's pending transactions: always false. */
  hasPendingTransactions: boolean
}

/** The connected account's network, shaped as RainbowKit's render props give it. */
export interface ConnectButtonChain {
  /** The chain's own id (a number on EVM chains); undefined on a network the app does not have. */
  id: number | string | undefined
  name: string | undefined
  hasIcon: boolean
  iconUrl: string | undefined
  iconBackground: string | undefined
  /** The wallet is on a network the app did not configure. */
  unsupported: boolean
}

export interface ConnectButtonRenderProps {
  /** Defined once an account is connected. */
  account: ConnectButtonAccount | undefined
  /** Defined once an account is connected. */
  chain: ConnectButtonChain | undefined
  openConnectModal: () => void
  openAccountModal: () => void
  openChainModal: () => void
  connectModalOpen: boolean
  accountModalOpen: boolean
  chainModalOpen: boolean
  /** Undefined when the app has no sign-in (`siwx`); 'loading' while a session is being restored. */
  authenticationStatus: AuthenticationStatus | undefined
  /** False during server rendering and hydration, true once mounted in the browser. */
  mounted: boolean
}

export interface ConnectButtonCustomProps extends UseLatchParameters {
  children: (props: ConnectButtonRenderProps) => ReactNode
}

const noop = () => {}
const subscribeMounted = () => noop

/** `ConnectButton.Custom`: everything needed to render one's own buttons, as render props. */
function Custom({ children, latch: explicit }: ConnectButtonCustomProps): ReactNode {
  const latch = useLatch({ latch: explicit })
  const account = useLatchAccount({ latch })
  const caipNetwork = useLatchState(
    (s) => (s.activeNamespace ? s.namespaces[s.activeNamespace]?.network : undefined),
    { latch },
  )
  const signIn = useLatchSignIn({ latch })
  const { openConnectModal = noop, connectModalOpen } = useConnectModal({ latch })
  const { openAccountModal = noop } = useAccountModal({ latch })
  const { openChainModal = noop } = useChainModal({ latch })
  const { accountModalOpen, chainModalOpen } = useOpenModals({ latch })
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])

  const network = caipNetwork?.caipNetwork
  const unsupported = caipNetwork?.unsupported ?? false
  const iconUrl = unsupported ? undefined : network?.assets?.imageUrl
  const balance = account.isConnected ? account.balance : undefined
  const symbol = account.isConnected ? account.balanceSymbol : undefined
  return children({
    account: account.isConnected
      ? {
          address: account.address,
          balanceFormatted: balance,
          balanceSymbol: symbol,
          balanceDecimals: network?.nativeCurrency.decimals,
          displayBalance: balance !== undefined ? [balance, symbol].filter(Boolean).join(' ') : undefined,
          displayName: account.profileName ?? shortAddress(account.address),
          ensName: account.profileName,
          ensAvatar: account.profileImage,
          hasPendingTransactions: false,
        }
      : undefined,
    chain: account.isConnected
      ? {
          id: unsupported ? undefined : network?.id,
          name: unsupported ? undefined : network?.name,
          hasIcon: iconUrl !== undefined,
          iconUrl,
          iconBackground: undefined,
          unsupported,
        }
      : undefined,
    openConnectModal,
    openAccountModal,
    openChainModal,
    connectModalOpen,
    accountModalOpen,
    chainModalOpen,
    authenticationStatus: latch.options.siwx
      ? account.status === 'connecting'
        ? 'loading'
        : signIn.status === 'signed-in'
          ? 'authenticated'
          : 'unauthenticated'
      : undefined,
    mounted,
  })
}

const LARGE_SCREEN = '(min-width: 768px)'

function subscribeScreen(onChange: () => void): () => void {
  const query = matchMedia(LARGE_SCREEN)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** True on a large screen; the server renders the large screen's layout. */
function useLargeScreen(): boolean {
  return useSyncExternalStore(
    typeof matchMedia === 'function' ? subscribeScreen : subscribeMounted,
    () => typeof matchMedia !== 'function' || matchMedia(LARGE_SCREEN).matches,
    () => true,
  )
}

function pick<T>(value: ResponsiveValue<T>, large: boolean): T {
  if (typeof value === 'object' && value !== null && 'largeScreen' in value)
    return large ? value.largeScreen : value.smallScreen
  return value
}

/**
 * RainbowKit's `ConnectButton`, drawn with Latch's own buttons: 'Connect Wallet' when
 * disconnected; the network button and the account button once connected.
 *
 * @example
 * <ConnectButton accountStatus="avatar" chainStatus="icon" showBalance={false} />
 */
export function ConnectButton({
  latch: explicit,
  label,
  accountStatus = 'full',
  chainStatus = { smallScreen: 'icon', largeScreen: 'full' },
  showBalance = { smallScreen: false, largeScreen: true },
}: ConnectButtonProps): ReactNode {
  const latch = useLatch({ latch: explicit })
  const large = useLargeScreen()
  const connected = useLatchAccount({ latch }).isConnected
  const account = pick(accountStatus, large)
  const chain = pick(chainStatus, large)
  const withBalance = pick(showBalance, large) && account === 'full'
  const button = (
    <LatchConnectButton
      latch={latch}
      label={label}
      balance={withBalance}
      accountStatus={account === 'compact' ? 'full' : account}
    />
  )
  if (!connected) return button
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {chain !== 'none' && <NetworkButton latch={latch} chainStatus={chain} />}
      {button}
    </div>
  )
}

ConnectButton.Custom = Custom
