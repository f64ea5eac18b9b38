import { TEST_TOKENS } from '@latch/testkit'
import { createPublicClient, erc20Abi, http } from 'viem'
import { ports } from '../playwright.config.js'
import { test } from './fixtures.js'

// What the specs that move funds on the local Ethereum share: the node, read directly (not
// through the page), and an undo that puts the shared stack's balances back after a test.

/** The local Ethereum's node, as a transport and a read client. */
export const mainnetRpc = http(`http://127.0.0.1:${ports.mainnet}`)
export const mainnet = createPublicClient({ transport: mainnetRpc })

/** The test ERC-20's balance of `address` on the local Ethereum. */
export const lttOf = (address: `0x${string}`) =>
  mainnet.readContract({
    address: TEST_TOKENS.erc20.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

/**
 * Registers, for every test of the file, an undo set during the test that runs after it, whether
 * it passed or not (the stack is shared with the other specs, which expect the seeded balances).
 *
 * @example
 * const afterTest = undoAfterEach()
 * afterTest(async () => { … put the balance back … })
 */
export function undoAfterEach(): (undo: () => Promise<void>) => void {
  let pending: (() => Promise<void>) | undefined
  test.afterEach(async () => {
    const undo = pending
    pending = undefined
    await undo?.()
  })
  return (undo) => {
    pending = undo
  }
}
