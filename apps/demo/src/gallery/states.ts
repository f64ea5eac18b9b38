/** Every view of the modal the gallery shows, with the variants it is shown in. */
export const states = [
  'Connect',
  'AllWallets',
  'WhatIsAWallet',
  'Connecting',
  'ConnectingDeclined',
  'WalletConnectUnavailable',
  'Account',
  'Networks',
  'SwitchNetwork',
  'UnsupportedChain',
  'EmailCode',
] as const
export type GalleryState = (typeof states)[number]

export const variants = [
  { id: 'light', theme: 'light', locale: 'en', width: 540 },
  { id: 'dark', theme: 'dark', locale: 'en', width: 540 },
  { id: 'phone', theme: 'light', locale: 'en', width: 390 },
  { id: 'arabic', theme: 'light', locale: 'ar', width: 540 },
] as const
export type GalleryVariant = (typeof variants)[number]

export const frameUrl = (state: GalleryState, variant: GalleryVariant) =>
  `/gallery/frame.html?state=${state}&theme=${variant.theme}&locale=${variant.locale}`
