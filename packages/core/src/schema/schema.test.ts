import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/base.js'
import { s } from './s.js'
import { SchemaError } from './schema.js'

const messages = (result: { success: boolean; issues?: { message: string }[] }) =>
  result.success ? [] : (result.issues ?? []).map((issue) => issue.message)

describe('given the schema library (spec §5 schema messages)', () => {
  it("when a required value is missing, then the issue is 'Required'", () => {
    expect(messages(s.string().safeParse(undefined))).toEqual(['Required'])
    expect(messages(s.object({ name: s.string() }).safeParse({}))).toEqual(['Required'])
  })

  it("when a value has the wrong type, then the issue is 'Expected X, received Y'", () => {
    expect(messages(s.string().safeParse(1))).toEqual(['Expected string, received number'])
    expect(messages(s.number().safeParse('1'))).toEqual(['Expected number, received string'])
    expect(messages(s.number().safeParse(Number.NaN))).toEqual(['Expected number, received nan'])
    expect(messages(s.boolean().safeParse(null))).toEqual(['Expected boolean, received null'])
    expect(messages(s.array(s.string()).safeParse({}))).toEqual(['Expected array, received object'])
    expect(messages(s.object({}).safeParse([]))).toEqual(['Expected object, received array'])
  })

  it("when an email is not valid, then the issue is 'Invalid email'", () => {
    const email = s.string().email()
    expect(email.safeParse('ada@example.com')).toEqual({ success: true, data: 'ada@example.com' })
    for (const bad of [
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'a b@example.com',
      'ada@@example.com',
      'a..b@x.io',
    ]) {
      expect(messages(email.safeParse(bad))).toEqual(['Invalid email'])
    }
  })

  it("when a string is too short, then the issue is 'String must contain at least N character(s)'", () => {
    expect(messages(s.string().min(6).safeParse('12345'))).toEqual([
      'String must contain at least 6 character(s)',
    ])
    expect(s.string().min(6).safeParse('123456').success).toBe(true)
  })

  it("when no union option matches, then the issue is 'Invalid input'", () => {
    const value = s.union([s.string(), s.number()])
    expect(messages(value.safeParse(true))).toEqual(['Invalid input'])
    expect(value.parse(3)).toBe(3)
  })

  it('when a regex, literal or enum does not match, then the issue says what was expected', () => {
    expect(messages(s.string().regex(/^0x/).safeParse('12'))).toEqual(['Invalid input'])
    expect(messages(s.literal('light').safeParse('dark'))).toEqual(["Expected 'light', received 'dark'"])
    expect(messages(s.enum(['light', 'dark']).safeParse('blue'))).toEqual([
      "Expected 'light' | 'dark', received 'blue'",
    ])
    expect(messages(s.enum([1, 2]).safeParse({}))).toEqual(['Expected 1 | 2, received object'])
  })

  it('when a global regex is reused, then earlier calls do not change later results', () => {
    const hex = s.string().regex(/^0x[0-9a-f]+$/g)
    expect([hex.safeParse('0xab').success, hex.safeParse('0xab').success]).toEqual([true, true])
  })

  it('when objects nest, then each issue carries its path', () => {
    const schema = s.object({ user: s.object({ emails: s.array(s.string().email()) }) })
    const result = schema.safeParse({ user: { emails: ['a@b.co', 'nope'] } })
    expect(result).toEqual({
      success: false,
      issues: [{ path: ['user', 'emails', 1], message: 'Invalid email' }],
    })
  })

  it('when an object is strict, then every unknown key is reported by name', () => {
    const result = s.object({ a: s.number() }).strict().safeParse({ a: 1, b: 2, c: 3 })
    expect(result).toEqual({
      success: false,
      issues: [
        { path: ['b'], message: 'Unrecognized key' },
        { path: ['c'], message: 'Unrecognized key' },
      ],
    })
  })

  it('when an object is not strict, then unknown keys are dropped and optional ones may be absent', () => {
    const schema = s.object({ a: s.number(), b: s.string().optional() })
    expect(schema.parse({ a: 1, extra: true })).toEqual({ a: 1 })
    expect(schema.parse({ a: 1, b: undefined })).toEqual({ a: 1, b: undefined })
  })

  it('when parse fails, then a SchemaError lists every issue with its path', () => {
    const schema = s.object({ a: s.number(), b: s.string() })
    let thrown: unknown
    try {
      schema.parse({ a: 'x' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(SchemaError)
    expect(thrown).toBeInstanceOf(BaseError)
    const error = thrown as SchemaError
    expect(error.shortMessage).toBe('a: Expected number, received string')
    expect(error.message).toContain('b: Required')
    expect(error.issues).toHaveLength(2)
  })

  it('when optional, custom, record, refine and unknown are used, then each accepts and rejects as declared', () => {
    expect(s.optional(s.string()).parse(undefined)).toBeUndefined()
    const even = s.custom<number>((value) => typeof value === 'number' && value % 2 === 0, 'Must be even')
    expect(messages(even.safeParse(3))).toEqual(['Must be even'])
    expect(s.record(s.number()).safeParse({ a: 1, b: 'x' })).toEqual({
      success: false,
      issues: [{ path: ['b'], message: 'Expected number, received string' }],
    })
    expect(
      messages(
        s
          .number()
          .refine((n) => n > 0, 'Must be positive')
          .safeParse(-1),
      ),
    ).toEqual(['Must be positive'])
    expect(s.unknown().parse(Symbol.for('x'))).toBe(Symbol.for('x'))
    expect(messages(s.number().int().safeParse(1.5))).toEqual(['Expected integer, received float'])
    expect(messages(s.array(s.number()).min(1).safeParse([]))).toEqual([
      'Array must contain at least 1 element(s)',
    ])
  })

  it('when a value is an object with a prototype (class instance), then it is not taken for a plain object', () => {
    expect(s.object({}).safeParse(new Date()).success).toBe(false)
  })
})
