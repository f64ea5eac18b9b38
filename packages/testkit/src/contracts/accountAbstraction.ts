import { type Address, getContractAddress, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'

/**
 * The account that deploys the ERC-4337 account factory and verifying paymaster on the local
 * chains (its key is keccak256("latch: account abstraction deployer")); it owns the paymaster.
 * Its key is public: local chains only.
 */
export const ACCOUNT_ABSTRACTION_DEPLOYER_KEY =
  '0xb12bf688e3998c69981faad2d93a9976a2810adcc95fa2be711454ac06e29ade' as const
export const ACCOUNT_ABSTRACTION_DEPLOYER: Address = '0x75Ad9cdB0c128618015702C600877816EC80c093'

/**
 * The key the local verifying paymaster trusts (keccak256("latch: test paymaster signer")): the
 * local stack's server signs sponsorships with it (`latch-server project set-paymaster`).
 * Public: local chains only.
 */
export const TEST_PAYMASTER_SIGNER_KEY =
  '0xcaba368481e17555940a0295d111a444b84d54d5898cca19153687dee0309517' as const

const deployedAt = (nonce: number): Address =>
  getContractAddress({ from: ACCOUNT_ABSTRACTION_DEPLOYER, nonce: BigInt(nonce) })

/**
 * The ERC-4337 contracts `startLocalChains({ accountAbstraction: true })` deploys on both local
 * chains, from the compiled artifacts of `@account-abstraction/contracts` 0.7.0: the EntryPoint
 * v0.7 at its canonical address (the deterministic deployer and the canonical salt), the reference
 * SimpleAccountFactory and the reference VerifyingPaymaster (trusting
 * {@link TEST_PAYMASTER_SIGNER_KEY}'s address, with 10 ETH deposited at the EntryPoint); and from
 * the test kit's own contracts/LatchSmartAccount.sol (MIT, on OpenZeppelin Contracts), the factory
 * of the embedded wallet's smart account with ERC-1271 signatures, the one the local stack's
 * projects run. That factory is deployed through the deterministic deployer with
 * `smartAccountFactorySalt`, so it has the same address on every chain where anyone deploys it so
 * (a transaction to 0x4e59b44847b379578588920ca78fbf26c0b4956c with the salt, then
 * `latchSmartAccountFactoryBytecode` and the EntryPoint's address ABI-encoded).
 */
export const LOCAL_ACCOUNT_ABSTRACTION = Object.freeze({
  entryPoint: entryPoint07Address as Address,
  entryPointVersion: '0.7' as const,
  simpleAccountFactory: deployedAt(1),
  verifyingPaymaster: deployedAt(2),
  paymasterSigner: '0xaA2b391CAb07Ac33aEacbEc56a0F090186cC5811' as Address,
  smartAccountFactory: '0xa375c2B7cbc9b9a0237e9fc7d14F7d7C01cd9198' as Address,
  /** keccak256("latch: smart account factory"). */
  smartAccountFactorySalt: '0xa8d08788f1643f7484bc5690069c573f34c8cd896707e5284f3bafcb3b95472c' as Hex,
})
