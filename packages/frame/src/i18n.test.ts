import { describe, expect, it } from 'vitest'
import { en, localeLoaders } from './i18n.js'

const keys = Object.keys(en) as (keyof typeof en)[]
/** Technical terms many languages borrow unchanged. */
const sameAsEnglish = new Set<string>([
  'approve.nonce',
  'approve.token',
  'approve.domain',
  'approve.chain',
  'approve.contract',
  'approve.message',
  'approve.primaryType',
  'approve.from',
  // A sign and a parenthesis around amounts: the same in most languages.
  'approve.atMost',
  'approve.withFiat',
])
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe("given the frame's catalogs", () => {
  it('then the frame speaks every language the modal does (20 besides English, Arabic and Hebrew among them)', async () => {
    const modal = await import('../../react/src/i18n/locales.js')
    expect(Object.keys(localeLoaders).sort()).toEqual(Object.keys(modal.localeLoaders).sort())
    expect(Object.keys(localeLoaders)).toEqual(expect.arrayContaining(['ar', 'he']))
  })

  for (const locale of Object.keys(localeLoaders) as (keyof typeof localeLoaders)[]) {
    describe(`when the ${locale} catalog is loaded`, () => {
      it('then it has every key with the placeholders of the English text, nothing more, and no text left in English', async () => {
        const { messages } = await localeLoaders[locale]()
        expect(Object.keys(messages).sort()).toEqual([...keys].sort())
        for (const key of keys) {
          expect(placeholders(messages[key]), `${locale} ${key}`).toEqual(placeholders(en[key]))
          expect(messages[key].trim(), `${locale} ${key}`).not.toBe('')
        }
        expect(keys.filter((key) => !sameAsEnglish.has(key) && messages[key] === en[key])).toEqual([])
      })
    })
  }
})
