import { s } from '../schema/s.js'

/** A token balance (spec §3): the native coin has no `address`; others are CAIP-10. */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 id of the chain. */
  chainId: string
  address?: string | undefined
  /**
   * `quantity.numeric × price`, in the price's currency; absent when no price is known (a
   * server without a price source, a token the source has no price for).
   */
  value?: number | undefined
  /** The price of one token (USD from the server's price source); absent when unknown. */
  price?: number | undefined
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

// The schemas are built when a response is checked, not at import: nothing runs at module load,
// so an app that never lists tokens bundles none of this.
const tokenBalanceSchema = () =>
  s
    .object({
      name: s.string(),
      symbol: s.string(),
      chainId: s.string(),
      address: s.string().optional(),
      value: s.number().optional(),
      price: s.number().optional(),
      quantity: s.object({ decimals: s.string(), numeric: s.string() }).strict(),
      iconUrl: s.string(),
    })
    .strict()

/** The balance service's answer (spec §7): `{ balances: [...] }`, nothing else. */
export const balanceServiceSchema = () => s.object({ balances: s.array(tokenBalanceSchema()) }).strict()

// Spec §5: every asset has string address and balance, type ERC20 or NATIVE, and metadata with
// string name, symbol, iconUrl and numeric decimals and price.
const walletAssetSchema = () =>
  s.object({
    address: s.string(),
    balance: s.string(),
    type: s.enum(['ERC20', 'NATIVE']),
    metadata: s.object({
      name: s.string(),
      symbol: s.string(),
      decimals: s.number(),
      price: s.number(),
      iconUrl: s.string(),
    }),
  })

/** `wallet_getAssets` (EIP-7811): assets per hex chain id. */
export const walletAssetsSchema = () => s.record(s.array(walletAssetSchema()))

/**
 * `raw / 10^decimals` as an exact decimal string ('1234.5'). Division by a power of ten is a
 * shift of digits, so it is done on the digits of the bigint: no rounding, no float.
 */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const hexQuantity = /^0x[0-9a-fA-F]{1,64}$/

/**
 * A wallet's assets for one chain as token balances. An asset whose balance is not a hex
 * quantity or whose decimals are not a whole number 0–255 makes the whole answer unusable.
 */
export function walletAssetsToBalances(
  assets: readonly ReturnType<ReturnType<typeof walletAssetSchema>['parse']>[],
  caipNetworkId: string,
): TokenBalance[] | undefined {
  const balances: TokenBalance[] = []
  for (const asset of assets) {
    const { decimals } = asset.metadata
    if (!hexQuantity.test(asset.balance) || !Number.isInteger(decimals) || decimals < 0 || decimals > 255)
      return undefined
    const numeric = formatUnits(BigInt(asset.balance), decimals)
    balances.push({
      name: asset.metadata.name,
      symbol: asset.metadata.symbol,
      chainId: caipNetworkId,
      ...(asset.type === 'ERC20' ? { address: `${caipNetworkId}:${asset.address}` } : {}),
      // A wallet's price of 0 is "no price": the balance then has neither price nor value.
      ...(asset.metadata.price > 0 && Number.isFinite(asset.metadata.price)
        ? { value: Number(numeric) * asset.metadata.price, price: asset.metadata.price }
        : {}),
      quantity: { decimals: String(decimals), numeric },
      iconUrl: asset.metadata.iconUrl,
    })
  }
  return balances
}

/** Tokens with decimals '0' are dropped (spec §5); the native coin comes first. */
export function shownTokenBalances(balances: readonly TokenBalance[]): TokenBalance[] {
  const kept = balances.filter((balance) => balance.quantity.decimals !== '0')
  return [...kept.filter((b) => b.address === undefined), ...kept.filter((b) => b.address !== undefined)]
}
