export {
  BITCOIN_REGTEST_CAIP_ID,
  type BitcoinRegtestInstance,
  type BitcoinTestKey,
  bitcoinTestKeys,
  type StartBitcoinRegtestOptions,
  startBitcoinRegtest,
} from './bitcoin/index.js'
export {
  LOCAL_ACCOUNT_ABSTRACTION,
  TEST_PAYMASTER_SIGNER_KEY,
} from './contracts/accountAbstraction.js'
export { contractAccountAbi, contractAccountBytecode } from './contracts/contractAccount.generated.js'
export {
  CONTRACT_ACCOUNT_DEPLOYER,
  TEST_CONTRACT_ACCOUNTS,
  type TestContractAccount,
} from './contracts/contractAccounts.js'
export {
  latchSmartAccountAbi,
  latchSmartAccountFactoryAbi,
  latchSmartAccountFactoryBytecode,
} from './contracts/smartAccount.generated.js'
export { latchTestNFTAbi, latchTestTokenAbi } from './contracts/testTokens.generated.js'
export { TEST_TOKENS } from './contracts/testTokens.js'
export { COSMOS_TEST_CHAIN_ID, type CosmosTestKey, cosmosTestKey } from './cosmos/keys.js'
export {
  deployAccountAbstraction,
  type LocalBundler,
  type StartLocalBundlerOptions,
  startLocalBundler,
} from './node/accountAbstraction.js'
export { TEST_ACCOUNTS, TEST_MNEMONIC, type TestAccount } from './node/accounts.js'
export {
  type AnvilInstance,
  type LocalChains,
  resolveAnvilBinary,
  type StartAnvilOptions,
  type StartLocalChainsOptions,
  startAnvil,
  startLocalChains,
} from './node/anvil.js'
export { deployTestContractAccounts } from './node/contractAccounts.js'
export {
  DEV_APPLE_USERS,
  type DevApple,
  type DevAppleClient,
  type DevAppleKey,
  type DevAppleUser,
  generateDevAppleKey,
  type StartDevAppleOptions,
  startDevApple,
} from './node/dev-apple.js'
export { type DevFarcaster, type StartDevFarcasterOptions, startDevFarcaster } from './node/dev-farcaster.js'
export {
  DEV_GITHUB_USERS,
  type DevGithub,
  type DevGithubClient,
  type DevGithubEmail,
  type DevGithubUser,
  type StartDevGithubOptions,
  startDevGithub,
} from './node/dev-github.js'
export type { DevOauthClient } from './node/dev-oauth-shared.js'
export {
  DEV_OIDC_USERS,
  type DevOidcClient,
  type DevOidcProvider,
  type DevOidcUser,
  type StartDevOidcProviderOptions,
  startDevOidcProvider,
} from './node/dev-oidc.js'
export {
  type DevOnramp,
  type DevOnrampMode,
  type DevOnrampSession,
  type StartDevOnrampOptions,
  signCoinbaseWebhook,
  signDevOnrampWebhook,
  signMeldWebhook,
  signMoonpayWebhook,
  startDevOnramp,
} from './node/dev-onramp.js'
export {
  DEV_SOCIAL_USERS,
  type DevSocialProvider,
  type DevSocials,
  type DevSocialUser,
  type StartDevSocialsOptions,
  startDevSocials,
} from './node/dev-socials.js'
export {
  type DevZeroEx,
  type DevZeroExMode,
  type StartDevZeroExOptions,
  startDevZeroEx,
} from './node/dev-zero-ex.js'
export {
  type FakeIndexer,
  type FakeIndexerMode,
  type FakeTokenTransfer,
  type FakeTransaction,
  startFakeBlockscout,
  startFakeEtherscan,
} from './node/fake-indexers.js'
export {
  type FakePriceSource,
  type FakePriceSourceMode,
  startFakePriceSource,
} from './node/fake-prices.js'
export {
  FARCASTER_ID_REGISTRY,
  type FarcasterApproval,
  type FarcasterApproveOverrides,
  type FarcasterClient,
  type FarcasterClientOptions,
  type FarcasterId,
  farcasterClient,
  registerFarcasterIds,
} from './node/farcaster.js'
export {
  type MailSink,
  type SinkMessage,
  type StartMailSinkOptions,
  startMailSink,
} from './node/mail-sink.js'
export { type NftMetadataServer, startNftMetadataServer } from './node/nftMetadata.js'
export { deployTestEns, registerTestEnsName, TEST_ENS_RESOLVER, type TestEnsName } from './node/testEns.js'
export {
  deployTestTokens,
  type SeedTestTokensOptions,
  seedTestTokens,
  setTestNftBaseUri,
} from './node/testTokens.js'
export {
  LOCAL_SOLANA_CAIP_ID,
  LOCAL_SOLANA_GENESIS_HASH,
  LOCAL_SOLANA_LAMPORTS_PER_SIGNATURE,
  type LocalSolanaInstance,
  SOLANA_TEST_SEEDS,
  SOLANA_TEST_TOKEN,
  type StartLocalSolanaOptions,
  seedSplTestToken,
  solanaAddressOfSeed,
  startLocalSolana,
} from './solana/index.js'
