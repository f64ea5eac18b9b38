// A local Solana chain: the real SVM (litesvm, in-process) behind an HTTP JSON-RPC server
// written from Solana's published JSON-RPC method reference. No validator binary can be
// installed offline, so this is the chain the tests and the demo talk to.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  type Transaction,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import {
  LOCAL_SOLANA_GENESIS_HASH,
  LOCAL_SOLANA_LAMPORTS_PER_SIGNATURE,
  SOLANA_TEST_SEEDS,
} from './constants.js'
import { tokenAccountsByOwner } from './splToken.js'

/** Options of {@link startLocalSolana}. */
export interface StartLocalSolanaOptions {
  /** TCP port; `0` (the default) lets the system pick a free one. */
  port?: number | undefined
  host?: string | undefined
  /** Accounts to fund at start (default: the addresses of {@link SOLANA_TEST_SEEDS}). */
  fund?: readonly string[] | undefined
  /** Lamports each funded account gets (default 1 000 SOL). */
  lamportsEach?: bigint | undefined
}

/** A running local Solana chain. */
export interface LocalSolanaInstance {
  rpcUrl: string
  port: number
  genesisHash: string
  /** The SVM itself, for tests that inspect or set state directly. */
  svm: LiteSVM
  stop(): Promise<void>
}

/** How many recent blockhashes a transaction may reference (the cluster's 150-block window). */
const BLOCKHASH_WINDOW = 150
const MAX_BODY_BYTES = 2_000_000

/** The SVM's transaction errors in the order of its fieldless enum (Solana's TransactionError names). */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

/** The SVM's instruction errors in the order of its fieldless enum (Solana's InstructionError names). */
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

type TransactionErrorJson = string | Record<string, unknown>

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError'
  const e = err as { code?: unknown; msg?: unknown }
  if (typeof e.code === 'number') return { Custom: e.code }
  if (typeof e.msg === 'string') return { BorshIoError: e.msg }
  return 'GenericError'
}

/** The SVM's error in the JSON shape of the RPC's `TransactionError`. */
function transactionErrorJson(failed: FailedTransactionMetadata): TransactionErrorJson {
  const err = failed.err() as unknown
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure'
  const e = err as {
    index?: number
    accountIndex?: number
    err?: () => unknown
    constructor: { name: string }
  }
  if (typeof e.err === 'function') return { InstructionError: [e.index, instructionErrorJson(e.err())] }
  if (typeof e.index === 'number') return { DuplicateInstruction: e.index }
  if (typeof e.accountIndex === 'number')
    return /Restricted/.test(e.constructor.name)
      ? { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } }
      : { InsufficientFundsForRent: { account_index: e.accountIndex } }
  return 'SanitizeFailure'
}

/** The message the validator puts in a failed preflight's error (e.g. "Error processing Instruction 0: custom program error: 0x1"). */
function describeError(error: TransactionErrorJson): string {
  if (typeof error === 'string') return error.replace(/([a-z])([A-Z])/g, '$1 $2')
  const instruction = error.InstructionError as [number, unknown] | undefined
  if (instruction) {
    const [index, inner] = instruction
    const detail =
      typeof inner === 'string'
        ? inner.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
        : typeof (inner as { Custom?: number }).Custom === 'number'
          ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  return JSON.stringify(error)
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** JSON with u64 values as bare numbers (bigints are written exactly, as the validator does). */
function stringify(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `__u64__${v}` : v))
  return marked.replace(/"__u64__(\d+)"/g, '$1')
}

interface SignatureRecord {
  slot: bigint
  err: TransactionErrorJson | null
}

/** The chain's state around the SVM: slots, recent blockhashes and the signature statuses. */
class LocalChain {
  readonly svm: LiteSVM
  slot: bigint
  blockHeight = 0n
  /** Newest last; a transaction may reference any of them. */
  recentBlockhashes: { blockhash: string; lastValidBlockHeight: bigint }[] = []
  signatures = new Map<string, SignatureRecord>()
  transactionCount = 0n

  constructor() {
    // The SVM checks signatures; the blockhash age is checked here against a window of recent
    // blockhashes, as a cluster does (the SVM alone only accepts its latest one).
    this.svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(10_000n)
    this.slot = 1n
    this.svm.warpToSlot(this.slot)
    this.recordBlockhash()
  }

  private recordBlockhash(): void {
    this.recentBlockhashes.push({
      blockhash: this.svm.latestBlockhash(),
      lastValidBlockHeight: this.blockHeight + BigInt(BLOCKHASH_WINDOW),
    })
    if (this.recentBlockhashes.length > BLOCKHASH_WINDOW) this.recentBlockhashes.shift()
  }

  /** A new block: the slot, block height and blockhash advance. */
  advance(): void {
    this.slot += 1n
    this.blockHeight += 1n
    this.svm.warpToSlot(this.slot)
    this.svm.expireBlockhash()
    this.recordBlockhash()
  }

  latest() {
    return this.recentBlockhashes.at(-1) as { blockhash: string; lastValidBlockHeight: bigint }
  }

  isRecent(blockhash: string): boolean {
    return this.recentBlockhashes.some((b) => b.blockhash === blockhash)
  }

  fund(address: string, amount: bigint): void {
    const result = this.svm.airdrop(address as Address, lamports(amount))
    if (!result || result instanceof FailedTransactionMetadata)
      throw new Error(`The local Solana chain could not fund ${address}.`)
    this.advance()
  }
}

const base58 = getBase58Encoder()
const base58Text = getBase58Decoder()
const base64 = getBase64Encoder()

function context(chain: LocalChain) {
  return { slot: chain.slot, apiVersion: '2.2.0' }
}

function decodeTransaction(encoded: unknown, encoding: unknown): Transaction {
  if (typeof encoded !== 'string' || encoded.length === 0)
    throw new RpcError(-32602, 'invalid transaction: expected an encoded transaction string')
  const enc = encoding ?? 'base58'
  if (enc !== 'base58' && enc !== 'base64')
    throw new RpcError(-32602, `unsupported encoding: ${String(enc)}. Supported encodings: base58, base64`)
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(enc === 'base64' ? base64.encode(encoded) : base58.encode(encoded))
  } catch {
    throw new RpcError(-32602, `invalid transaction: failed to decode ${enc} string`)
  }
  try {
    return getTransactionDecoder().decode(bytes)
  } catch {
    throw new RpcError(-32602, 'invalid transaction: failed to deserialize transaction')
  }
}

function blockhashOf(transaction: Transaction): string {
  return getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken
}

function signatureOf(transaction: Transaction): string {
  const first = Object.values(transaction.signatures)[0]
  if (!first) throw new RpcError(-32602, 'invalid transaction: no signatures')
  return base58Text.decode(first)
}

/** The `simulateTransaction` value of an outcome (none: the transaction did not run). */
function simulationValue(outcome: TransactionMetadata | FailedTransactionMetadata | undefined) {
  const meta = outcome instanceof FailedTransactionMetadata ? outcome.meta() : outcome
  return {
    err: (outcome instanceof FailedTransactionMetadata
      ? transactionErrorJson(outcome)
      : null) as TransactionErrorJson | null,
    logs: meta?.logs() ?? [],
    accounts: null,
    unitsConsumed: meta?.computeUnitsConsumed() ?? 0n,
    returnData: null,
    replacementBlockhash: null,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    fee: null,
    preBalances: null,
    postBalances: null,
    preTokenBalances: null,
    postTokenBalances: null,
    loadedAddresses: null,
  }
}

function simulate(chain: LocalChain, transaction: Transaction) {
  const blockhash = blockhashOf(transaction)
  if (!chain.isRecent(blockhash))
    return { ...simulationValue(undefined), err: 'BlockhashNotFound' as TransactionErrorJson }
  const outcome = chain.svm.simulateTransaction(transaction)
  return simulationValue(outcome instanceof FailedTransactionMetadata ? outcome : outcome.meta())
}

type Params = unknown[]

function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index]
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function addressParam(params: Params, index = 0): Address {
  const value = params[index]
  if (typeof value !== 'string') throw new RpcError(-32602, 'Invalid param: expected a base58 address string')
  try {
    if (base58.encode(value).length !== 32) throw new Error('length')
  } catch {
    throw new RpcError(-32602, 'Invalid param: Invalid')
  }
  return value as Address
}

function handle(chain: LocalChain, method: string, params: Params): unknown {
  switch (method) {
    case 'getGenesisHash':
      return LOCAL_SOLANA_GENESIS_HASH
    case 'getHealth':
      return 'ok'
    case 'getVersion':
      return { 'solana-core': '2.2.0', 'feature-set': 0 }
    case 'getSlot':
      return chain.slot
    case 'getBlockHeight':
      return chain.blockHeight
    case 'getTransactionCount':
      return chain.transactionCount
    case 'getEpochInfo':
      return {
        absoluteSlot: chain.slot,
        blockHeight: chain.blockHeight,
        epoch: 0n,
        slotIndex: chain.slot,
        slotsInEpoch: 432_000n,
        transactionCount: chain.transactionCount,
      }
    case 'getLatestBlockhash': {
      const latest = chain.latest()
      return { context: context(chain), value: latest }
    }
    case 'isBlockhashValid': {
      const blockhash = params[0]
      return { context: context(chain), value: typeof blockhash === 'string' && chain.isRecent(blockhash) }
    }
    case 'getBalance': {
      const address = addressParam(params)
      return { context: context(chain), value: chain.svm.getBalance(address) ?? 0n }
    }
    case 'getAccountInfo': {
      const address = addressParam(params)
      const encoding = config(params, 1).encoding ?? 'base64'
      if (encoding !== 'base64' && encoding !== 'base58')
        throw new RpcError(-32602, `unsupported encoding: ${String(encoding)}`)
      const account = chain.svm.getAccount(address)
      if (!account.exists) return { context: context(chain), value: null }
      const data =
        encoding === 'base64'
          ? Buffer.from(account.data).toString('base64')
          : base58Text.decode(new Uint8Array(account.data))
      return {
        context: context(chain),
        value: {
          data: [data, encoding],
          executable: account.executable,
          lamports: account.lamports,
          owner: account.programAddress,
          rentEpoch: 18_446_744_073_709_551_615n,
          space: BigInt(account.data.length),
        },
      }
    }
    case 'getTokenAccountsByOwner': {
      const owner = addressParam(params)
      const accounts = tokenAccountsByOwner(chain.svm, owner, config(params, 1), config(params, 2).encoding)
      if (!Array.isArray(accounts)) throw new RpcError(-32602, accounts.error)
      return { context: context(chain), value: accounts }
    }
    case 'getMinimumBalanceForRentExemption': {
      const size = params[0]
      if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
        throw new RpcError(-32602, 'Invalid param: expected a data length')
      return chain.svm.minimumBalanceForRentExemption(BigInt(size))
    }
    case 'getFeeForMessage': {
      const message = params[0]
      if (typeof message !== 'string') throw new RpcError(-32602, 'Invalid param: expected a base64 message')
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(base64.encode(message))
      } catch {
        throw new RpcError(-32602, 'invalid message: failed to decode base64 string')
      }
      try {
        const compiled = getCompiledTransactionMessageDecoder().decode(bytes)
        if (!chain.isRecent(compiled.lifetimeToken)) return { context: context(chain), value: null }
        const signers = BigInt(compiled.header.numSignerAccounts)
        return { context: context(chain), value: signers * LOCAL_SOLANA_LAMPORTS_PER_SIGNATURE }
      } catch {
        throw new RpcError(-32602, 'invalid message: failed to deserialize message')
      }
    }
    case 'simulateTransaction': {
      const options = config(params, 1)
      const transaction = decodeTransaction(params[0], options.encoding)
      if (options.replaceRecentBlockhash === true) {
        // Simulate against the latest blockhash: the SVM here does not check the blockhash.
        const outcome = chain.svm.simulateTransaction(transaction)
        const value = simulationValue(outcome instanceof FailedTransactionMetadata ? outcome : outcome.meta())
        return { context: context(chain), value: { ...value, replacementBlockhash: chain.latest() } }
      }
      const value = simulate(chain, transaction)
      return { context: context(chain), value }
    }
    case 'sendTransaction': {
      const options = config(params, 1)
      const transaction = decodeTransaction(params[0], options.encoding)
      const signature = signatureOf(transaction)
      const minContextSlot = options.minContextSlot
      if (typeof minContextSlot === 'number' && BigInt(minContextSlot) > chain.slot)
        throw new RpcError(-32016, 'Minimum context slot has not been reached', {
          contextSlot: chain.slot,
        })
      const blockhash = blockhashOf(transaction)
      if (!options.skipPreflight) {
        const preflight = simulate(chain, transaction)
        if (preflight.err !== null) {
          throw new RpcError(
            -32002,
            `Transaction simulation failed: ${describeError(preflight.err)}`,
            preflight,
          )
        }
      }
      // Without preflight a transaction with an unknown blockhash is dropped, as a cluster does.
      if (!chain.isRecent(blockhash)) return signature
      const outcome = chain.svm.sendTransaction(transaction)
      if (outcome instanceof FailedTransactionMetadata) {
        const err = transactionErrorJson(outcome)
        // Only an instruction failure lands (the fee is charged); others never make a block.
        if (typeof err === 'string') return signature
        chain.advance()
        chain.transactionCount += 1n
        chain.signatures.set(signature, { slot: chain.slot, err })
        return signature
      }
      chain.advance()
      chain.transactionCount += 1n
      chain.signatures.set(signature, { slot: chain.slot, err: null })
      return signature
    }
    case 'getSignatureStatuses': {
      const signatures = params[0]
      if (!Array.isArray(signatures) || signatures.length > 256)
        throw new RpcError(-32602, 'Invalid param: expected up to 256 signatures')
      return {
        context: context(chain),
        value: signatures.map((signature) => {
          const record = typeof signature === 'string' ? chain.signatures.get(signature) : undefined
          if (!record) return null
          return {
            slot: record.slot,
            confirmations: null,
            err: record.err,
            status: record.err === null ? { Ok: null } : { Err: record.err },
            confirmationStatus: 'finalized',
          }
        }),
      }
    }
    case 'requestAirdrop': {
      const address = addressParam(params)
      const amount = params[1]
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
        throw new RpcError(-32602, 'Invalid param: expected lamports')
      const result = chain.svm.airdrop(address, lamports(BigInt(amount)))
      if (!result || result instanceof FailedTransactionMetadata) throw new RpcError(-32603, 'airdrop failed')
      chain.advance()
      const signature = base58Text.decode(result.signature())
      chain.signatures.set(signature, { slot: chain.slot, err: null })
      return signature
    }
    default:
      throw new RpcError(-32601, 'Method not found')
  }
}

function answer(chain: LocalChain, request: unknown): Record<string, unknown> {
  const r = request as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
  const id = typeof r?.id === 'string' || typeof r?.id === 'number' ? r.id : null
  if (!r || typeof r !== 'object' || r.jsonrpc !== '2.0' || typeof r.method !== 'string')
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } }
  const params = r.params === undefined ? [] : r.params
  if (!Array.isArray(params))
    return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: expected an array' } }
  try {
    return { jsonrpc: '2.0', id, result: handle(chain, r.method, params) }
  } catch (error) {
    if (error instanceof RpcError)
      return {
        jsonrpc: '2.0',
        id,
        error: { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) },
      }
    return {
      jsonrpc: '2.0',
      id,
      error: { code: -32603, message: error instanceof Error ? error.message : 'Internal error' },
    }
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': '*',
  })
  response.end(body)
}

/** The address (base58 public key) of a 32-byte ed25519 seed given in hex. */
export function solanaAddressOfSeed(seedHex: string): string {
  return base58Text.decode(ed25519.getPublicKey(Buffer.from(seedHex, 'hex')))
}

/**
 * Starts a local Solana chain: litesvm behind a JSON-RPC server on `host:port`, with the test
 * accounts funded. Confirmation is by polling `getSignatureStatuses` (no WebSocket endpoint).
 *
 * @example
 * const chain = await startLocalSolana({ port: 8899 })
 * // … createSolanaRpc(chain.rpcUrl) …
 * await chain.stop()
 */
export async function startLocalSolana(options: StartLocalSolanaOptions = {}): Promise<LocalSolanaInstance> {
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`Invalid port ${String(options.port)}: expected 0-65535.`)
  const host = options.host ?? '127.0.0.1'
  const chain = new LocalChain()
  const each = options.lamportsEach ?? 1_000_000_000_000n
  for (const address of options.fund ?? SOLANA_TEST_SEEDS.map(solanaAddressOfSeed)) chain.fund(address, each)

  const server: Server = createServer((request, response) => {
    if (request.method === 'OPTIONS') return send(response, 204, '')
    if (request.method !== 'POST')
      return send(
        response,
        405,
        stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'POST only' } }),
      )
    readBody(request).then(
      (text) => {
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          return send(
            response,
            200,
            stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
          )
        }
        const result = Array.isArray(body) ? body.map((r) => answer(chain, r)) : answer(chain, body)
        send(response, 200, stringify(result))
      },
      () =>
        send(
          response,
          413,
          stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } }),
        ),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `The local Solana chain could not listen on ${host}:${port}: the port is already in use.`
            : error.message,
        ),
      ),
    )
    server.listen(port, host, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  return {
    rpcUrl: `http://${host}:${bound}`,
    port: bound,
    genesisHash: LOCAL_SOLANA_GENESIS_HASH,
    svm: chain.svm,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
