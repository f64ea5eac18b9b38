import { type Infer, type IssuePath, ParseContext, Schema, typeMessage } from './schema.js'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

export class ArraySchema<T> extends Schema<T[]> {
  constructor(
    readonly item: Schema<T>,
    private readonly minLength = 0,
  ) {
    super()
  }
  /** At least `length` items: 'Array must contain at least N element(s)'. */
  min(length: number): ArraySchema<T> {
    return new ArraySchema(this.item, length)
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    if (!Array.isArray(input)) return context.add(path, typeMessage('array', input))
    const before = context.issues.length
    if (input.length < this.minLength) {
      context.add(path, `Array must contain at least ${this.minLength} element(s)`)
    }
    const value: T[] = []
    input.forEach((item, index) => {
      const result = this.item.run(item, [...path, index], context)
      if (result.ok) value.push(result.value)
    })
    return context.issues.length === before ? { ok: true as const, value } : { ok: false as const }
  }
}

export type Shape = Record<string, Schema<unknown>>

type Flatten<T> = { [K in keyof T]: T[K] } & {}
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S]
/** Keys whose schema accepts `undefined` become optional properties. */
export type ObjectOutput<S extends Shape> = Flatten<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>

/**
 * A plain object with the given keys. Unknown keys are dropped, or reported one by one with
 * `.strict()` so a caller learns exactly which key is wrong.
 */
export class ObjectSchema<S extends Shape> extends Schema<ObjectOutput<S>> {
  constructor(
    readonly shape: S,
    private readonly rejectUnknown = false,
  ) {
    super()
  }
  strict(): ObjectSchema<S> {
    return new ObjectSchema(this.shape, true)
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    if (!isPlainObject(input)) return context.add(path, typeMessage('object', input))
    const before = context.issues.length
    const value: Record<string, unknown> = {}
    for (const [key, schema] of Object.entries(this.shape)) {
      const result = schema.run(input[key], [...path, key], context)
      if (result.ok && (result.value !== undefined || key in input)) value[key] = result.value
    }
    if (this.rejectUnknown) {
      for (const key of Object.keys(input)) {
        if (!Object.hasOwn(this.shape, key)) context.add([...path, key], 'Unrecognized key')
      }
    }
    return context.issues.length === before
      ? { ok: true as const, value: value as ObjectOutput<S> }
      : { ok: false as const }
  }
}

/** A plain object whose every value matches `value` (keys are strings). */
export class RecordSchema<T> extends Schema<Record<string, T>> {
  constructor(readonly value: Schema<T>) {
    super()
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    if (!isPlainObject(input)) return context.add(path, typeMessage('object', input))
    const before = context.issues.length
    const value: Record<string, T> = {}
    for (const [key, item] of Object.entries(input)) {
      const result = this.value.run(item, [...path, key], context)
      if (result.ok) value[key] = result.value
    }
    return context.issues.length === before ? { ok: true as const, value } : { ok: false as const }
  }
}

/** The first option that accepts the value wins; none → 'Invalid input' (or 'Required'). */
export class UnionSchema<T> extends Schema<T> {
  constructor(readonly options: readonly Schema<T>[]) {
    super()
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    for (const option of this.options) {
      const attempt = new ParseContext()
      const result = option.run(input, path, attempt)
      if (result.ok && attempt.issues.length === 0) return result
    }
    return context.add(path, input === undefined ? 'Required' : 'Invalid input')
  }
}
