import { LOCAL_ACCOUNT_ABSTRACTION, TEST_TOKENS } from '@latch/testkit'
import { encodeFunctionData, parseAbi } from 'viem'
import { ports } from '../playwright.config.js'
import { expect, test } from './fixtures.js'

// `npm start` gives the demo project a bundler (a local Alto per chain, behind the server) and a
// verifying paymaster that sponsors calls to the test ERC-20 only. The embedded wallet's smart
// account will call these two endpoints from the page's side; here the demo page calls them.

const api = `http://127.0.0.1:${ports.api}`
const execute = parseAbi(['function execute(address dest, uint256 value, bytes func)'])

/** A user operation (EntryPoint v0.7, ERC-7677's shape) calling `target` from some account. */
const operation = (target: `0x${string}`) => ({
  sender: '0x000000000000000000000000000000000000dEaD',
  nonce: '0x0',
  callData: encodeFunctionData({ abi: execute, functionName: 'execute', args: [target, 0n, '0x'] }),
  callGasLimit: '0x1',
  verificationGasLimit: '0x1',
  preVerificationGas: '0x1',
  maxFeePerGas: '0x1',
  maxPriorityFeePerGas: '0x1',
})

test.describe('given the demo project of npm start', () => {
  test('when its page asks the server for the bundler and the paymaster, then both chains answer, and only calls to the test token are sponsored', async ({
    page,
  }) => {
    await page.goto('/')
    const call = (path: string, chainId: string, method: string, params: unknown[]) =>
      page.evaluate(
        async ({ url, body }) =>
          (
            await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          ).json(),
        {
          url: `${api}/aa/v1/${path}?projectId=latch-demo&chainId=${chainId}`,
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        },
      )
    for (const [chainId, hex] of [
      ['eip155:1', '0x1'],
      ['eip155:8453', '0x2105'],
    ] as const) {
      expect(await call('bundler', chainId, 'eth_supportedEntryPoints', [])).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: [LOCAL_ACCOUNT_ABSTRACTION.entryPoint],
      })
      const stub = await call('paymaster', chainId, 'pm_getPaymasterStubData', [
        operation(TEST_TOKENS.erc20.address),
        LOCAL_ACCOUNT_ABSTRACTION.entryPoint,
        hex,
        null,
      ])
      expect(stub.result.paymaster).toBe(LOCAL_ACCOUNT_ABSTRACTION.verifyingPaymaster)
      const refused = await call('paymaster', chainId, 'pm_getPaymasterStubData', [
        operation(TEST_TOKENS.erc721.address),
        LOCAL_ACCOUNT_ABSTRACTION.entryPoint,
        hex,
        null,
      ])
      expect(refused.error).toEqual({
        code: -32003,
        message: `Sponsorship refused: ${TEST_TOKENS.erc721.address} is not a contract this project sponsors calls to`,
      })
    }
    expect((await call('bundler', 'eip155:1', 'eth_sendRawTransaction', ['0x00'])).error.code).toBe(-32601)
  })
})
