import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import {
  type Abi,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  ACCOUNT_ABSTRACTION_DEPLOYER,
  ACCOUNT_ABSTRACTION_DEPLOYER_KEY,
  LOCAL_ACCOUNT_ABSTRACTION,
} from '../contracts/accountAbstraction.js'
import { latchSmartAccountFactoryBytecode } from '../contracts/smartAccount.generated.js'

/** The deterministic deployment proxy anvil has from genesis (the EntryPoint's canonical deployer). */
const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The salt the EntryPoint v0.7 was deployed with everywhere (its address follows from it). */
const ENTRY_POINT_07_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
const PAYMASTER_DEPOSIT = 10n ** 19n

interface Artifact {
  abi: Abi
  bytecode: Hex
}

const CONTRACTS_PACKAGE = '@account-abstraction/contracts'

/**
 * Reads a compiled artifact of `@account-abstraction/contracts` (0.7.0). The package is not a
 * dependency of the test kit: the project that deploys the contracts installs it.
 */
function artifact(name: string): Artifact {
  const require = createRequire(import.meta.url)
  try {
    return require(`${CONTRACTS_PACKAGE}/artifacts/${name}.json`) as Artifact
  } catch {
    throw new Error(
      `The ERC-4337 contracts need the npm package ${CONTRACTS_PACKAGE}@0.7.0 (install it as a devDependency).`,
    )
  }
}

/**
 * Deploys the ERC-4337 contracts ({@link LOCAL_ACCOUNT_ABSTRACTION}) on a local anvil chain: the
 * EntryPoint v0.7 at its canonical address, the SimpleAccountFactory, the VerifyingPaymaster
 * (which gets a 10 ETH deposit at the EntryPoint) and, through the deterministic deployer too, the
 * factory of the embedded wallet's account with ERC-1271 (contracts/LatchSmartAccount.sol).
 * Contracts already there are kept.
 *
 * @example
 * const chain = await startAnvil({ chainId: 1 })
 * await deployAccountAbstraction(chain.rpcUrl)
 */
export async function deployAccountAbstraction(rpcUrl: string): Promise<void> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const chain = defineChain({
    id: await createPublicClient({ transport }).getChainId(),
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport, pollingInterval: 50 })
  const deployer = createWalletClient({
    account: privateKeyToAccount(ACCOUNT_ABSTRACTION_DEPLOYER_KEY),
    chain,
    transport,
  })
  await createTestClient({ mode: 'anvil', chain, transport }).setBalance({
    address: ACCOUNT_ABSTRACTION_DEPLOYER,
    value: 10n ** 21n,
  })
  const has = async (address: `0x${string}`) => (await client.getCode({ address })) !== undefined
  if ((await client.getCode({ address: DETERMINISTIC_DEPLOYER })) === undefined)
    throw new Error(`The chain at ${rpcUrl} has no deterministic deployer at ${DETERMINISTIC_DEPLOYER}.`)
  const entryPoint = artifact('EntryPoint')
  const factory = artifact('SimpleAccountFactory')
  const paymaster = artifact('VerifyingPaymaster')
  const {
    entryPoint: entryPointAddress,
    simpleAccountFactory,
    verifyingPaymaster,
    smartAccountFactory,
  } = LOCAL_ACCOUNT_ABSTRACTION
  // In nonce order (the factory's and paymaster's addresses follow from it); anvil mines each
  // at once, so the EntryPoint is there when the paymaster's constructor checks it.
  const steps: (() => Promise<Hex>)[] = [
    async () =>
      (await has(entryPointAddress))
        ? // Deployed already (the canonical address): the nonce is used all the same.
          deployer.sendTransaction({ to: ACCOUNT_ABSTRACTION_DEPLOYER, value: 0n, nonce: 0 })
        : deployer.sendTransaction({
            to: DETERMINISTIC_DEPLOYER,
            data: concat([ENTRY_POINT_07_SALT, entryPoint.bytecode]),
            gas: 6_000_000n,
            nonce: 0,
          }),
    () =>
      deployer.deployContract({
        abi: factory.abi,
        bytecode: factory.bytecode,
        args: [entryPointAddress],
        gas: 6_000_000n,
        nonce: 1,
      }),
    () =>
      deployer.deployContract({
        abi: paymaster.abi,
        bytecode: paymaster.bytecode,
        args: [entryPointAddress, LOCAL_ACCOUNT_ABSTRACTION.paymasterSigner],
        gas: 3_000_000n,
        nonce: 2,
      }),
    () =>
      deployer.sendTransaction({
        to: verifyingPaymaster,
        data: encodeFunctionData({ abi: paymaster.abi, functionName: 'deposit' }),
        value: PAYMASTER_DEPOSIT,
        gas: 200_000n,
        nonce: 3,
      }),
    async () =>
      (await has(smartAccountFactory))
        ? deployer.sendTransaction({ to: ACCOUNT_ABSTRACTION_DEPLOYER, value: 0n, nonce: 4 })
        : deployer.sendTransaction({
            to: DETERMINISTIC_DEPLOYER,
            data: concat([
              LOCAL_ACCOUNT_ABSTRACTION.smartAccountFactorySalt,
              latchSmartAccountFactoryBytecode,
              encodeAbiParameters([{ type: 'address' }], [entryPointAddress]),
            ]),
            gas: 6_000_000n,
            nonce: 4,
          }),
  ]
  const hashes: Hex[] = []
  const done = await client.getTransactionCount({ address: ACCOUNT_ABSTRACTION_DEPLOYER })
  for (const step of steps.slice(done)) hashes.push(await step())
  for (const hash of hashes) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`An ERC-4337 contract's deployment reverted (${hash}).`)
  }
  for (const address of [entryPointAddress, simpleAccountFactory, verifyingPaymaster, smartAccountFactory])
    if (!(await has(address))) throw new Error(`No ERC-4337 contract landed at ${address}.`)
}

/**
 * The local bundler's keys (keccak256("latch: test bundler executor") and "… utility"): the
 * executor sends the bundles, the utility account deploys the bundler's simulation contracts.
 * Public: local chains only.
 */
const BUNDLER_EXECUTOR_KEY = '0xdb03d6262c32510e08624504a77ee5ed7b39388f92713e304e74e4e9ab9c9d54' as const
const BUNDLER_UTILITY_KEY = '0x69aa1f3d47d8b7f8e15ff150d0394bca133be7a0ec9a00a3f76db14128251d45' as const
const BUNDLER_PACKAGE = '@pimlico/alto'
const BUNDLER_STARTUP_TIMEOUT_MS = 30_000

/** Options of {@link startLocalBundler}. */
export interface StartLocalBundlerOptions {
  /** The anvil chain where {@link deployAccountAbstraction} ran. */
  rpcUrl: string
  /** TCP port on 127.0.0.1; a free one when omitted. */
  port?: number | undefined
}

/** A running local ERC-4337 bundler. */
export interface LocalBundler {
  url: string
  stop(): Promise<void>
}

function resolveBundler(): string {
  const require = createRequire(import.meta.url)
  try {
    // The package's exports give its entry only: its command line sits beside it.
    return join(dirname(require.resolve(BUNDLER_PACKAGE)), 'cli', 'alto.js')
  } catch {
    throw new Error(
      `The local bundler needs the npm package ${BUNDLER_PACKAGE} (GPL-3.0; install it as a devDependency of the project that runs the local stack).`,
    )
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

async function answersEntryPoints(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    })
    const body = (await response.json()) as { result?: unknown }
    return Array.isArray(body.result) && body.result.length > 0
  } catch {
    return false
  }
}

/**
 * Starts a local ERC-4337 bundler (Alto, `@pimlico/alto`, which the project installs itself) for
 * the EntryPoint v0.7 on a local anvil chain, with funded keys of its own, bundling every user
 * operation at once. Resolves once it answers `eth_supportedEntryPoints`.
 *
 * @example
 * await deployAccountAbstraction(chain.rpcUrl)
 * const bundler = await startLocalBundler({ rpcUrl: chain.rpcUrl })
 */
export async function startLocalBundler(options: StartLocalBundlerOptions): Promise<LocalBundler> {
  if (
    options.port !== undefined &&
    (!Number.isInteger(options.port) || options.port <= 0 || options.port > 65_535)
  )
    throw new Error(`Invalid port ${String(options.port)}: expected 1-65535.`)
  // The bundler cannot listen on port 0 and say which it got: a free port is picked for it.
  const port = options.port ?? (await freePort())
  const bin = resolveBundler()
  const transport = http(options.rpcUrl, { retryCount: 0 })
  const test = createTestClient({ mode: 'anvil', transport })
  for (const key of [BUNDLER_EXECUTOR_KEY, BUNDLER_UTILITY_KEY])
    await test.setBalance({ address: privateKeyToAccount(key).address, value: 10n ** 21n })
  const child = spawn(
    process.execPath,
    [
      bin,
      '--rpc-url',
      options.rpcUrl,
      '--entrypoints',
      LOCAL_ACCOUNT_ABSTRACTION.entryPoint,
      '--executor-private-keys',
      BUNDLER_EXECUTOR_KEY,
      '--utility-private-key',
      BUNDLER_UTILITY_KEY,
      '--port',
      String(port),
      // anvil has no tracer for ERC-7562's rules: the local bundler does not enforce them.
      '--safe-mode',
      'false',
      '--log-level',
      'warn',
    ],
    // Run from the temporary directory: Alto reads a `.env` file from its working directory.
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() },
  )
  let output = ''
  const collect = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString('utf8')
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + BUNDLER_STARTUP_TIMEOUT_MS
  while (!(await answersEntryPoints(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child)
      throw new Error(`The local bundler did not start on ${url}.\n${output.trim()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // Its output is read no more: drain it so the pipe never fills.
  child.stdout?.off('data', collect)
  child.stderr?.off('data', collect)
  child.stdout?.resume()
  child.stderr?.resume()
  return { url, stop: () => stopChild(child) }
}
