import {
  type Address,
  type Chain,
  encodeFunctionData,
  type LocalAccount,
  type PublicClient,
  parseAbi,
  type Transport,
} from 'viem'
import {
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])

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
      if (calls.length === 1) {
        const [call] = calls
        return encodeFunctionData({
          abi: accountAbi,
          functionName: 'execute',
          args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'],
        })
      }
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
      })
    },
    getAddress: () =>
      readContract(client, {
        address: factory,
        abi: factoryAbi,
        functionName: 'getAddress',
        args: [owner.address, 0n],
      }),
    async getFactoryArgs() {
      return {
        factory,
        factoryData: encodeFunctionData({
          abi: factoryAbi,
          functionName: 'createAccount',
          args: [owner.address, 0n],
        }),
      }
    },
    // A well-formed signature by a throwaway key: the account answers "invalid signature" for it
    // during estimation instead of reverting (it reverts on a malformed one).
    async getStubSignature() {
      return '0x0852d5e0585f1555097071c7f09c52a44c3c17bf403ec7244f3baa5f4efd88d6414e933e946e06d42d517420deabba7f2f5680bf34e1b73ee0da2275002984761b'
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
