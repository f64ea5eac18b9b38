import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { deployAccountAbstraction } from './accountAbstraction.js'
import { deployTestContractAccounts } from './contractAccounts.js'
import { deployTestEns } from './testEns.js'
import { deployTestTokens } from './testTokens.js'

/** Options of {@link startAnvil}. */
export interface StartAnvilOptions {
  chainId: number
  /** TCP port; `0` (the default) lets the system pick a free one. */
  port?: number | undefined
  host?: string | undefined
  /** BIP-39 mnemonic of the prefunded accounts; anvil's standard test mnemonic when omitted. */
  mnemonic?: string | undefined
  /** Seconds between blocks; without it every transaction is mined at once. */
  blockTime?: number | undefined
  /** Path of an anvil binary, when it does not come from the `@foundry-rs/anvil` package. */
  binary?: string | undefined
}

/** A running anvil node. */
export interface AnvilInstance {
  rpcUrl: string
  chainId: number
  port: number
  stop(): Promise<void>
}

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

const STARTUP_TIMEOUT_MS = 20_000

/**
 * Locates the anvil binary shipped by `@foundry-rs/anvil`. The platform package is read directly
 * because npm may skip the wrapper's postinstall; the wrapper's `bin.mjs` is the fallback.
 */
export function resolveAnvilBinary(): { command: string; args: string[] } {
  const require = createRequire(import.meta.url)
  const platformPackage = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`]
  if (platformPackage) {
    try {
      const root = dirname(require.resolve(`${platformPackage}/package.json`))
      const binary = join(root, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
      if (existsSync(binary)) return { command: binary, args: [] }
    } catch {
      // Not installed for this platform: try the wrapper below.
    }
  }
  try {
    const root = dirname(require.resolve('@foundry-rs/anvil/package.json'))
    const wrapper = join(root, 'bin.mjs')
    if (existsSync(wrapper)) return { command: process.execPath, args: [wrapper] }
  } catch {
    // Reported below with a clearer message.
  }
  throw new Error(
    `The anvil binary was not found for ${process.platform}-${process.arch}. Install the npm package @foundry-rs/anvil (and its platform package ${platformPackage ?? '(none for this platform)'}).`,
  )
}

function assertOptions(options: StartAnvilOptions): void {
  if (!Number.isSafeInteger(options.chainId) || options.chainId <= 0)
    throw new Error(`Invalid chainId ${String(options.chainId)}: expected a positive integer.`)
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`Invalid port ${String(options.port)}: expected 0-65535.`)
  if (options.blockTime !== undefined && !(options.blockTime > 0))
    throw new Error(`Invalid blockTime ${String(options.blockTime)}: expected a positive number of seconds.`)
}

async function answersChainId(rpcUrl: string, chainId: number): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    const body = (await response.json()) as { result?: unknown }
    return typeof body.result === 'string' && Number.parseInt(body.result, 16) === chainId
  } catch {
    return false
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Starts a real anvil node and resolves once it answers `eth_chainId`.
 *
 * @example
 * const chain = await startAnvil({ chainId: 1, port: 8545 })
 * // … use chain.rpcUrl …
 * await chain.stop()
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  assertOptions(options)
  const host = options.host ?? '127.0.0.1'
  const { command, args } = options.binary
    ? { command: options.binary, args: [] as string[] }
    : resolveAnvilBinary()
  const anvilArgs = [
    ...args,
    '--host',
    host,
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(options.chainId),
  ]
  if (options.mnemonic) anvilArgs.push('--mnemonic', options.mnemonic)
  if (options.blockTime !== undefined) anvilArgs.push('--block-time', String(options.blockTime))

  const child = spawn(command, anvilArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const collect = (chunk: Buffer) => {
    // Only the start-up banner matters; keep memory bounded for long runs.
    if (output.length < 20_000) output += chunk.toString('utf8')
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`anvil did not start within ${STARTUP_TIMEOUT_MS} ms.`)),
      STARTUP_TIMEOUT_MS,
    )
    const onData = () => {
      const match = /Listening on [^\s:]+:(\d+)/.exec(output)
      if (match?.[1]) done(Number(match[1]))
    }
    const onExit = (code: number | null) => {
      const inUse = /address already in use|AddrInUse/i.test(output)
      fail(
        new Error(
          inUse
            ? `anvil could not listen on ${host}:${options.port}: the port is already in use.`
            : `anvil exited with code ${String(code)} before it was ready.\n${output.trim()}`,
        ),
      )
    }
    const onError = (error: Error) =>
      fail(new Error(`anvil could not be started (${command}): ${error.message}`))
    function cleanup() {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
      child.off('error', onError)
    }
    function done(value: number) {
      cleanup()
      resolve(value)
    }
    function fail(error: Error) {
      cleanup()
      void stopProcess(child)
      reject(error)
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
    child.once('error', onError)
  })

  const rpcUrl = `http://${host}:${port}`
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (!(await answersChainId(rpcUrl, options.chainId))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stopProcess(child)
      throw new Error(`anvil on ${rpcUrl} did not answer eth_chainId ${options.chainId}.`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  return { rpcUrl, chainId: options.chainId, port, stop: () => stopProcess(child) }
}

/** Options of {@link startLocalChains}. */
export interface StartLocalChainsOptions {
  mainnetPort?: number | undefined
  basePort?: number | undefined
  host?: string | undefined
  mnemonic?: string | undefined
  /**
   * Deploy the test contract accounts (`TEST_CONTRACT_ACCOUNTS`, ERC-1271) on both chains
   * (default true).
   */
  contractAccounts?: boolean | undefined
  /**
   * Deploy the test tokens (`TEST_TOKENS`: ERC-20 with permit, ERC-721, ERC-1155, spam NFT) on
   * both chains (default true).
   */
  testTokens?: boolean | undefined
  /**
   * Put the test kit's name service on the chain with id 1 at the address viem's `mainnet`
   * looks for ENS (`deployTestEns`; names then come from `registerTestEnsName`) (default true).
   */
  ens?: boolean | undefined
  /**
   * Deploy the ERC-4337 contracts (`LOCAL_ACCOUNT_ABSTRACTION`: EntryPoint v0.7, SimpleAccountFactory,
   * VerifyingPaymaster, LatchSmartAccountFactory) on both chains (default false; needs
   * `@account-abstraction/contracts@0.7.0`).
   */
  accountAbstraction?: boolean | undefined
}

/** The two local chains Latch's demo and tests use: ids 1 (Ethereum) and 8453 (Base). */
export interface LocalChains {
  mainnet: AnvilInstance
  base: AnvilInstance
  stop(): Promise<void>
}

/**
 * Starts two anvil nodes, chain ids 1 and 8453, so network switching is real, with the test
 * contract accounts and the test tokens deployed on both.
 *
 * @example
 * const chains = await startLocalChains()
 * await chains.stop()
 */
export async function startLocalChains(options: StartLocalChainsOptions = {}): Promise<LocalChains> {
  const common = { host: options.host, mnemonic: options.mnemonic }
  const [mainnet, base] = await Promise.allSettled([
    startAnvil({ ...common, chainId: 1, port: options.mainnetPort ?? 8545 }),
    startAnvil({ ...common, chainId: 8453, port: options.basePort ?? 8546 }),
  ])
  if (mainnet.status === 'rejected' || base.status === 'rejected') {
    await Promise.all([mainnet, base].map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)))
    throw mainnet.status === 'rejected' ? mainnet.reason : (base as PromiseRejectedResult).reason
  }
  const deploy = async (rpcUrl: string, ens: boolean) => {
    const rest = async () => {
      if (options.contractAccounts ?? true) await deployTestContractAccounts(rpcUrl)
      if (options.testTokens ?? true) await deployTestTokens(rpcUrl)
      if (ens) await deployTestEns(rpcUrl)
    }
    // The ERC-4337 contracts have a deployer of their own: deployed alongside the others.
    await Promise.all([rest(), options.accountAbstraction ? deployAccountAbstraction(rpcUrl) : undefined])
  }
  try {
    await Promise.all([deploy(mainnet.value.rpcUrl, options.ens ?? true), deploy(base.value.rpcUrl, false)])
  } catch (error) {
    await Promise.all([mainnet.value.stop(), base.value.stop()])
    throw error
  }
  return {
    mainnet: mainnet.value,
    base: base.value,
    stop: async () => {
      await Promise.all([mainnet.value.stop(), base.value.stop()])
    },
  }
}
