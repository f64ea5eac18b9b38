import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chooseLocale } from './i18n.js'
import { noStorageHandlers } from './noStorage.js'
import { FrameError } from './protocol.js'

// chooseLocale marks the page's language on <html>; these tests run without a page.
const page = globalThis as { document?: { documentElement: { lang?: string; dir?: string } } }

describe('given a browser that gives the frame no storage at all', () => {
  beforeEach(() => {
    page.document ??= { documentElement: {} }
  })
  afterEach(async () => {
    await chooseLocale(['en'])
  })

  it('when the kit asks for anything, then the frame refuses with STORAGE_UNAVAILABLE and says what to do in the visitor’s language; it is not signed in', async () => {
    const handlers = noStorageHandlers()
    const refused = await handlers.CONNECT_EMAIL({ email: 'a@example.com' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(FrameError)
    expect((refused as FrameError).code).toBe('STORAGE_UNAVAILABLE')
    expect((refused as FrameError).message).toMatch(/no storage here .*wallet’s own window.*reload/)
    expect(await handlers.IS_CONNECTED({})).toEqual({ isConnected: false })

    await chooseLocale(['de'])
    const german = (await noStorageHandlers()
      .GET_USER({})
      .catch((error: unknown) => error)) as FrameError
    expect(page.document?.documentElement.lang).toBe('de')
    expect(german.message).toMatch(/^Dieser Browser gibt der Wallet hier keinen Speicher/)
  })
})
