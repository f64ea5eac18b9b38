import { BaseError } from '../errors/base.js'

export type IssuePath = (string | number)[]

/** One reason a value was rejected, with where it was found. */
export interface Issue {
  path: IssuePath
  message: string
}

export type SafeParseResult<T> = { success: true; data: T } | { success: false; issues: Issue[] }

type RunResult<T> = { ok: true; value: T } | { ok: false }

/** Collects issues while a value is walked; one per parse. */
export class ParseContext {
  readonly issues: Issue[] = []
  add(path: IssuePath, message: string): { ok: false } {
    this.issues.push({ path, message })
    return { ok: false }
  }
}

export type SchemaErrorType = SchemaError & { name: 'SchemaError' }
/** Thrown by `parse`; `issues` lists every problem with its path. */
export class SchemaError extends BaseError {
  override name = 'SchemaError' as const
  readonly issues: readonly Issue[]
  constructor({ issues }: { issues: readonly Issue[] }) {
    const lines = issues.map(formatIssue)
    super(lines[0] ?? 'Invalid input', { metaMessages: lines.length > 1 ? lines : undefined })
    this.issues = issues
  }
}

/** `a.b[0]: message`, or the bare message at the root. */
export function formatIssue(issue: Issue): string {
  if (issue.path.length === 0) return issue.message
  const path = issue.path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('')
  return `${path}: ${issue.message}`
}

/** The type name used in 'Expected X, received Y'. */
export function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan'
  return typeof value
}

/** The message for a value of the wrong type: 'Required' when it is missing. */
export function typeMessage(expected: string, value: unknown): string {
  return value === undefined ? 'Required' : `Expected ${expected}, received ${typeName(value)}`
}

/** A validator for values of type `T`. Immutable: every refinement returns a new schema. */
export abstract class Schema<T> {
  /** Type-level only: what `parse` returns. */
  declare readonly _output: T

  /** @internal Checks `input`, recording issues in `context`. */
  abstract run(input: unknown, path: IssuePath, context: ParseContext): RunResult<T>

  /** Returns the valid value, or throws a `SchemaError` listing every issue. */
  parse(input: unknown): T {
    const result = this.safeParse(input)
    if (!result.success) throw new SchemaError({ issues: result.issues })
    return result.data
  }

  safeParse(input: unknown): SafeParseResult<T> {
    const context = new ParseContext()
    const result = this.run(input, [], context)
    if (result.ok && context.issues.length === 0) return { success: true, data: result.value }
    return {
      success: false,
      issues: context.issues.length ? context.issues : [{ path: [], message: 'Invalid input' }],
    }
  }

  optional(): Schema<T | undefined> {
    return new OptionalSchema(this)
  }

  /** Adds a check; `message` is reported when `check` returns false. */
  refine(check: (value: T) => boolean, message = 'Invalid input'): Schema<T> {
    return new RefinedSchema(this, check, message)
  }
}

export type Infer<S> = S extends Schema<infer T> ? T : never

class OptionalSchema<T> extends Schema<T | undefined> {
  constructor(readonly inner: Schema<T>) {
    super()
  }
  run(input: unknown, path: IssuePath, context: ParseContext): RunResult<T | undefined> {
    return input === undefined ? { ok: true, value: undefined } : this.inner.run(input, path, context)
  }
}

class RefinedSchema<T> extends Schema<T> {
  constructor(
    private readonly inner: Schema<T>,
    private readonly check: (value: T) => boolean,
    private readonly message: string,
  ) {
    super()
  }
  run(input: unknown, path: IssuePath, context: ParseContext): RunResult<T> {
    const result = this.inner.run(input, path, context)
    if (!result.ok) return result
    return this.check(result.value) ? result : context.add(path, this.message)
  }
}
