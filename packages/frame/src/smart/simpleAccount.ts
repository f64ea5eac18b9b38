import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem'

// The reference SimpleAccount for EntryPoint v0.7 (`@account-abstraction/contracts` 0.7.0): the
// one place its calls are encoded. The frame's smart account and the server's tests use it.

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
const entryPointAbi = parseAbi(['function getNonce(address sender, uint192 key) view returns (uint256)'])

/** The one account of an owner: salt 0. */
const salt = 0n

/** One call of the account: its target, value in wei and data. */
export interface AccountCall {
  to: Address
  value?: bigint | undefined
  data?: Hex | undefined
}

/** The account's callData for `calls`: `execute` for one, `executeBatch` for several. */
export function encodeAccountCalls(calls: readonly AccountCall[]): Hex {
  if (calls.length === 1) {
    const [call] = calls as [AccountCall]
    return encodeFunctionData({
      abi: accountAbi,
      functionName: 'execute',
      args: [call.to, call.value ?? 0n, call.data ?? '0x'],
    })
  }
  return encodeFunctionData({
    abi: accountAbi,
    functionName: 'executeBatch',
    args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
  })
}

/** The factory's data that creates the owner's account (in the first user operation). */
export const createAccountData = (owner: Address): Hex =>
  encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner, salt] })

/** The factory's `getAddress` call: the owner's account's counterfactual address. */
export const accountAddressCall = (owner: Address): Hex =>
  encodeFunctionData({ abi: factoryAbi, functionName: 'getAddress', args: [owner, salt] })

/** The account's address in the answer of {@link accountAddressCall}. */
export const accountAddressOf = (result: Hex): Address =>
  decodeFunctionResult({ abi: factoryAbi, functionName: 'getAddress', data: result })

/** The EntryPoint's `getNonce` call of the account's nonce (key 0). */
export const nonceCall = (sender: Address): Hex =>
  encodeFunctionData({ abi: entryPointAbi, functionName: 'getNonce', args: [sender, 0n] })

/**
 * A well-formed signature by a throwaway key, for gas estimation: the account answers "invalid
 * signature" for it (which estimation ignores) instead of reverting, as it does on a malformed one.
 */
export const stubSignature: Hex =
  '0x0852d5e0585f1555097071c7f09c52a44c3c17bf403ec7244f3baa5f4efd88d6414e933e946e06d42d517420deabba7f2f5680bf34e1b73ee0da2275002984761b'
