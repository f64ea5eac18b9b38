// A latch: a rounded plate with a bolt sliding into a keeper, in the kit's accent colour.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#3b5bdb"/><rect x="18" y="40" width="44" height="16" rx="8" fill="#fff"/><rect x="58" y="28" width="20" height="40" rx="6" fill="none" stroke="#fff" stroke-width="6"/><circle cx="30" cy="48" r="4" fill="#3b5bdb"/></svg>`

/** The default icon of the Latch Dev Wallet, as an inline data URI (no network request). */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(SVG)}`

/** The same icon as a base64 data URI, the form Wallet Standard requires. */
export const DEV_WALLET_ICON_BASE64 = `data:image/svg+xml;base64,${btoa(SVG)}` as const

export const DEV_WALLET_NAME = 'Latch Dev Wallet'
export const DEV_WALLET_RDNS = 'dev.latch.wallet'
