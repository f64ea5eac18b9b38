import { describe, expect, it } from 'vitest'
import * as server from './index.js'

describe('given the @latch/server entry point', () => {
  it('then its runtime exports are exactly the documented ones (changes show up in review)', () => {
    expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
      [
        "KeyConfigError",
        "KeyRing",
        "RegistryDataError",
        "chainNamespaces",
        "colourOf",
        "createMemoryLimitStore",
        "createPostgresLimitStore",
        "createServer",
        "createSmtpMailer",
        "defaultConfigFor",
        "defaultEmbeddedLimits",
        "defaultImagesFile",
        "defaultPostgresTimeouts",
        "defaultProjectCacheMs",
        "defaultRateLimit",
        "defaultSqliteFile",
        "defaultWalletsFile",
        "embeddedTokenType",
        "featureIds",
        "featureSetting",
        "frameContentSecurityPolicy",
        "imageKinds",
        "initialsOf",
        "isFeatureId",
        "isOriginAllowed",
        "isOriginPattern",
        "isValidEmail",
        "keyPurposes",
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
})
