import type { MessageId, Messages } from './en.js'

type Values = Readonly<Record<string, string | number>>

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralCategory(locale: string, n: number): string {
  let rules = pluralRules.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(locale)
    pluralRules.set(locale, rules)
  }
  return rules.select(n)
}

// `{count, plural, one {# wallet} other {# wallets}}`: options hold no nested braces.
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g
const OPTION = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g

/**
 * Fills a catalog value: plural blocks first (the category from `Intl.PluralRules` of `locale`,
 * `#` the number formatted for it), then `{name}` placeholders. Values are plain text; nothing
 * is parsed as HTML.
 */
export function formatMessage(
  messages: Partial<Messages>,
  id: MessageId,
  values?: Values,
  locale = 'en',
): string {
  // A missing id shows itself (never happens with a complete catalog: see catalogs.test.ts).
  const template = messages[id] ?? id
  if (!values) return template
  const withPlurals = template.replace(PLURAL, (match, key: string, body: string) => {
    const raw = values[key]
    if (typeof raw !== 'number') return match
    const options = new Map<string, string>()
    for (const [, name, text] of body.matchAll(OPTION)) options.set(name as string, text as string)
    const text =
      options.get(`=${raw}`) ?? options.get(pluralCategory(locale, raw)) ?? options.get('other') ?? ''
    return text.replace(/#/g, new Intl.NumberFormat(locale).format(raw))
  })
  return withPlurals.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  )
}

/** The `{name}` placeholders and plural keys a catalog value uses, sorted (for the catalog checks). */
export function placeholdersOf(template: string): string[] {
  const names = new Set<string>()
  for (const [, key] of template.matchAll(/\{(\w+), plural,/g)) names.add(key as string)
  const flat = template.replace(PLURAL, '')
  for (const [, key] of flat.matchAll(/\{(\w+)\}/g)) names.add(key as string)
  return [...names].sort()
}
