import { type Address, getContractAddress } from 'viem'

/**
 * The account that deploys the test tokens on the local chains (its key is
 * keccak256("latch: test token deployer")). Like the contract accounts' deployer it is not one of
 * the prefunded accounts, so the tokens' addresses never depend on what a test sent.
 * Its key is public: local chains only.
 */
export const TEST_TOKEN_DEPLOYER_KEY =
  '0xae395efbc65e762eb51d83b90f413ad864f45e682ee6ee1ad8e0788c3e79dc45' as const
export const TEST_TOKEN_DEPLOYER: Address = '0x7bFAF990797FA9119Cfc79880268949a6C931fC9'

const deployedAt = (nonce: number): Address =>
  getContractAddress({ from: TEST_TOKEN_DEPLOYER, nonce: BigInt(nonce) })

/**
 * The test token contracts `startLocalChains` deploys on both chains (contracts/TestTokens.sol),
 * at the same address on every chain: an ERC-20 with permit (LTT, 6 decimals), an ERC-721, an
 * ERC-1155 and an ERC-721 spam airdrop. Anyone may mint on them.
 */
export const TEST_TOKENS = Object.freeze({
  erc20: { address: deployedAt(0), name: 'Latch Test Token', symbol: 'LTT', decimals: 6 },
  erc721: { address: deployedAt(1), name: 'Latch Test NFT', symbol: 'LNFT' },
  erc1155: { address: deployedAt(2) },
  spamNft: { address: deployedAt(3), name: 'Claim Your Reward', symbol: 'CLAIM' },
} as const)
