import { s } from '../schema/s.js'
import type { Infer } from '../schema/schema.js'

const nullableString = s.union([s.string(), s.literal(null)]).optional()
const walletId = s.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'Invalid wallet id')

/** One item of `/getWallets`; unknown fields (badge_type, order…) are dropped. */
const serverWalletSchema = s.object({
  id: walletId,
  name: s.string().min(1),
  image_id: walletId.optional(),
  rdns: nullableString,
  chains: s.array(s.string()),
  mobile_link: nullableString,
  desktop_link: nullableString,
  webapp_link: nullableString,
  homepage: nullableString,
  chrome_store: nullableString,
  app_store: nullableString,
  play_store: nullableString,
})
export type ServerWallet = Infer<typeof serverWalletSchema>

/** Most wallets a registry may claim to hold; a larger `count` is not believed. */
const MAX_REGISTRY_COUNT = 100_000
/** Most wallets one page may carry (the server's own maximum page size). */
const MAX_PAGE_ENTRIES = 100
/** Largest registry page read, in bytes: 100 wallets fit in a small fraction of it. */
export const MAX_PAGE_BYTES = 262_144

/** `/getWallets` response. */
export const walletsResponseSchema = s.object({
  count: s
    .number()
    .int()
    .refine((count) => count >= 0 && count <= MAX_REGISTRY_COUNT, 'Invalid count'),
  data: s
    .array(serverWalletSchema)
    .refine((data) => data.length <= MAX_PAGE_ENTRIES, 'Too many wallets in one page'),
})

/** `/appkit/v1/config` response: features with id, isEnabled and a free-form config. */
export const remoteConfigResponseSchema = s.object({
  features: s.array(s.object({ id: s.string(), isEnabled: s.boolean(), config: s.unknown() })),
})
export type RemoteConfigResponse = Infer<typeof remoteConfigResponseSchema>

/** `/projects/v1/origins` response. */
export const originsResponseSchema = s.object({ allowedOrigins: s.array(s.string()) })
