import { getAddress, isAddress } from 'viem'
import { FrameError } from '../protocol.js'

// EIP-712 typed data, checked against its own types before the screen opens, and rewritten into
// one canonical form (bigint integers, checksummed addresses, lower-case hex): the screen shows
// that form and the signature hashes that same object, so what is signed is what is shown.
// Hostile input ends in a refusal: unknown or recursive types, values of the wrong type, and
// anything too large to show whole on one screen.

export type TypedFields = Record<string, { name: string; type: string }[]>

export interface TypedData {
  domain: Record<string, unknown>
  types: TypedFields
  primaryType: string
  message: Record<string, unknown>
}

/** One value of the tree, for the screen: the field, its type and its depth (nested structs). */
export interface Field {
  name: string
  type: string
  /** Text for atoms; undefined for structs and arrays, whose members follow. */
  value: string | undefined
  depth: number
}

/** The most the screen shows: beyond this the request is refused, never shown in part. */
export const limits = { fields: 1_000, characters: 200_000, depth: 12, arrayLength: 256, types: 64 }

const refusal = (why: string) => new FrameError(`Invalid typed data: ${why}`, 'INVALID_PARAMS')
const refuse = (why: string): never => {
  throw refusal(why)
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/
const atomic =
  /^(address|bool|string|bytes([1-9]|[12][0-9]|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?)$/

/** Checks the type table: names, fields, and every referenced type known and not recursive. */
function checkTypes(types: TypedFields, primaryType: string): void {
  const names = Object.keys(types)
  if (names.length > limits.types) refuse('too many types')
  for (const name of names) {
    const fields = types[name]
    if (!identifier.test(name) || atomic.test(name) || !Array.isArray(fields))
      refuse(`type ${name.slice(0, 64)}`)
    const seen = new Set<string>()
    for (const field of fields as unknown[]) {
      const f = field as { name?: unknown; type?: unknown }
      if (typeof f !== 'object' || f === null || typeof f.name !== 'string' || typeof f.type !== 'string')
        throw refusal(`field of ${name}`)
      // `__proto__` as a key would set the canonical object's prototype, not a field.
      if (!identifier.test(f.name) || f.name === '__proto__' || seen.has(f.name))
        refuse(`field ${f.name.slice(0, 64)} of ${name}`)
      seen.add(f.name)
      const base = f.type.replace(/(\[[0-9]*\])+$/, '')
      if (!atomic.test(base) && !Object.hasOwn(types, base)) refuse(`unknown type ${f.type.slice(0, 64)}`)
      if (/\[0+\]/.test(f.type) || !/^[A-Za-z0-9_$]+(\[[0-9]{0,3}\])*$/.test(f.type))
        refuse(`type ${f.type.slice(0, 64)}`)
    }
  }
  // A struct that contains itself (directly or not) has no finite encoding rule here: refused.
  const visiting = new Set<string>()
  const done = new Set<string>()
  const visit = (name: string) => {
    if (done.has(name)) return
    if (visiting.has(name)) refuse(`recursive type ${name}`)
    visiting.add(name)
    for (const f of types[name] ?? []) {
      const base = f.type.replace(/(\[[0-9]*\])+$/, '')
      if (Object.hasOwn(types, base)) visit(base)
    }
    visiting.delete(name)
    done.add(name)
  }
  if (!Object.hasOwn(types, primaryType)) refuse('unknown primary type')
  visit(primaryType)
}

const integer = (value: unknown, type: string): bigint => {
  let n: bigint
  if (typeof value === 'bigint') n = value
  else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value)
  else if (typeof value === 'string' && /^(-?[0-9]{1,78}|0x[0-9a-fA-F]{1,64})$/.test(value)) n = BigInt(value)
  else return refuse(`value of ${type}`)
  const bits = BigInt(type.replace(/^u?int/, '') || '256')
  const [min, max] = type.startsWith('u')
    ? [0n, 2n ** bits - 1n]
    : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n]
  if (n < min || n > max) refuse(`value out of range for ${type}`)
  return n
}

/** Walks `value` as `type`, returning its canonical form and appending the screen's fields. */
function walk(
  types: TypedFields,
  type: string,
  value: unknown,
  name: string,
  depth: number,
  out: Field[],
  budget: { characters: number },
): unknown {
  if (out.length >= limits.fields) refuse('too many fields to show')
  if (depth > limits.depth) refuse('nested too deeply')
  const array = /^(.*)\[([0-9]*)\]$/.exec(type)
  const shown = (text: string) => {
    budget.characters -= text.length + name.length
    if (budget.characters < 0) refuse('too long to show')
    out.push({ name, type, value: text, depth })
  }
  if (array) {
    const [, inner = '', length] = array
    if (!Array.isArray(value) || (length !== '' && value.length !== Number(length)))
      return refuse(`value of ${type}`)
    if (value.length > limits.arrayLength) refuse('array too long to show')
    out.push({ name, type, value: undefined, depth })
    return value.map((item, i) => walk(types, inner, item, `#${i + 1}`, depth + 1, out, budget))
  }
  const fields = Object.hasOwn(types, type) ? types[type] : undefined
  if (fields) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse(`value of ${type}`)
    out.push({ name, type, value: undefined, depth })
    const struct: Record<string, unknown> = {}
    for (const f of fields) {
      if (!Object.hasOwn(value, f.name)) refuse(`missing ${f.name} in ${type}`)
      struct[f.name] = walk(
        types,
        f.type,
        (value as Record<string, unknown>)[f.name],
        f.name,
        depth + 1,
        out,
        budget,
      )
    }
    return struct
  }
  if (type === 'address') {
    if (typeof value !== 'string' || !isAddress(value, { strict: false })) return refuse('value of address')
    const address = getAddress(value)
    shown(address)
    return address
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') return refuse('value of bool')
    shown(String(value))
    return value
  }
  if (type === 'string') {
    if (typeof value !== 'string') return refuse('value of string')
    shown(value)
    return value
  }
  if (type.startsWith('bytes')) {
    const size = type === 'bytes' ? undefined : Number(type.slice(5))
    if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) return refuse(`value of ${type}`)
    if (size !== undefined && value.length !== 2 + size * 2) refuse(`value of ${type}`)
    const hex = value.toLowerCase()
    shown(hex)
    return hex
  }
  const n = integer(value, type)
  shown(n.toString())
  return n
}

/** The domain's fields that EIP-712 hashes (viem derives the domain type from these keys). */
const domainFields = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
]

/**
 * Checks typed data and rewrites it in place into its canonical form; returns the fields of the
 * domain and of the message, in order, for the screen.
 */
export function canonicalTypedData(data: TypedData): { domain: Field[]; message: Field[] } {
  checkTypes(data.types, data.primaryType)
  const budget = { characters: limits.characters }
  const domainOut: Field[] = []
  const domain: Record<string, unknown> = {}
  for (const f of domainFields) {
    const value = data.domain[f.name]
    if (value === undefined) continue
    domain[f.name] = walk({}, f.type, value, f.name, 0, domainOut, budget)
  }
  const message: Field[] = []
  const canonical = walk(data.types, data.primaryType, data.message, data.primaryType, 0, message, budget)
  data.domain = domain
  data.message = canonical as Record<string, unknown>
  return { domain: domainOut, message: message.slice(1).map((f) => ({ ...f, depth: f.depth - 1 })) }
}
