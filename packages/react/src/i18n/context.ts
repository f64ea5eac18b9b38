'use client'
import { createContext, useCallback, useContext } from 'react'
import { en, type MessageId, type Messages } from './en.js'
import { formatMessage } from './format.js'

export const MessagesContext = createContext<Messages>(en)

/** `t(id, values)` over the provider's catalog. */
export function useT(): (id: MessageId, values?: Readonly<Record<string, string | number>>) => string {
  const messages = useContext(MessagesContext)
  return useCallback((id, values) => formatMessage(messages, id, values), [messages])
}
