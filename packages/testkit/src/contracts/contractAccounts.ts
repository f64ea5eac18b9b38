import { type Address, getContractAddress } from 'viem'
import { TEST_ACCOUNTS } from '../node/accounts.js'

/**
 * The account that deploys the test contract accounts on the local chains (its key is
 * keccak256("latch: test contract account deployer")). It is not one of the ten prefunded
 * accounts, so its nonces, and the contracts' addresses, never depend on what a test sent.
 * Its key is public: local chains only.
 */
export const CONTRACT_ACCOUNT_DEPLOYER_KEY =
  '0xd189b6c6c4b8a9ac164860f301c37cc4085c680f61d516943ce154f5221de37f' as const
export const CONTRACT_ACCOUNT_DEPLOYER: Address = '0x639b6C402ED9D4D42E98232e94cEC651e4294528'

/** An ERC-1271 contract account deployed on the local chains, and the key that owns it. */
export interface TestContractAccount {
  address: Address
  owner: Address
}

/**
 * The contract accounts `startLocalChains` deploys on both chains (contracts/ContractAccount.sol):
 * one per test account 0, 1 and 2, at the same address on every chain. Each accepts (ERC-1271)
 * only its owner's signatures and makes calls for its owner.
 */
export const TEST_CONTRACT_ACCOUNTS: readonly TestContractAccount[] = Object.freeze(
  TEST_ACCOUNTS.slice(0, 3).map((owner, index) => ({
    address: getContractAddress({ from: CONTRACT_ACCOUNT_DEPLOYER, nonce: BigInt(index) }),
    owner: owner.address,
  })),
)
