#!/usr/bin/env node
// A sponsored ERC-4337 user operation through @latch/server, beside a plain transaction, measured
// on loopback (after `npm run build`; not part of `npm test`, asserts nothing about time).
//
//   npm run bench:userop [-- --runs 15 --poll-ms 25 --gap-ms 0]
//
// One run starts everything itself: anvil (the test kit's way: chain id 1, every transaction mined
// at once), the ERC-4337 contracts and the test ERC-20, a local Alto bundler (the test kit's
// options) and the server by its CLI (SQLite in a temporary directory), configured as the demo
// project is: `project set-bundler`, `set-paymaster` (the local verifying paymaster and the test
// kit's signer key) and `set-sponsorship` (calls to the test ERC-20 only, 20 a day per account,
// 1000 a day in all). Then, interleaved, `--runs` rounds after one warm-up round:
//
// A  plain transaction (the baseline): an EOA with ETH transfers the ERC-20. Prepare = nonce, gas
//    estimate and signature; send → receipt = eth_sendRawTransaction to the node, then
//    eth_getTransactionReceipt every `--poll-ms` (the first at once) until it is there.
// B  sponsored user operation, the same transfer from the smart account npm start runs (LatchSmartAccount) with 0 ETH. Prepare = viem's
//    prepareUserOperation through the server (nonce and account reads on the node, the server's
//    ERC-7677 pm_getPaymasterStubData, eth_estimateUserOperationGas through the server's bundler
//    proxy, pm_getPaymasterData) and the owner's signature; submit → receipt =
//    eth_sendUserOperation through the proxy, then eth_getUserOperationReceipt through the proxy
//    every `--poll-ms` (the first at once) until it is there. Measured twice per round: the
//    account's first operation (the account is deployed by it) and a later one from the same
//    account.
// Plus a plain proxy round trip per round (eth_chainId through the server, and straight to Alto).
// `--gap-ms N` pauses N ms before each measured step (default 0: back to back).
//
// Each round's simulated user comes from an address of its own (X-Forwarded-For, with
// LATCH_TRUST_PROXY=1): the paymaster service allows 60 calls per client and minute.
import { execFileSync, spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  createPublicClient,
  createTestClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  parseAbi,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  entryPoint07Address,
  formatUserOperationRequest,
  getUserOperationHash,
  prepareUserOperation,
  toSmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { readContract } from 'viem/actions'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'poll-ms': { type: 'string', default: '25' },
    'gap-ms': { type: 'string', default: '0' },
  },
})
const runs = Number(values.runs)
const pollMs = Number(values['poll-ms'])
const gapMs = Number(values['gap-ms'])
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`)
if (!Number.isInteger(pollMs) || pollMs < 1)
  throw new Error(`--poll-ms must be a positive integer, got ${values['poll-ms']}`)
if (!Number.isInteger(gapMs) || gapMs < 0)
  throw new Error(`--gap-ms must be a whole number of milliseconds, got ${values['gap-ms']}`)

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cli = join(root, 'packages/server/dist/cli.js')
const testkitEntry = join(root, 'packages/testkit/dist/index.js')
if (!existsSync(cli) || !existsSync(testkitEntry)) {
  process.stderr.write('Build first: npm run build (or npx tsc -b packages/testkit packages/server)\n')
  process.exit(1)
}
const {
  deployAccountAbstraction,
  deployTestTokens,
  LOCAL_ACCOUNT_ABSTRACTION,
  latchTestTokenAbi,
  seedTestTokens,
  startAnvil,
  startLocalBundler,
  TEST_PAYMASTER_SIGNER_KEY,
  TEST_TOKENS,
} = await import(pathToFileURL(testkitEntry).href)

const chainId = 'eip155:1'
const token = TEST_TOKENS.erc20.address
const recipient = getAddress('0x000000000000000000000000000000000000beef')
const amount = 1_000n
// Fixed fees for both, as the server's own test sends: the local chain's base fee is tiny.
const fees = { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
const transfer = encodeFunctionData({
  abi: latchTestTokenAbi,
  functionName: 'transfer',
  args: [recipient, amount],
})

const loadBefore = loadavg()
const dir = mkdtempSync(join(tmpdir(), 'latch-bench-userop-'))
const stopping = []
process.once('exit', () => {
  for (const stop of stopping) stop()
  rmSync(dir, { recursive: true, force: true })
})

// The chain, its contracts and the bundler, the test kit's way.
const chain = await startAnvil({ chainId: 1 })
stopping.push(() => chain.stop())
await Promise.all([deployTestTokens(chain.rpcUrl), deployAccountAbstraction(chain.rpcUrl)])
const bundler = await startLocalBundler({ rpcUrl: chain.rpcUrl })
stopping.push(() => bundler.stop())

// The server, by its CLI, configured as scripts/start.mjs configures the demo project.
const db = join(dir, 'server.db')
const projectId = 'bench'
const cliRun = (...args) => execFileSync(process.execPath, [cli, ...args, '--db', db], { stdio: 'ignore' })
cliRun('project', 'create', '--id', projectId, '--name', 'Bench', '--origin', 'https://bench.example')
cliRun('project', 'set-bundler', projectId, chainId, bundler.url)
const keyFile = join(dir, 'paymaster-signer.key')
writeFileSync(keyFile, TEST_PAYMASTER_SIGNER_KEY, { mode: 0o600 })
cliRun(
  'project',
  'set-paymaster',
  projectId,
  chainId,
  '--address',
  LOCAL_ACCOUNT_ABSTRACTION.verifyingPaymaster,
  '--private-key-file',
  keyFile,
)
cliRun(
  'project',
  'set-sponsorship',
  projectId,
  chainId,
  'on',
  '--allow',
  token,
  '--per-user',
  '20',
  '--per-day',
  '1000',
)

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const base = `http://127.0.0.1:${port}`
const logFd = openSync(join(dir, 'server.log'), 'w')
const server = spawn(process.execPath, [cli, 'start', '--port', String(port), '--db', db], {
  env: { ...process.env, LATCH_TRUST_PROXY: '1' },
  stdio: ['ignore', logFd, 'inherit'],
})
closeSync(logFd)
stopping.push(() => server.kill('SIGTERM'))
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  )
  if (ok) break
  if (i > 100 || server.exitCode !== null) throw new Error('the server did not start')
  await new Promise((resolve) => setTimeout(resolve, 100))
}
const endpoint = (path) => `${base}/aa/v1/${path}?projectId=${projectId}&chainId=${chainId}`

const localChain = defineChain({
  id: 1,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chain.rpcUrl] } },
})
/** Time spent in each JSON-RPC method by viem's transports, summed, since the last reset. */
let spans = {}
const timedFetch = async (input, init) => {
  const t = performance.now()
  const response = await fetch(input, init)
  await response.clone().arrayBuffer()
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}')
  for (const { method } of Array.isArray(body) ? body : [body])
    spans[method] = (spans[method] ?? 0) + performance.now() - t
  return response
}
const client = createPublicClient({
  chain: localChain,
  transport: http(chain.rpcUrl, { fetchFn: timedFetch }),
  pollingInterval: 50,
})
const testClient = createTestClient({ mode: 'anvil', chain: localChain, transport: http(chain.rpcUrl) })

let rpcId = 0
async function rpc(url, method, params, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  })
  const answer = await response.json()
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** Calls `poll` at once, then every --poll-ms, until it answers something; returns it and the count. */
async function until(poll) {
  for (let polls = 1; ; polls++) {
    const result = await poll()
    if (result) return { result, polls }
    if (polls > 60_000 / pollMs) throw new Error('no receipt after 60 s')
    await sleep(pollMs)
  }
}

// The embedded wallet's smart account as the local stack runs it (the test kit's
// LatchSmartAccount: the reference SimpleAccount v0.7's calls, with ERC-1271) as a viem smart
// account: created by the local factory for its owner (salt 0), user operations signed as a
// personal message of their hash.
const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const accountAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])
function simpleAccount(owner) {
  const factory = LOCAL_ACCOUNT_ABSTRACTION.smartAccountFactory
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' }
  return toSmartAccount({
    client,
    entryPoint,
    async encodeCalls(calls) {
      if (calls.length !== 1) throw new Error('one call per operation here')
      const [call] = calls
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'execute',
        args: [call.to, call.value ?? 0n, call.data ?? '0x'],
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
    // A well-formed signature by a throwaway key (the account reverts on a malformed one).
    async getStubSignature() {
      return '0x0852d5e0585f1555097071c7f09c52a44c3c17bf403ec7244f3baa5f4efd88d6414e933e946e06d42d517420deabba7f2f5680bf34e1b73ee0da2275002984761b'
    },
    async signMessage() {
      throw new Error('not used')
    },
    async signTypedData() {
      throw new Error('not used')
    },
    async signUserOperation(parameters) {
      const { chainId: id = localChain.id, ...userOperation } = parameters
      const hash = getUserOperationHash({
        chainId: id,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: await this.getAddress() },
      })
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}

// A: the EOA (ETH for gas, and the tokens it sends).
const eoa = privateKeyToAccount(generatePrivateKey())
await testClient.setBalance({ address: eoa.address, value: 10n ** 20n })
await seedTestTokens(chain.rpcUrl, eoa.address, { erc20Amount: 10n ** 12n, nft: false })

async function plainTransaction() {
  const t0 = performance.now()
  const [nonce, gas] = await Promise.all([
    client.getTransactionCount({ address: eoa.address, blockTag: 'pending' }),
    client.estimateGas({ account: eoa.address, to: token, data: transfer }),
  ])
  const raw = await eoa.signTransaction({
    type: 'eip1559',
    chainId: localChain.id,
    nonce,
    gas,
    to: token,
    data: transfer,
    ...fees,
  })
  const t1 = performance.now()
  const hash = await rpc(chain.rpcUrl, 'eth_sendRawTransaction', [raw])
  const t2 = performance.now()
  const { result: receipt, polls } = await until(() => rpc(chain.rpcUrl, 'eth_getTransactionReceipt', [hash]))
  const t3 = performance.now()
  if (receipt.status !== '0x1') throw new Error(`the plain transfer reverted (${hash})`)
  const gasUsed = Number(BigInt(receipt.gasUsed))
  return {
    prepare: t1 - t0,
    send: t2 - t1,
    wait: t3 - t2,
    submit: t3 - t1,
    total: t3 - t0,
    polls,
    gas: gasUsed,
  }
}

/** When the bench's earlier user operations were sent: Alto's auto-bundling interval grows with them. */
const sentOps = []
/** Alto 0.0.20's wait between two bundling passes: 100 ms + 10 ms per operation of the last minute, at most 1 s. */
const altoInterval = (at) => Math.min(100 + 10 * sentOps.filter((t) => at - t < 60_000).length, 1000)

/** B: one sponsored operation from `account`, through the server, as the client at `ip`. */
async function sponsoredOperation(account, ip) {
  const headers = { 'x-forwarded-for': ip }
  const transport = (url) => http(url, { retryCount: 0, fetchOptions: { headers }, fetchFn: timedFetch })
  const bundlerClient = createBundlerClient({
    account,
    client,
    transport: transport(endpoint('bundler')),
    paymaster: createPaymasterClient({ transport: transport(endpoint('paymaster')) }),
  })
  spans = {}
  const t0 = performance.now()
  const prepared = await prepareUserOperation(bundlerClient, {
    account,
    calls: [{ to: token, data: transfer }],
    ...fees,
  })
  const tSign = performance.now()
  const signature = await account.signUserOperation(prepared)
  const t1 = performance.now()
  const interval = altoInterval(t1)
  sentOps.push(t1)
  const hash = await rpc(
    endpoint('bundler'),
    'eth_sendUserOperation',
    [formatUserOperationRequest({ ...prepared, signature }), entryPoint07Address],
    headers,
  )
  const t2 = performance.now()
  const { result: receipt, polls } = await until(() =>
    rpc(endpoint('bundler'), 'eth_getUserOperationReceipt', [hash], headers),
  )
  const t3 = performance.now()
  if (!receipt.success) throw new Error(`the sponsored operation reverted (${hash})`)
  if (getAddress(receipt.paymaster) !== getAddress(LOCAL_ACCOUNT_ABSTRACTION.verifyingPaymaster))
    throw new Error('the operation was not paid by the paymaster')
  const {
    pm_getPaymasterStubData: stub = 0,
    eth_estimateUserOperationGas: estimate = 0,
    pm_getPaymasterData: data = 0,
  } = spans
  const node = Object.entries(spans)
    .filter(([method]) => !method.startsWith('pm_') && !method.includes('UserOperation'))
    .reduce((sum, [, ms]) => sum + ms, 0)
  const parts = { node, stub, estimate, data, sign: t1 - tSign }
  // The gas the paymaster paid for (the operation's share of its bundle, overhead included).
  const gas = Number(BigInt(receipt.actualGasUsed))
  return {
    gas,
    prepare: t1 - t0,
    send: t2 - t1,
    wait: t3 - t2,
    submit: t3 - t1,
    total: t3 - t0,
    polls,
    interval,
    parts,
  }
}

/** One round: A, and B's first and later operation of a fresh account, in an order that alternates. */
async function round(index) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await simpleAccount(owner)
  const address = await account.getAddress()
  await seedTestTokens(chain.rpcUrl, address, { erc20Amount: 10n ** 9n, nft: false })
  if ((await client.getBalance({ address })) !== 0n) throw new Error('the smart account has ETH')
  const ip = `198.51.100.${(index % 250) + 1}`
  const before = await client.readContract({
    address: token,
    abi: latchTestTokenAbi,
    functionName: 'balanceOf',
    args: [recipient],
  })
  const result = {}
  const b = async () => {
    await sleep(gapMs)
    result.first = await sponsoredOperation(account, ip)
    await sleep(gapMs)
    result.later = await sponsoredOperation(account, ip)
  }
  const a = async () => {
    await sleep(gapMs)
    result.plain = await plainTransaction()
  }
  if (index % 2 === 0) {
    await a()
    await b()
  } else {
    await b()
    await a()
  }
  // The proxy's own cost: one JSON-RPC call through the server beside the same call to Alto.
  let t = performance.now()
  await rpc(endpoint('bundler'), 'eth_chainId', [], { 'x-forwarded-for': ip })
  result.proxy = performance.now() - t
  t = performance.now()
  await rpc(bundler.url, 'eth_chainId', [])
  result.direct = performance.now() - t
  // Three transfers landed, and the smart account paid no gas.
  const after = await client.readContract({
    address: token,
    abi: latchTestTokenAbi,
    functionName: 'balanceOf',
    args: [recipient],
  })
  if (after - before !== 3n * amount) throw new Error('a transfer is missing')
  if ((await client.getBalance({ address })) !== 0n) throw new Error('the smart account paid ETH')
  return result
}

const results = []
process.stderr.write(`warm-up round, then ${runs} rounds `)
const started = performance.now()
for (let i = 0; i <= runs; i++) {
  const result = await round(i)
  if (i > 0) results.push(result)
  process.stderr.write('.')
}
const seconds = (performance.now() - started) / 1000
process.stderr.write('\n')

const quantile = (list, q) => {
  const sorted = [...list].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const median = (list) => quantile(list, 0.5)
const pick = (kind, field) => results.map((r) => r[kind][field])
const baseline = median(pick('plain', 'submit'))
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`
const row = (name, list) =>
  `| ${name} | ${ms(median(list))} (${ms(quantile(list, 0.25))}–${ms(quantile(list, 0.75))}) | ${(median(list) / baseline).toFixed(2)}× |`
const notes = []
const lines = [
  `| step (median of ${runs}, p25–p75) | time | × A send → receipt |`,
  '|---|---|---|',
  row('A plain transaction: prepare (nonce, gas estimate, sign)', pick('plain', 'prepare')),
  row('**A plain transaction: send → receipt (baseline)**', pick('plain', 'submit')),
  row('A plain transaction: total', pick('plain', 'total')),
]
for (const [kind, label] of [
  ['first', 'B sponsored, first use (deploys the account)'],
  ['later', 'B sponsored, later operation'],
]) {
  lines.push(
    row(`${label}: prepare (stub, estimate, paymaster data, sign)`, pick(kind, 'prepare')),
    ...[
      ['node', 'reads on the node (address, code, nonce)'],
      ['stub', 'pm_getPaymasterStubData (server)'],
      ['estimate', 'eth_estimateUserOperationGas (server → Alto)'],
      ['data', 'pm_getPaymasterData (server signs)'],
      ['sign', "the owner's signature"],
    ].map(([part, name]) =>
      row(
        `… of it ${name}`,
        results.map((r) => r[kind].parts[part]),
      ),
    ),
    row(`${label}: submit → receipt`, pick(kind, 'submit')),
    row(`… of it eth_sendUserOperation answered`, pick(kind, 'send')),
    row(
      `… of it answered → receipt seen (${(median(pick(kind, 'polls')) - 1).toFixed(0)} polls of ${pollMs} ms, median)`,
      pick(kind, 'wait'),
    ),
    row(`${label}: total`, pick(kind, 'total')),
  )
  const intervals = pick(kind, 'interval')
  notes.push(
    `${label}: Alto's bundling interval at submit ${median(intervals)} ms median (${Math.min(...intervals)}–${Math.max(...intervals)}); ` +
      `answered → receipt by round: ${pick(kind, 'wait')
        .map((x) => x.toFixed(0))
        .join(', ')} ms`,
  )
}
lines.push(
  row(
    'eth_chainId through the server’s bundler proxy',
    results.map((r) => r.proxy),
  ),
  row(
    'eth_chainId straight to Alto',
    results.map((r) => r.direct),
  ),
)
console.log(lines.join('\n'))
notes.push(
  `gas used, median: A ${median(pick('plain', 'gas'))}, B first use ${median(pick('first', 'gas'))}, B later ${median(pick('later', 'gas'))} (the user operation's actualGasUsed)`,
)
console.log(`\n${notes.join('\n')}`)
const loadAfter = loadavg()
console.log(
  `\n${cpus().length} cores, load average ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after; ` +
    `${runs} rounds of 3 transfers (A, B first, B later${gapMs ? `, ${gapMs} ms apart` : ''}) in ${seconds.toFixed(0)} s, ` +
    `${((3 * runs) / (seconds / 60)).toFixed(0)} a minute, ${((2 * runs) / (seconds / 60)).toFixed(0)} of them user operations.`,
)
process.exit(0)
