// The local DEX: Uniswap v2 (core and periphery, their own npm builds) on a local anvil chain, with
// WETH and a pool of ETH and the test ERC-20 (LTT) holding liquidity, so the demo swaps offline.
// Uniswap v2 is GPL-3.0: its artifacts stay in the repository's development dependencies and in
// this script of the local stack (`npm start`, the e2e stacks); no published package carries them.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  http,
  keccak256,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const require = createRequire(import.meta.url)
const artifact = ({ abi, bytecode }) => ({
  abi,
  bytecode: bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`,
})
const WETH9 = artifact(require('@uniswap/v2-periphery/build/WETH9.json'))
const FACTORY = artifact(require('@uniswap/v2-core/build/UniswapV2Factory.json'))
const ROUTER = artifact(require('@uniswap/v2-periphery/build/UniswapV2Router02.json'))

/** The local DEX's own deployer (a fixed key of the local stack only): its contracts land at fixed addresses. */
const DEPLOYER_KEY = keccak256(toHex('latch local dex deployer'))
const deployerAccount = privateKeyToAccount(DEPLOYER_KEY)

/** Where the local DEX's contracts are on every local chain (deployer nonces 0, 1, 2). */
export const LOCAL_DEX = {
  weth: getContractAddress({ from: deployerAccount.address, nonce: 0n }),
  factory: getContractAddress({ from: deployerAccount.address, nonce: 1n }),
  router: getContractAddress({ from: deployerAccount.address, nonce: 2n }),
}

/** The pool's liquidity: 10 ETH against 25 000 LTT (6 decimals), ETH at 2 500 LTT like the demo's prices. */
export const LOCAL_DEX_POOL = { eth: 10n * 10n ** 18n, token: 25_000n * 10n ** 6n }

/**
 * Deploys WETH, the factory and the router on a local chain and adds the ETH/LTT pool's liquidity.
 * Contracts already there are kept (a restarted stack on a running chain).
 * @param {string} rpcUrl
 * @param {string} root the repository's root (the test kit's build is read from it)
 */
export async function deployLocalDex(rpcUrl, root) {
  const { seedTestTokens, TEST_TOKENS } = await import(join(root, 'packages/testkit/dist/index.js'))
  const transport = http(rpcUrl, { retryCount: 0 })
  const id = await createPublicClient({ transport }).getChainId()
  const chain = defineChain({
    id,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport, pollingInterval: 50 })
  const wallet = createWalletClient({ account: deployerAccount, chain, transport })
  if ((await client.getCode({ address: LOCAL_DEX.router })) !== undefined) return
  await createTestClient({ mode: 'anvil', chain, transport }).setBalance({
    address: deployerAccount.address,
    value: LOCAL_DEX_POOL.eth + 10n ** 18n,
  })
  const deploy = async (contract, args, address) => {
    const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.contractAddress?.toLowerCase() !== address.toLowerCase())
      throw new Error(`A local DEX contract landed at ${String(receipt.contractAddress)}, not ${address}.`)
  }
  await deploy(WETH9, [], LOCAL_DEX.weth)
  await deploy(FACTORY, [deployerAccount.address], LOCAL_DEX.factory)
  await deploy(ROUTER, [LOCAL_DEX.factory, LOCAL_DEX.weth], LOCAL_DEX.router)
  await seedTestTokens(rpcUrl, deployerAccount.address, { erc20Amount: LOCAL_DEX_POOL.token, nft: false })
  const erc20 = [
    {
      type: 'function',
      name: 'approve',
      stateMutability: 'nonpayable',
      inputs: [
        { name: 'spender', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
      outputs: [{ type: 'bool' }],
    },
  ]
  const steps = [
    () =>
      wallet.writeContract({
        address: TEST_TOKENS.erc20.address,
        abi: erc20,
        functionName: 'approve',
        args: [LOCAL_DEX.router, LOCAL_DEX_POOL.token],
      }),
    () =>
      wallet.writeContract({
        address: LOCAL_DEX.router,
        abi: ROUTER.abi,
        functionName: 'addLiquidityETH',
        args: [
          TEST_TOKENS.erc20.address,
          LOCAL_DEX_POOL.token,
          LOCAL_DEX_POOL.token,
          LOCAL_DEX_POOL.eth,
          deployerAccount.address,
          2n ** 48n,
        ],
        value: LOCAL_DEX_POOL.eth,
      }),
  ]
  for (const step of steps) {
    const receipt = await client.waitForTransactionReceipt({ hash: await step() })
    if (receipt.status !== 'success') throw new Error('The local DEX pool could not be funded.')
  }
}
