import { wholeNumberPattern } from './errors.js'

/** JSON schemas shared by the routes. Ajv validates and coerces every query before a handler runs. */

const listOf = (item: string): string => `^(?:${item}(?:,${item})*)?$`
const walletId = '[A-Za-z0-9_.-]{1,128}'
const caip2 = '[-a-z0-9]{3,8}(?::[-_a-zA-Z0-9]{1,32})?'

/** Text without NUL or other control characters. */
const noControlCharacters = '^[^\\u0000-\\u001F\\u007F]*$'

/** Pattern of project ids, generated or chosen. */
const projectIdPattern = '^[A-Za-z0-9_-]{1,64}$'

/** The §7 parameters every kit call carries. */
const sdkQueryProperties = {
  st: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9._@/-]*$' },
  sv: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9._@/+-]*$' },
  clientId: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9._:-]*$' },
} as const

export const projectQuery = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: { type: 'string', pattern: projectIdPattern }, ...sdkQueryProperties },
} as const

/** Image routes are public, so the project id is optional there. */
export const publicQuery = {
  type: 'object',
  properties: { projectId: { type: 'string', pattern: projectIdPattern }, ...sdkQueryProperties },
} as const

export const walletsQuery = {
  type: 'object',
  required: ['projectId'],
  properties: {
    projectId: { type: 'string', pattern: projectIdPattern },
    ...sdkQueryProperties,
    // Plain decimal digits only: Ajv's number coercion would accept `1e3`, `Infinity` or `0x10`.
    page: { type: 'string', pattern: wholeNumberPattern, default: '1' },
    entries: { type: 'string', pattern: wholeNumberPattern, default: '40' },
    search: { type: 'string', maxLength: 100, pattern: noControlCharacters },
    badge_type: { type: 'string', enum: ['certified', 'none'] },
    include: { type: 'string', maxLength: 8000, pattern: listOf(walletId) },
    exclude: { type: 'string', maxLength: 8000, pattern: listOf(walletId) },
    chains: { type: 'string', maxLength: 4000, pattern: listOf(caip2) },
  },
} as const

const nullableString = { type: ['string', 'null'] } as const

export const walletItem = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    image_id: { type: 'string' },
    rdns: nullableString,
    chains: { type: 'array', items: { type: 'string' } },
    mobile_link: nullableString,
    desktop_link: nullableString,
    webapp_link: nullableString,
    homepage: nullableString,
    chrome_store: nullableString,
    app_store: nullableString,
    play_store: nullableString,
    badge_type: { type: 'string' },
    order: { type: 'integer' },
  },
} as const

export const errorResponse = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const
