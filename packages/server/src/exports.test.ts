import { expect, it } from 'vitest'
import * as entry from './index.js'

// API changes show in review: a name added to or removed from the entry changes this list.
it('given the package entry, then its runtime exports are exactly these', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "RegistryDataError",
      "chainNamespaces",
      "colourOf",
      "createMemoryLimitStore",
      "createPostgresLimitStore",
      "createServer",
      "defaultConfigFor",
      "defaultImagesFile",
      "defaultPostgresTimeouts",
      "defaultProjectCacheMs",
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
      "openLimitStore",
      "openPostgresLimitStore",
      "openRedisLimitStore",
      "openRepository",
      "originMatches",
      "originPatternProblem",
      "parseWallets",
      "redactedLogPaths",
      "remoteConfig",
      "remoteFeatureIds",
      "renderInitialsSvg",
      "seedRegistry",
      "socialLoginEntries",
      "validateFeatureConfig",
      "walletAppSchemes",
    ]
  `)
})
