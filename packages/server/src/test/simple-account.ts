import { LOCAL_ACCOUNT_ABSTRACTION, TEST_PAYMASTER_SIGNER_KEY } from '@latch/testkit'
import type { Address, Chain, LocalAccount, PublicClient, Transport } from 'viem'
import {
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { call } from 'viem/actions'
import {
  accountAddressCall,
  accountAddressOf,
  createAccountData,
  encodeAccountCalls,
  stubSignature,
} from '../../../frame/src/smart/simpleAccount.js'
import { setBundler, setPaymaster, setSponsorship } from '../cli/smart-accounts.js'
import type { Repository } from '../storage/types.js'
import { demoProject } from './backends.js'

/**
 * The reference SimpleAccount (EntryPoint v0.7, `@account-abstraction/contracts` 0.7.0) as a viem
 * smart account, for the tests: created by the given factory for `owner` (salt 0), calls through
 * `execute`/`executeBatch`, user operations signed as a personal message of their hash.
 */
export function toTestSimpleAccount(options: {
  client: PublicClient<Transport, Chain>
  owner: LocalAccount
  factory: Address
}): Promise<SmartAccount> {
  const { client, owner, factory } = options
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const
  return toSmartAccount({
    client,
    entryPoint,
    async encodeCalls(calls) {
      return encodeAccountCalls(calls)
    },
    async getAddress() {
      const { data } = await call(client, { to: factory, data: accountAddressCall(owner.address) })
      return accountAddressOf(data!)
    },
    async getFactoryArgs() {
      return { factory, factoryData: createAccountData(owner.address) }
    },
    async getStubSignature() {
      return stubSignature
    },
    async signMessage() {
      throw new Error('The reference SimpleAccount v0.7 does not verify messages (no ERC-1271)')
    },
    async signTypedData() {
      throw new Error('The reference SimpleAccount v0.7 does not verify typed data (no ERC-1271)')
    },
    async signUserOperation(parameters) {
      const { chainId = client.chain!.id, ...userOperation } = parameters
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: await this.getAddress() },
      })
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}

/**
 * The tests' sponsored project: the demo project runs smart accounts on `chainId` through the
 * local bundler (and `factory`, when not the well-known one), with the test kit's verifying
 * paymaster sponsoring calls to `token` only, one user operation a day per account and 100 in all.
 */
export async function sponsorTestToken(
  repository: Repository,
  options: { chainId: string; bundlerUrl: string; token: Address; factory?: Address | undefined },
): Promise<void> {
  const { chainId, bundlerUrl, token, factory } = options
  await setBundler(repository, undefined, {
    id: demoProject.id,
    chainId,
    url: bundlerUrl,
    ...(factory ? { factory } : {}),
  })
  await setPaymaster(repository, undefined, {
    id: demoProject.id,
    chainId,
    address: LOCAL_ACCOUNT_ABSTRACTION.verifyingPaymaster,
    signerKey: TEST_PAYMASTER_SIGNER_KEY,
  })
  await setSponsorship(repository, {
    id: demoProject.id,
    chainId,
    state: 'on',
    allow: [token],
    perUser: '1',
    perDay: '100',
  })
}
