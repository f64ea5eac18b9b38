'use client'
import type { Latch } from '@latch/core'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { LatchContext } from '../context.js'
import { MessagesContext } from '../i18n/context.js'
import { en } from '../i18n/en.js'
import { ViewBody } from './views/index.js'

/**
 * The browser compiles a script's functions the first time they run, so the first opening also
 * paid for compiling the Connect view, its rows and the wallet list's ordering. This renders that
 * view once ahead, when the modal's code is fetched, into an element that is never in the page,
 * and unmounts it at once: the view subscribes to nothing afterwards and no one sees it.
 */
export function warmModalCode(latch: Latch): void {
  if (typeof document === 'undefined') return
  const root = createRoot(document.createElement('div'))
  try {
    flushSync(() =>
      root.render(
        <LatchContext.Provider value={latch}>
          <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
            <ViewBody latch={latch} entry={{ view: 'Connect' }} />
          </MessagesContext.Provider>
        </LatchContext.Provider>,
      ),
    )
  } finally {
    root.unmount()
  }
}
