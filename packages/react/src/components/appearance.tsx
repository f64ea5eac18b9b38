'use client'
import type { ChainNamespace } from '@latch/core'
import { type ComponentType, createContext, useContext } from 'react'
import { shortAddress } from '../format.js'
import { Avatar } from './Avatar.js'

/** What an app's avatar component receives (RainbowKit's `AvatarComponent` props). */
export interface AvatarComponentProps {
  address: string
  /** The account's name-service avatar (ENS on Ethereum) where the kit has loaded one. */
  ensImage: string | undefined
  /** The side of the square it fills, in CSS pixels. */
  size: number
}

/** A component drawn in place of the kit's avatar, in the Account button and the Account view. */
export type AvatarComponent = ComponentType<AvatarComponentProps>

/** The account an account-name formatter is given. */
export interface AccountNameParameters {
  address: string
  /** The account's name-service name (ENS on Ethereum) where the kit has one. */
  name: string | undefined
  namespace: ChainNamespace | undefined
}

/** Returns the text shown for an account; the full address always stays in the element's title. */
export type FormatAccountName = (account: AccountNameParameters) => string

export interface Appearance {
  avatar?: AvatarComponent | undefined
  formatAccountName?: FormatAccountName | undefined
}

export const AppearanceContext = createContext<Appearance>({})

/** The account's avatar: the app's component, else the name-service image, else the identicon. */
export function AccountAvatar({
  address,
  ensImage,
  size,
  onImageError,
  className,
}: AvatarComponentProps & { onImageError?: () => void; className?: string }) {
  const { avatar: Custom } = useContext(AppearanceContext)
  if (Custom) return <Custom address={address} ensImage={ensImage} size={size} />
  if (ensImage)
    return (
      <img
        src={ensImage}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        className={className}
        data-testid="latch-account-avatar"
        onError={onImageError}
      />
    )
  return <Avatar address={address} size={size} />
}

/** The text for an account: the app's formatter, else its name, else the shortened address. */
export function useAccountName(account: AccountNameParameters): string {
  const { formatAccountName } = useContext(AppearanceContext)
  return formatAccountName ? formatAccountName(account) : (account.name ?? shortAddress(account.address))
}
