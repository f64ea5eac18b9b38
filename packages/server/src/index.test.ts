import { describe, expect, it } from 'vitest'
import * as server from './index.js'

describe('given the @latch/server entry point', () => {
  it('then its runtime exports are exactly the documented ones (changes show up in review)', () => {
    expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
      [
        "RegistryDataError",
        "chainNamespaces",
        "colourOf",
        "createServer",
        "defaultConfigFor",
        "defaultImagesFile",
        "defaultRateLimit",
        "defaultSqliteFile",
        "defaultWalletsFile",
        "featureIds",
        "featureSetting",
        "imageKinds",
        "initialsOf",
        "isFeatureId",
        "isOriginAllowed",
        "isOriginPattern",
        "loadImages",
        "loadWallets",
        "localhostPatterns",
        "openRepository",
        "originMatches",
        "parseWallets",
        "remoteConfig",
        "remoteFeatureIds",
        "renderInitialsSvg",
        "seedRegistry",
        "socialLoginEntries",
        "validateFeatureConfig",
      ]
    `)
  })
})
