import { describe, expect, it } from 'vitest'
import { modalCss } from '../modal/modal.css.js'
import { baseCss, buttonCss } from '../styles/theme.js'
import { en, type MessageId } from './en.js'
import { formatMessage, placeholdersOf } from './format.js'
import { directionOf, loadMessages, localeLoaders, matchLocale, supportedLocales } from './locales.js'

/** Values that are the same in every language: brand names and bare placeholders. */
const sameAsEnglish = new Set<MessageId>([
  'view.Connecting.title',
  'view.SwitchNetwork.title',
  'view.ConnectingWalletConnectBasic.title',
  'walletConnect.row',
  // An abbreviation and a loan word that several languages keep as they are.
  'account.tab.nfts',
  'account.tab.tokens',
  'send.token',
  'send.max',
  'send.hash',
  // A token's symbol and its id: '#' reads as "number" in most languages.
  'account.activity.nft',
  // The provider and the visitor's name there, side by side: no words to translate.
  'account.social',
])

const ids = Object.keys(en) as MessageId[]

describe('given the message catalogs', () => {
  it('then the kit ships at least 20 locales besides English, Arabic and Hebrew among them', () => {
    expect(Object.keys(localeLoaders).length).toBeGreaterThanOrEqual(20)
    expect(supportedLocales).toContain('ar')
    expect(supportedLocales).toContain('he')
  })

  for (const locale of Object.keys(localeLoaders) as (keyof typeof localeLoaders)[]) {
    describe(`when the ${locale} catalog is loaded`, () => {
      it('then it has every key, each with the placeholders of the English value, and nothing more', async () => {
        const messages = await loadMessages(locale)
        expect(Object.keys(messages).sort()).toEqual([...ids].sort())
        for (const id of ids) {
          expect(placeholdersOf(messages[id]), `${locale} ${id}`).toEqual(placeholdersOf(en[id]))
        }
      })

      it('then no value is left in English (brand names and bare placeholders aside)', async () => {
        const messages = await loadMessages(locale)
        const untranslated = ids.filter((id) => !sameAsEnglish.has(id) && messages[id] === en[id])
        expect(untranslated).toEqual([])
      })

      it('then every plural value has an "other" form and formats a count', async () => {
        const messages = await loadMessages(locale)
        expect(messages['allWallets.count']).toMatch(/other \{/)
        expect(formatMessage(messages, 'allWallets.count', { count: 75 }, locale)).not.toMatch(/[{}#]/)
      })
    })
  }
})

describe('given a message with a plural and placeholders', () => {
  it('when formatted in English, then one and other are chosen by the count', () => {
    expect(formatMessage(en, 'allWallets.count', { count: 1 })).toBe('1 wallet')
    expect(formatMessage(en, 'allWallets.count', { count: 1200 })).toBe('1,200 wallets')
    expect(formatMessage(en, 'connecting.continue', { wallet: 'Rainbow' })).toBe('Continue in Rainbow')
  })

  it('when formatted in Arabic and Russian, then their own plural categories apply', async () => {
    const ar = await loadMessages('ar')
    expect(formatMessage(ar, 'allWallets.count', { count: 2 }, 'ar')).toBe('محفظتان')
    // Arabic-Indic or Western digits, as the platform's Intl formats numbers for 'ar'.
    expect(formatMessage(ar, 'allWallets.count', { count: 3 }, 'ar')).toMatch(/^[٣3] محافظ$/)
    const ru = await loadMessages('ru')
    expect(formatMessage(ru, 'allWallets.count', { count: 3 }, 'ru')).toBe('3 кошелька')
    expect(formatMessage(ru, 'allWallets.count', { count: 5 }, 'ru')).toBe('5 кошельков')
  })

  it('when a value holds markup-like text, then it stays text', () => {
    expect(formatMessage(en, 'connecting.continue', { wallet: '<b>x</b>' })).toBe('Continue in <b>x</b>')
  })
})

describe('given the visitor’s language preferences', () => {
  it.each([
    [['ar-EG', 'en'], 'ar'],
    [['pt-PT'], 'pt-BR'],
    [['zh-HK'], 'zh-TW'],
    [['zh'], 'zh-CN'],
    [['xx', 'de-AT'], 'de'],
    [['en-GB'], 'en'],
  ])('when they are %j, then %s is used', (requested, expected) => {
    expect(matchLocale(requested)).toBe(expected)
  })

  it('when none is supported, then there is no match (English is used)', () => {
    expect(matchLocale(['xx-YY'])).toBeUndefined()
  })

  it('then Arabic, Hebrew and Persian are right-to-left', () => {
    expect(['ar', 'he', 'fa', 'de'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl', 'ltr'])
  })
})

describe('given the kit’s CSS', () => {
  it('then it uses logical properties only: no physical left or right, so right-to-left mirrors', () => {
    const physical =
      /(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)|[{;](?:left|right)\s*:|text-align\s*:\s*(?:left|right)|float\s*:\s*(?:left|right)|border-(?:top|bottom)-(?:left|right)-radius/g
    expect([modalCss, baseCss, buttonCss].join('\n').match(physical)).toBeNull()
  })
})
