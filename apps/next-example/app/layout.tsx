import '@latch/react/styles.css'
import './globals.css'
import { cookieToInitialState } from '@latch/core'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { Providers } from './providers'

export const metadata: Metadata = { title: 'Latch on Next.js' }

/**
 * A server component: it reads the visitor's Latch cookies from this request and hands them, as
 * plain data, to the client providers, so the server HTML and the first client render agree.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState((await headers()).get('cookie'))
  // Read per request, so one build serves any RPC endpoints.
  const rpc = {
    mainnet: process.env.LATCH_RPC_MAINNET ?? 'http://127.0.0.1:8545',
    base: process.env.LATCH_RPC_BASE ?? 'http://127.0.0.1:8546',
  }
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState} rpc={rpc}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
