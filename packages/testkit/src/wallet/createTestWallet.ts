import { type Address, encodeFunctionData, isAddress, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getAssets, getCapabilities } from './assets.js'
import { createBatches } from './calls.js'
import {
  assertWalletChain,
  parseAddEthereumChainParameter,
  parseHexChainId,
  toHexChainId,
  type WalletChain,
} from './chains.js'
import { ProviderEventEmitter } from './emitter.js'
import {
  invalidParams,
  ProviderErrorCode,
  ProviderRpcError,
  SWITCH_DECLINE_SHAPES,
  type SwitchDeclineShape,
  switchDeclined,
  unauthorized,
  userRejected,
} from './errors.js'
import { DEV_WALLET_ICON, DEV_WALLET_NAME, DEV_WALLET_RDNS } from './icon.js'
import {
  type ParsedTransaction,
  paramList,
  parsePersonalSign,
  parseTransaction,
  parseTypedData,
  sendTransaction,
} from './requests.js'
import { forwardRpc } from './rpc.js'
import { defaultStorage, readPersisted, writePersisted } from './storage.js'
import type {
  Approval,
  RequestArguments,
  TestWallet,
  TestWalletOptions,
  TestWalletProvider,
} from './types.js'

/** Methods only a wallet can answer; anything else not handled here is read from the chain. */
const UNSUPPORTED = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_coinbase',
  'eth_decrypt',
  'eth_getEncryptionPublicKey',
])

function accountsPermission(address: Address) {
  return {
    parentCapability: 'eth_accounts',
    caveats: [{ type: 'restrictReturnedAccounts', value: [address] }],
    date: Date.now(),
  }
}

function assertEthAccountsRequest(params: unknown): void {
  const [request] = paramList(params)
  if (typeof request !== 'object' || request === null || !('eth_accounts' in request))
    throw invalidParams('only the eth_accounts permission is supported.')
}

const executeAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes' }],
  },
] as const

/** A contract account's transaction: its owner asks the contract to make the call. */
function throughContract(contract: Address, owner: LocalAccount, tx: ParsedTransaction): ParsedTransaction {
  if (tx.to === undefined) throw invalidParams('a contract account cannot deploy contracts.')
  return {
    ...tx,
    from: owner.address,
    to: contract,
    // The contract account pays the value from its own balance.
    value: undefined,
    data: encodeFunctionData({
      abi: executeAbi,
      functionName: 'execute',
      args: [tx.to, tx.value ?? 0n, tx.data ?? '0x'],
    }),
    // The outer call costs more than the inner estimate the dapp may have made.
    gas: undefined,
  }
}

/**
 * Creates an EIP-1193 wallet backed by real private keys against real chains, for tests and
 * demos. Browser-safe; in Node it keeps its authorization in memory.
 *
 * @example
 * const { provider, controls } = createTestWallet({
 *   privateKeys: [TEST_ACCOUNTS[0].privateKey],
 *   chains: [{ id: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency }],
 *   initialChainId: 1,
 * })
 */
export function createTestWallet(options: TestWalletOptions): TestWallet {
  if (options.privateKeys.length === 0) throw new Error('createTestWallet needs at least one private key.')
  const accounts: LocalAccount[] = options.privateKeys.map((key) => privateKeyToAccount(key))
  const chains = new Map<number, WalletChain>()
  for (const chain of options.chains) chains.set(chain.id, assertWalletChain(chain))
  if (!chains.has(options.initialChainId))
    throw new Error(`initialChainId ${options.initialChainId} is not one of the wallet's chains.`)

  const storage = options.storage ?? defaultStorage()
  const storageKey = options.storageKey ?? 'latch.testWallet'
  const saved = readPersisted(storage, storageKey)
  let authorized = saved.authorized ?? false
  let accountIndex = saved.accountIndex !== undefined && accounts[saved.accountIndex] ? saved.accountIndex : 0
  let chainId =
    saved.chainId !== undefined && chains.has(saved.chainId) ? saved.chainId : options.initialChainId
  let connected = true
  let approval: Approval = 'approve'
  let pendingRejections = 0
  let nextSwitchFailure: number | undefined
  let nextSwitchDecline: SwitchDeclineShape | undefined
  let assetDiscovery = options.assets !== undefined
  let batchCalls = options.batchCalls ?? true
  const assetTokens = options.assets?.tokens ?? []
  const log: string[] = []
  const events = new ProviderEventEmitter()

  const assertContractAccount = (address: unknown) => {
    if (address !== undefined && !isAddress(address as string, { strict: false }))
      throw new Error(`contractAccount ${String(address)} is not an address.`)
  }
  assertContractAccount(options.contractAccount)
  let contractAccount = options.contractAccount
  /** The key that signs: the selected account, or the owner of the contract account. */
  const account = () => accounts[accountIndex] as LocalAccount
  /** The address the dapp sees. */
  const shownAddress = (): Address => contractAccount ?? account().address
  const persist = () => writePersisted(storage, storageKey, { authorized, accountIndex, chainId })
  const exposedAccounts = () => (authorized ? [shownAddress()] : [])

  /** Plays the user's answer to a prompt. */
  function prompt(): void {
    if (pendingRejections > 0) {
      pendingRejections--
      throw userRejected()
    }
    if (approval === 'reject') throw userRejected()
  }

  const sendAs = (signer: LocalAccount, chain: WalletChain, tx: ParsedTransaction) =>
    sendTransaction(signer, chain, contractAccount ? throughContract(contractAccount, signer, tx) : tx)

  function currentChain(): WalletChain {
    if (!connected) throw new ProviderRpcError(ProviderErrorCode.disconnected, 'The wallet is disconnected.')
    const chain = chains.get(chainId)
    if (!chain)
      throw new ProviderRpcError(
        ProviderErrorCode.chainDisconnected,
        `The wallet has no RPC for chain ${chainId}; it is not connected to it.`,
      )
    return chain
  }

  function requireAccount(address: Address): LocalAccount {
    if (!authorized || shownAddress().toLowerCase() !== address.toLowerCase()) throw unauthorized()
    return account()
  }

  function setChain(id: number): void {
    if (id === chainId) return
    chainId = id
    persist()
    events.emit('chainChanged', toHexChainId(id))
  }

  function authorize(): void {
    if (!connected) {
      connected = true
      events.emit('connect', { chainId: toHexChainId(chainId) })
    }
    if (authorized) return
    authorized = true
    persist()
    events.emit('accountsChanged', exposedAccounts())
  }

  function revoke(): void {
    if (!authorized) return
    authorized = false
    persist()
    events.emit('accountsChanged', [])
  }

  const batches = createBatches({
    chain: (id) => (connected ? chains.get(id) : undefined),
    requireAccount,
    shownAddress,
    prompt,
    send: sendAs,
  })

  async function handle(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
        return exposedAccounts()
      case 'eth_requestAccounts':
        if (!authorized) prompt()
        authorize()
        return exposedAccounts()
      case 'eth_chainId':
        return toHexChainId(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_requestPermissions':
        assertEthAccountsRequest(params)
        prompt()
        authorize()
        return [accountsPermission(shownAddress())]
      case 'wallet_getPermissions':
        return authorized ? [accountsPermission(shownAddress())] : []
      case 'wallet_revokePermissions':
        assertEthAccountsRequest(params)
        revoke()
        return null
      case 'personal_sign': {
        const request = parsePersonalSign(params)
        const signer = requireAccount(request.address)
        prompt()
        return signer.signMessage({ message: request.message })
      }
      case 'eth_signTypedData_v4': {
        const request = parseTypedData(params)
        const signer = requireAccount(request.address)
        prompt()
        return signer.signTypedData(request.typedData)
      }
      case 'eth_sendTransaction': {
        const tx = parseTransaction(params)
        const signer = requireAccount(tx.from)
        const chain = currentChain()
        prompt()
        return sendAs(signer, chain, tx)
      }
      case 'wallet_switchEthereumChain': {
        const [target] = paramList(params)
        const id = parseHexChainId((target as { chainId?: unknown } | undefined)?.chainId)
        if (nextSwitchFailure !== undefined) {
          const code = nextSwitchFailure
          nextSwitchFailure = undefined
          throw new ProviderRpcError(code, `Switching to chain ${id} failed (code ${code}).`)
        }
        if (nextSwitchDecline !== undefined) {
          const shape = nextSwitchDecline
          nextSwitchDecline = undefined
          throw switchDeclined(shape)
        }
        if (!chains.has(id))
          throw new ProviderRpcError(
            ProviderErrorCode.unrecognizedChain,
            `Unrecognized chain ID "${toHexChainId(id)}". Try adding the chain using wallet_addEthereumChain first.`,
          )
        if (id !== chainId) prompt()
        setChain(id)
        return null
      }
      case 'wallet_getCapabilities':
        return getCapabilities(params, {
          chains,
          accounts: exposedAccounts(),
          assetDiscovery,
          batchCalls,
        })
      case 'wallet_sendCalls':
      case 'wallet_getCallsStatus':
      case 'wallet_showCallsStatus':
        if (!batchCalls)
          throw new ProviderRpcError(
            ProviderErrorCode.unsupportedMethod,
            `The wallet does not support ${method}.`,
          )
        if (method === 'wallet_sendCalls') return batches.sendCalls(params)
        return method === 'wallet_getCallsStatus'
          ? batches.getCallsStatus(params)
          : batches.showCallsStatus(params)
      case 'wallet_getAssets':
        if (!assetDiscovery)
          throw new ProviderRpcError(ProviderErrorCode.unsupportedMethod, 'The wallet does not list assets.')
        return getAssets(params, {
          chains,
          accounts: exposedAccounts(),
          tokens: assetTokens,
        })
      case 'wallet_addEthereumChain': {
        const [parameter] = paramList(params)
        const chain = parseAddEthereumChainParameter(parameter)
        prompt()
        if (!chains.has(chain.id)) chains.set(chain.id, chain)
        setChain(chain.id)
        return null
      }
      default:
        if (UNSUPPORTED.has(method) || method.startsWith('wallet_'))
          throw new ProviderRpcError(
            ProviderErrorCode.unsupportedMethod,
            `The wallet does not support ${method}.`,
          )
        return forwardRpc(currentChain().rpcUrl, method, paramList(params))
    }
  }

  const provider: TestWalletProvider = {
    isLatchTestWallet: true,
    async request(args: RequestArguments) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string' || args.method === '')
        throw invalidParams('request expects { method: string, params? }.')
      log.push(args.method)
      try {
        return await handle(args.method, args.params)
      } catch (error) {
        if (error instanceof ProviderRpcError) throw error
        throw new ProviderRpcError(
          ProviderErrorCode.internal,
          error instanceof Error ? error.message : 'Internal wallet error.',
        )
      }
    },
    on: (event, listener) => events.on(event, listener),
    removeListener: (event, listener) => events.removeListener(event, listener),
  }
  // Extra EventEmitter methods some libraries call; not part of EIP-1193's minimum.
  Object.assign(provider, {
    off: (event: string, listener: (...args: unknown[]) => void) => events.off(event, listener),
    once: (event: string, listener: (...args: unknown[]) => void) => events.once(event, listener),
    listenerCount: (event: string) => events.listenerCount(event),
  })

  // EIP-1193: announce reachability once listeners had a chance to subscribe.
  queueMicrotask(() => events.emit('connect', { chainId: toHexChainId(chainId) }))

  return {
    provider,
    info: {
      name: options.name ?? DEV_WALLET_NAME,
      rdns: options.rdns ?? DEV_WALLET_RDNS,
      icon: options.icon ?? DEV_WALLET_ICON,
    },
    controls: {
      setApproval(next) {
        if (next !== 'approve' && next !== 'reject') throw new Error(`Unknown approval "${String(next)}".`)
        approval = next
      },
      rejectNext(n = 1) {
        if (!Number.isInteger(n) || n < 0) throw new Error('rejectNext expects a non-negative integer.')
        pendingRejections += n
      },
      failNextSwitch(code) {
        if (!Number.isInteger(code)) throw new Error('failNextSwitch expects an integer error code.')
        nextSwitchFailure = code
      },
      declineNextSwitch(shape = 'plain') {
        if (!SWITCH_DECLINE_SHAPES.includes(shape))
          throw new Error(
            `Unknown decline shape "${String(shape)}"; one of ${SWITCH_DECLINE_SHAPES.join(', ')}.`,
          )
        nextSwitchDecline = shape
      },
      setAccount(index) {
        if (!Number.isInteger(index) || !accounts[index])
          throw new Error(`No account at index ${index}; the wallet holds ${accounts.length}.`)
        if (index === accountIndex) return
        accountIndex = index
        persist()
        if (authorized) events.emit('accountsChanged', exposedAccounts())
      },
      setContractAccount(address) {
        assertContractAccount(address)
        if (address?.toLowerCase() === contractAccount?.toLowerCase()) return
        contractAccount = address
        if (authorized) events.emit('accountsChanged', exposedAccounts())
      },
      changeChain(id) {
        if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`Invalid chain id ${String(id)}.`)
        setChain(id)
      },
      disconnect() {
        revoke()
        if (!connected) return
        connected = false
        events.emit(
          'disconnect',
          new ProviderRpcError(ProviderErrorCode.disconnected, 'The wallet disconnected.'),
        )
      },
      setAssetDiscovery(on) {
        if (on && options.assets === undefined)
          throw new Error('The wallet has no asset list (`assets` option).')
        assetDiscovery = on
      },
      setBatchCalls(on) {
        batchCalls = on
      },
      requests: () => [...log],
      forgetChain(id) {
        chains.delete(id)
      },
    },
  }
}
