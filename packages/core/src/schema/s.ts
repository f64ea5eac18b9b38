import { ArraySchema, ObjectSchema, RecordSchema, type Shape, UnionSchema } from './composite.js'
import {
  BooleanSchema,
  CustomSchema,
  EnumSchema,
  NumberSchema,
  type Primitive,
  StringSchema,
  UnknownSchema,
} from './primitives.js'
import type { Infer, Schema } from './schema.js'

/**
 * Builders of the kit's validation library. Issues use the spec's wording: 'Required',
 * 'Expected X, received Y', 'Invalid input', 'Invalid email',
 * 'String must contain at least N character(s)'.
 *
 * @example
 * const user = s.object({ email: s.string().email(), age: s.number().optional() }).strict()
 * type User = Infer<typeof user> // { email: string; age?: number | undefined }
 */
export const s = {
  string: (): StringSchema => new StringSchema(),
  number: (): NumberSchema => new NumberSchema(),
  boolean: (): BooleanSchema => new BooleanSchema(),
  literal: <const T extends Primitive>(value: T): EnumSchema<T> => new EnumSchema([value]),
  enum: <const T extends Primitive>(values: readonly [T, ...T[]]): EnumSchema<T> => new EnumSchema(values),
  array: <T>(item: Schema<T>): ArraySchema<T> => new ArraySchema(item),
  object: <S extends Shape>(shape: S): ObjectSchema<S> => new ObjectSchema(shape),
  record: <T>(value: Schema<T>): RecordSchema<T> => new RecordSchema(value),
  optional: <T>(schema: Schema<T>): Schema<T | undefined> => schema.optional(),
  union: <const O extends readonly [Schema<unknown>, ...Schema<unknown>[]]>(
    options: O,
  ): UnionSchema<Infer<O[number]>> =>
    new UnionSchema(options as unknown as readonly Schema<Infer<O[number]>>[]),
  unknown: (): UnknownSchema => new UnknownSchema(),
  custom: <T>(check: (value: unknown) => boolean, message = 'Invalid input'): CustomSchema<T> =>
    new CustomSchema<T>(check, message),
} as const
