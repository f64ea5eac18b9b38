import type { TypedData, TypedFields } from './typed.js'

// The typed-data shapes drainers use, recognised by their types (not by what the page says) and
// summarised above the full field list: token permits (EIP-2612, DAI's), every Permit2 message,
// and Seaport orders. A message that looks like a permission but is none of these is flagged.

/** What a known shape allows, in the canonical values of {@link canonicalTypedData}. */
export type Shape =
  | {
      kind: 'permit'
      /** EIP-2612, DAI, Permit2, Permit2 transfer, Permit2 transfer with witness. */
      standard: string
      spender: string
      /** One per token; `unlimited` for DAI's `allowed: true`. */
      amounts: { token: string | undefined; amount: bigint | 'unlimited' | 'revoked' }[]
      deadline: bigint | undefined
    }
  | {
      kind: 'seaport'
      /** A listing gives items (NFTs) for payment; an offer gives payment for items. */
      listing: boolean
      offer: SeaportItem[]
      consideration: SeaportItem[]
    }

export interface SeaportItem {
  itemType: number
  token: string
  identifier: bigint
  startAmount: bigint
  endAmount: bigint
  recipient?: string
}

const fieldsAre = (types: TypedFields, type: string, expected: string) =>
  (types[type] ?? []).map((f) => `${f.type} ${f.name}`).join(',') === expected

/** A member of the message, of the kind the shape needs; anything else is not the shape. */
class NotTheShape extends Error {}
const obj = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new NotTheShape()
  return value as Record<string, unknown>
}
const big = (value: unknown) => {
  if (typeof value !== 'bigint') throw new NotTheShape()
  return value
}
const str = (value: unknown) => {
  if (typeof value !== 'string') throw new NotTheShape()
  return value
}
const list = (value: unknown) => {
  if (!Array.isArray(value)) throw new NotTheShape()
  return value as unknown[]
}
const optionalBig = (value: unknown) => (value === undefined ? undefined : big(value))

/** Permit2's shapes, by primary type (the message's fields, as Uniswap's contract hashes them). */
function permit2(data: TypedData): Shape | undefined {
  const m = obj(data.message)
  const t = data.primaryType
  if (t === 'PermitSingle' || t === 'PermitBatch') {
    const details = t === 'PermitSingle' ? [m.details] : list(m.details)
    return {
      kind: 'permit',
      standard: 'Permit2',
      spender: str(m.spender),
      amounts: details.map((d) => ({ token: str(obj(d).token), amount: big(obj(d).amount) })),
      deadline: optionalBig(m.sigDeadline),
    }
  }
  const transfer = /^Permit(Batch)?(Witness)?TransferFrom$/.exec(t)
  if (transfer) {
    const permitted = transfer[1] ? list(m.permitted) : [m.permitted]
    return {
      kind: 'permit',
      standard: transfer[2] ? 'Permit2 transfer with witness' : 'Permit2 transfer',
      spender: str(m.spender),
      amounts: permitted.map((p) => ({ token: str(obj(p).token), amount: big(obj(p).amount) })),
      deadline: optionalBig(m.deadline),
    }
  }
  return undefined
}

const item = (value: unknown): SeaportItem => {
  const i = obj(value)
  return {
    itemType: Number(big(i.itemType)),
    token: str(i.token),
    identifier: big(i.identifierOrCriteria),
    startAmount: big(i.startAmount),
    endAmount: big(i.endAmount),
    ...(typeof i.recipient === 'string' ? { recipient: i.recipient } : {}),
  }
}

/** The known shape of canonical typed data, if it is one. */
export function shapeOf(data: TypedData, verifyingContract: string | undefined): Shape | undefined {
  try {
    return knownShape(data, verifyingContract)
  } catch (error) {
    if (error instanceof NotTheShape) return undefined
    throw error
  }
}

function knownShape(data: TypedData, verifyingContract: string | undefined): Shape | undefined {
  const { types, primaryType: t } = data
  const m = obj(data.message)
  if (
    t === 'Permit' &&
    fieldsAre(types, t, 'address owner,address spender,uint256 value,uint256 nonce,uint256 deadline')
  )
    return {
      kind: 'permit',
      standard: 'EIP-2612',
      spender: str(m.spender),
      amounts: [{ token: verifyingContract, amount: big(m.value) }],
      deadline: big(m.deadline),
    }
  if (
    t === 'Permit' &&
    fieldsAre(types, t, 'address holder,address spender,uint256 nonce,uint256 expiry,bool allowed')
  )
    return {
      kind: 'permit',
      standard: 'DAI',
      spender: str(m.spender),
      amounts: [{ token: verifyingContract, amount: m.allowed === true ? 'unlimited' : 'revoked' }],
      deadline: big(m.expiry),
    }
  if (data.domain.name === 'Permit2') return permit2(data)
  if (t === 'OrderComponents') {
    const offer = list(m.offer).map(item)
    // Item types 2-5 are ERC-721 and ERC-1155 items (with or without criteria).
    return {
      kind: 'seaport',
      listing: offer.some((i) => i.itemType >= 2),
      offer,
      consideration: list(m.consideration).map(item),
    }
  }
  return undefined
}

const permissionWords = /permit|approv|allowance|delegat|operator|spender|order|transfer/i

/** True when unknown typed data names a permission anywhere in its types: high risk. */
export function looksLikePermission(types: TypedFields): boolean {
  return Object.entries(types).some(
    ([name, fields]) => permissionWords.test(name) || fields.some((f) => permissionWords.test(f.name)),
  )
}
