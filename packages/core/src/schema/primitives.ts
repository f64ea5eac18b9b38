import { isEmail } from './email.js'
import { type IssuePath, type ParseContext, Schema, typeMessage, typeName } from './schema.js'

type StringCheck =
  | { kind: 'min'; length: number }
  | { kind: 'email' }
  | { kind: 'regex'; pattern: RegExp; message: string }

export class StringSchema extends Schema<string> {
  constructor(private readonly checks: readonly StringCheck[] = []) {
    super()
  }
  /** At least `length` characters: 'String must contain at least N character(s)'. */
  min(length: number): StringSchema {
    return new StringSchema([...this.checks, { kind: 'min', length }])
  }
  /** A valid email address: 'Invalid email'. */
  email(): StringSchema {
    return new StringSchema([...this.checks, { kind: 'email' }])
  }
  regex(pattern: RegExp, message = 'Invalid input'): StringSchema {
    return new StringSchema([...this.checks, { kind: 'regex', pattern, message }])
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    if (typeof input !== 'string') return context.add(path, typeMessage('string', input))
    let ok = true
    for (const check of this.checks) {
      const message = failure(check, input)
      if (message) {
        context.add(path, message)
        ok = false
      }
    }
    return ok ? { ok: true as const, value: input } : { ok: false as const }
  }
}

function failure(check: StringCheck, input: string): string | undefined {
  switch (check.kind) {
    case 'min':
      return input.length < check.length
        ? `String must contain at least ${check.length} character(s)`
        : undefined
    case 'email':
      return isEmail(input) ? undefined : 'Invalid email'
    case 'regex':
      // A fresh copy so a global/sticky pattern's lastIndex cannot leak between calls.
      return new RegExp(check.pattern.source, check.pattern.flags.replace(/[gy]/g, '')).test(input)
        ? undefined
        : check.message
  }
}

export class NumberSchema extends Schema<number> {
  constructor(private readonly integer = false) {
    super()
  }
  int(): NumberSchema {
    return new NumberSchema(true)
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    if (typeof input !== 'number' || Number.isNaN(input))
      return context.add(path, typeMessage('number', input))
    if (this.integer && !Number.isInteger(input)) return context.add(path, 'Expected integer, received float')
    return { ok: true as const, value: input }
  }
}

export class BooleanSchema extends Schema<boolean> {
  run(input: unknown, path: IssuePath, context: ParseContext) {
    if (typeof input !== 'boolean') return context.add(path, typeMessage('boolean', input))
    return { ok: true as const, value: input }
  }
}

export type Primitive = string | number | boolean | null

function show(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return typeName(value)
}

/** One of a fixed list of primitive values: "Expected 'light' | 'dark', received 'blue'". */
export class EnumSchema<T extends Primitive> extends Schema<T> {
  constructor(readonly values: readonly T[]) {
    super()
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    if ((this.values as readonly unknown[]).includes(input)) return { ok: true as const, value: input as T }
    if (input === undefined) return context.add(path, 'Required')
    return context.add(path, `Expected ${this.values.map(show).join(' | ')}, received ${show(input)}`)
  }
}

export class UnknownSchema extends Schema<unknown> {
  run(input: unknown) {
    return { ok: true as const, value: input }
  }
}

/** Anything `check` accepts, reported with `message` otherwise. */
export class CustomSchema<T> extends Schema<T> {
  constructor(
    private readonly check: (value: unknown) => boolean,
    private readonly message: string,
  ) {
    super()
  }
  run(input: unknown, path: IssuePath, context: ParseContext) {
    return this.check(input) ? { ok: true as const, value: input as T } : context.add(path, this.message)
  }
}
