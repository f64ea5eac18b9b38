import { expect, it } from 'vitest'
import * as entry from './index.js'

// API changes show in review: a name added to or removed from the entry changes this list.
it('given the package entry, then its runtime exports are exactly these', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "createServer",
      "createSmtpMailer",
      "defaultRateLimit",
      "openLimitStore",
      "openRepository",
      "seedRegistry",
      "setBundler",
      "setOnrampProvider",
      "setPaymaster",
      "setSocial",
      "setSponsorship",
      "setSwapProvider",
    ]
  `)
})
