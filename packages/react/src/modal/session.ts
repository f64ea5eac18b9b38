'use client'
import { createContext, useContext } from 'react'

/** What the modal's views keep for one opening of the modal (not across openings). */
export interface ModalSession {
  /** The search text of AllWallets, kept when the visitor goes to a wallet and back. */
  search: string
}

export const ModalSessionContext = createContext<ModalSession>({ search: '' })

export function useModalSession(): ModalSession {
  return useContext(ModalSessionContext)
}
