'use client'
import { createContext, useCallback, useContext } from 'react'
import type { MessageId, Messages } from './en.js'
import { enButtons } from './enButtons.js'
import { formatMessage } from './format.js'

export interface LocaleValue {
  /** BCP 47 tag of the catalog in use (`en`, `ar`, `pt-BR` …). */
  locale: string
  dir: 'ltr' | 'rtl'
  /**
   * The catalog in use. For English outside the modal only the buttons' strings: the modal
   * provides the whole English catalog from its own chunk (see `ModalMessages`).
   */
  messages: Partial<Messages>
}

export const MessagesContext = createContext<LocaleValue>({ locale: 'en', dir: 'ltr', messages: enButtons })

export type Translate = (id: MessageId, values?: Readonly<Record<string, string | number>>) => string

/** `t(id, values)` over the provider's catalog. */
export function useT(): Translate {
  const { messages, locale } = useContext(MessagesContext)
  return useCallback((id, values) => formatMessage(messages, id, values, locale), [messages, locale])
}

/** The locale in use and its writing direction, for `lang` and `dir` attributes. */
export function useLocale(): { locale: string; dir: 'ltr' | 'rtl' } {
  const { locale, dir } = useContext(MessagesContext)
  return { locale, dir }
}
