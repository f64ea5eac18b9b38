export {
  ArraySchema,
  type ObjectOutput,
  ObjectSchema,
  RecordSchema,
  type Shape,
  UnionSchema,
} from './composite.js'
export { isEmail } from './email.js'
export { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from './origin.js'
export {
  BooleanSchema,
  CustomSchema,
  EnumSchema,
  NumberSchema,
  type Primitive,
  StringSchema,
  UnknownSchema,
} from './primitives.js'
export { s } from './s.js'
export {
  formatIssue,
  type Infer,
  type Issue,
  type IssuePath,
  OptionalSchema,
  type SafeParseResult,
  Schema,
  SchemaError,
  type SchemaErrorType,
} from './schema.js'
