// The EVM adapter's actions that run only once the visitor acts (connect, switch, sign, send,
// read a balance): loaded with import() on first use, so the first load carries neither them
// nor the viem actions they use.
import {
  AdapterOrConnectorNotFoundError,
  type ConnectResult,
  InvalidWalletResponseError,
  NotConnectedError,
} from '@latch/core'
import {
  type Config,
  disconnect,
  type Connector as WagmiConnector,
  connect as wagmiConnect,
  sendTransaction as wagmiSendTransaction,
  signMessage as wagmiSignMessage,
} from '@wagmi/core'
import { type Chain, encodeFunctionData, erc20Abi, formatUnits, type Hex, numberToHex } from 'viem'
import { toCodedError } from './errors.js'
import type { EvmAdapter } from './evmAdapter.js'
import { toAddEthereumChainParameter, toEvmChainId } from './network.js'
import { providerConnector } from './providerConnector.js'
import { type EndpointClients, readClient } from './readClient.js'
import { toSendError } from './refusal.js'
import { assertAddressArgument, assertHexArgument, parseSignature, parseTransactionHash } from './validate.js'
import { type GetConnectionReturnType, getConnection } from './wagmiConnection.js'

/** What the eager part of the adapter shares with its actions. */
export interface EvmActionsHost {
  config: Config
  connectorOf(id: string): WagmiConnector | undefined
  toConnectResult(connection: GetConnectionReturnType): Promise<ConnectResult>
  /** The project's RPC endpoint to read `chain` through, when the app gave no transport of its own. */
  endpointOf(chain: Chain): string | undefined
  endpointClients: EndpointClients
}

type Names = typeof import('./names.js')

// ENS lives on Ethereum (chain 1): names are read only there, through the app's own RPC of that
// chain (its transport, or the project's RPC endpoint), and only when the app configured it.
async function ethereumClient(host: EvmActionsHost) {
  return host.config.chains.some((chain) => chain.id === 1) ? readClient(host, 1) : undefined
}

/** The account's ENS name and avatar record; the ENS code (viem/ens) loads only when asked. */
export async function lookupName(host: EvmActionsHost, parameters: Parameters<Names['lookupName']>[1]) {
  const client = await ethereumClient(host)
  return client ? (await import('./names.js')).lookupName(client, parameters) : null
}

/** The address an ENS name points at; the ENS code loads only when asked. */
export async function resolveName(host: EvmActionsHost, parameters: Parameters<Names['resolveName']>[1]) {
  const client = await ethereumClient(host)
  return client ? (await import('./names.js')).resolveName(client, parameters) : null
}

type Eip1193 = { request(args: { method: string; params?: unknown }): Promise<unknown> }
type ActionName =
  | 'connect'
  | 'attachSession'
  | 'switchNetwork'
  | 'addNetwork'
  | 'signMessage'
  | 'sendTransaction'
  | 'prepareTransfer'
  | 'waitForTransaction'
  | 'getBalance'
  | 'verifyMessage'
  | 'request'
type Args<K extends ActionName> = Parameters<NonNullable<EvmAdapter[K]>>[0]
type Result<K extends ActionName> = ReturnType<NonNullable<EvmAdapter[K]>>

/** The connected wallet's EIP-1193 provider. */
export async function connectedProvider(config: Config): Promise<Eip1193> {
  const { connector, status } = getConnection(config)
  if (status !== 'connected' || !connector) throw new NotConnectedError()
  const current = (await connector.getProvider()) as Eip1193 | undefined
  if (!current || typeof current.request !== 'function')
    throw new InvalidWalletResponseError({ what: 'provider' })
  return current
}

export async function connect(
  host: EvmActionsHost,
  { connectorId, caipNetwork }: Args<'connect'>,
): Result<'connect'> {
  const { config } = host
  const connector = host.connectorOf(connectorId)
  if (!connector) throw new AdapterOrConnectorNotFoundError({ namespace: 'eip155' })
  const chainId = caipNetwork ? toEvmChainId(caipNetwork) : undefined
  const current = getConnection(config)
  if (current.status === 'connected' && current.connector?.uid === connector.uid)
    return host.toConnectResult(current)
  const configured = config.chains.some((chain) => chain.id === chainId) ? (chainId as number) : undefined
  try {
    await wagmiConnect(config, { connector, chainId: configured })
  } catch (error) {
    throw toCodedError(error, 'The wallet did not connect.')
  }
  return host.toConnectResult(getConnection(config))
}

export async function attachSession(
  host: EvmActionsHost,
  { connectorId, provider: given, walletName, walletIcon, caipNetwork }: Args<'attachSession'>,
): Result<'attachSession'> {
  const { config } = host
  const eip1193 = given as Parameters<typeof providerConnector>[0]['provider'] | undefined
  if (!eip1193 || typeof eip1193.request !== 'function')
    throw new InvalidWalletResponseError({ what: 'eip155 provider' })
  const chainId = caipNetwork ? toEvmChainId(caipNetwork) : undefined
  const current = getConnection(config)
  if (current.status === 'connected') await disconnect(config).catch(() => undefined)
  try {
    await wagmiConnect(config, {
      connector: providerConnector({
        id: connectorId,
        name: walletName,
        type: 'walletConnect',
        icon: walletIcon,
        provider: eip1193,
      }),
      chainId: config.chains.some((chain) => chain.id === chainId) ? chainId : undefined,
    })
  } catch (error) {
    throw toCodedError(error, 'The wallet did not connect.')
  }
  return host.toConnectResult(getConnection(config))
}

export async function switchNetwork(
  host: EvmActionsHost,
  { caipNetwork }: Args<'switchNetwork'>,
): Result<'switchNetwork'> {
  const { config } = host
  const chainId = toEvmChainId(caipNetwork)
  const wallet = await connectedProvider(config)
  try {
    await wallet.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chainId) }],
    })
  } catch (error) {
    throw toCodedError(error, `Failed to switch to chain ${chainId}.`)
  }
}

export async function addNetwork(
  host: EvmActionsHost,
  { caipNetwork }: Args<'addNetwork'>,
): Result<'addNetwork'> {
  const { config } = host
  const wallet = await connectedProvider(config)
  try {
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [toAddEthereumChainParameter(caipNetwork)],
    })
  } catch (error) {
    throw toCodedError(error, `Failed to add chain ${caipNetwork.caipNetworkId}.`)
  }
}

export async function signMessage(
  host: EvmActionsHost,
  { message, address }: Args<'signMessage'>,
): Result<'signMessage'> {
  const { config } = host
  const account = assertAddressArgument(address, 'signer')
  let signature: unknown
  try {
    signature = await wagmiSignMessage(config, { message, account })
  } catch (error) {
    throw toCodedError(error, 'Signature declined')
  }
  return parseSignature(signature)
}

export async function sendTransaction(
  host: EvmActionsHost,
  { transaction, caipNetwork }: Args<'sendTransaction'>,
): Result<'sendTransaction'> {
  const { config } = host
  const { to, value, data } = transaction
  if (value !== undefined && typeof value !== 'bigint')
    throw new InvalidWalletResponseError({ what: 'transaction value' })
  const request = {
    to: assertAddressArgument(to, 'recipient'),
    value,
    data: assertHexArgument(data, 'transaction data'),
    chainId: toEvmChainId(caipNetwork),
  }
  let hash: unknown
  try {
    hash = await wagmiSendTransaction(config, request)
  } catch (error) {
    throw toSendError(error, 'The transaction was not sent.')
  }
  return parseTransactionHash(hash)
}

/**
 * The 'test' ping on open (spec §7): where the kit reads `chainId` through the project's RPC
 * endpoint, opens its client and proves the chain the endpoint serves (readClient's check),
 * which the next read then finds done. Nothing where the app reads over a transport of its own.
 */
export async function pingEndpoint(host: EvmActionsHost, chainId: number): Promise<void> {
  const chain = host.config.chains.find((candidate) => candidate.id === chainId)
  if (chain === undefined || host.endpointOf(chain) === undefined) return
  await readClient(host, chainId)
}

/**
 * A native transfer (`value` to the recipient) or an ERC-20 `transfer(to, amount)` call on the
 * token's contract, with the fee the node estimates for it: gas × the max fee per gas (or the
 * gas price on a chain without EIP-1559, where viem's estimate refuses).
 */
export async function prepareTransfer(
  host: EvmActionsHost,
  { from, to, amount, token, caipNetwork }: Args<'prepareTransfer'>,
): Result<'prepareTransfer'> {
  const client = await readClient(host, toEvmChainId(caipNetwork))
  const recipient = assertAddressArgument(to, 'recipient')
  const transaction = token
    ? {
        to: assertAddressArgument(token, 'token'),
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
      }
    : { to: recipient, value: amount }
  const [gas, fees] = await Promise.all([
    client.estimateGas({ account: assertAddressArgument(from, 'sender'), ...transaction }),
    client.estimateFeesPerGas().catch(async () => ({ maxFeePerGas: await client.getGasPrice() })),
  ])
  return { transaction, fee: gas * fees.maxFeePerGas }
}

export async function waitForTransaction(
  host: EvmActionsHost,
  { hash, caipNetwork }: Args<'waitForTransaction'>,
): Result<'waitForTransaction'> {
  const client = await readClient(host, toEvmChainId(caipNetwork))
  const receipt = await client.waitForTransactionReceipt({ hash: parseTransactionHash(hash) })
  return { status: receipt.status, blockNumber: receipt.blockNumber }
}

export async function getBalance(
  host: EvmActionsHost,
  { address, caipNetwork }: Args<'getBalance'>,
): Result<'getBalance'> {
  // A plain eth_getBalance on the app's transport (or the project's endpoint): wagmi's
  // getBalance goes through multicall3 by default, which a fresh local node does not have.
  const client = await readClient(host, toEvmChainId(caipNetwork))
  const raw = await client.request({
    method: 'eth_getBalance',
    params: [assertAddressArgument(address, 'account'), 'latest'],
  })
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw))
    throw new InvalidWalletResponseError({ what: 'balance' })
  const { decimals, symbol } = caipNetwork.nativeCurrency
  return { balance: formatUnits(BigInt(raw), decimals), symbol }
}

export async function verifyMessage(
  host: EvmActionsHost,
  { address, message, signature, caipNetwork }: Args<'verifyMessage'>,
): Result<'verifyMessage'> {
  const client = await readClient(host, toEvmChainId(caipNetwork))
  return client.verifyMessage({
    address: assertAddressArgument(address, 'signer'),
    message,
    signature: parseSignature(signature) as Hex,
  })
}

export async function request(host: EvmActionsHost, { method, params }: Args<'request'>): Result<'request'> {
  const { config } = host
  const wallet = await connectedProvider(config)
  try {
    return await wallet.request({ method, params })
  } catch (error) {
    throw toCodedError(error, `The wallet failed ${method}.`)
  }
}
