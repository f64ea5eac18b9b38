import { directionOf, matchLocale as matchLocaleOf } from '@latch/core/internal'
import type { Messages } from './en.js'

type Loader = () => Promise<{ messages: Messages }>

/**
 * Every catalog besides English, each its own chunk loaded when the locale is used. English is
 * bundled with the kit; the rest never weigh on first load.
 */
export const localeLoaders = {
  ar: () => import('./locales/ar.js'),
  de: () => import('./locales/de.js'),
  es: () => import('./locales/es.js'),
  fa: () => import('./locales/fa.js'),
  fr: () => import('./locales/fr.js'),
  he: () => import('./locales/he.js'),
  hi: () => import('./locales/hi.js'),
  id: () => import('./locales/id.js'),
  it: () => import('./locales/it.js'),
  ja: () => import('./locales/ja.js'),
  ko: () => import('./locales/ko.js'),
  nl: () => import('./locales/nl.js'),
  pl: () => import('./locales/pl.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  ru: () => import('./locales/ru.js'),
  tr: () => import('./locales/tr.js'),
  uk: () => import('./locales/uk.js'),
  vi: () => import('./locales/vi.js'),
  'zh-CN': () => import('./locales/zh-CN.js'),
  'zh-TW': () => import('./locales/zh-TW.js'),
} satisfies Record<string, Loader>

export type LocaleCode = 'en' | keyof typeof localeLoaders

/** Every locale the kit ships, English first. */
export const supportedLocales: readonly LocaleCode[] = ['en', ...(Object.keys(localeLoaders) as LocaleCode[])]

export { directionOf }

/**
 * The supported locale for a list of requested tags (e.g. `navigator.languages`): the first
 * exact match, else the first whose language matches (`pt-PT` → `pt-BR`, `zh-HK` → `zh-TW`);
 * undefined when none does.
 */
export function matchLocale(requested: readonly string[]): LocaleCode | undefined {
  return matchLocaleOf(requested, supportedLocales)
}

/** The catalog of a supported locale (English at once, the others loaded with import()). */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  if (locale === 'en') return (await import('./en.js')).en
  return (await localeLoaders[locale]()).messages
}
