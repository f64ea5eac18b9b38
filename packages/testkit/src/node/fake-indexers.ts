import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A token transfer inside a {@link FakeTransaction}. */
export interface FakeTokenTransfer {
  standard: 'ERC-20' | 'ERC-721' | 'ERC-1155'
  token: string
  symbol: string
  /** ERC-20 only. */
  decimals?: number
  from: string
  to: string
  /** The raw amount (ERC-20, ERC-1155). */
  value?: string
  tokenId?: string
  logIndex: number
}

/** One transaction a fake indexer knows, in the test's own terms. */
export interface FakeTransaction {
  hash: string
  blockNumber: number
  /** Seconds since 1970. */
  timestamp: number
  from: string
  to: string | null
  /** Wei, as a decimal integer. */
  value: string
  failed?: boolean
  transfers?: FakeTokenTransfer[]
}

/** How a fake indexer answers: as the real API does, or as it fails. */
export type FakeIndexerMode = 'ok' | 'rate-limited' | 'garbage' | 'down' | 'slow' | 'malformed'

/** A running fake indexer. */
export interface FakeIndexer {
  url: string
  /** The transactions it serves; tests may change them. */
  transactions: FakeTransaction[]
  mode: FakeIndexerMode
  /** The URLs asked, path and query. */
  requests: string[]
  close(): Promise<void>
}

const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase()
const touches = (t: { from: string; to: string | null }, address: string) =>
  same(t.from, address) || same(t.to, address)
const newestFirst = (a: FakeTransaction, b: FakeTransaction) =>
  b.blockNumber - a.blockNumber || (a.hash < b.hash ? 1 : -1)

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function start(
  handle: (fake: FakeIndexer, url: URL, response: ServerResponse) => void,
  transactions: FakeTransaction[],
): Promise<FakeIndexer> {
  const fake: FakeIndexer = { url: '', transactions, mode: 'ok', requests: [], close: async () => {} }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    fake.requests.push(`${url.pathname}${url.search}`)
    if (fake.mode === 'down') return send(response, 503, { message: 'Service Unavailable' })
    if (fake.mode === 'garbage')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>')
    if (fake.mode === 'slow') return void setTimeout(() => handle(fake, url, response), 3_000)
    handle(fake, url, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fake
}

/**
 * A fake Etherscan API v2 on loopback (`GET {url}/v2/api?chainid&module=account&action…`), with
 * the documented answers: `{ status: '1', message: 'OK', result: [...] }`, `status: '0'` with
 * 'No transactions found' and `[]`, 'Invalid API Key' and the rate-limit text as a string
 * `result`. Actions: txlist, tokentx, tokennfttx, token1155tx; paging with page and offset.
 *
 * @example
 * const etherscan = await startFakeEtherscan({ apiKey: 'TESTKEY1', transactions })
 */
export function startFakeEtherscan(options: {
  apiKey: string
  transactions?: FakeTransaction[]
}): Promise<FakeIndexer> {
  return start((fake, url, response) => {
    const q = url.searchParams
    const notOk = (result: string) => send(response, 200, { status: '0', message: 'NOTOK', result })
    if (url.pathname !== '/v2/api') return send(response, 404, { message: 'Not found' })
    if (fake.mode === 'rate-limited') return notOk('Max calls per sec rate limit reached (5/sec)')
    if (q.get('apikey') !== options.apiKey) return notOk('Invalid API Key')
    if (!/^\d+$/.test(q.get('chainid') ?? ''))
      return notOk('Missing or unsupported chainid parameter (required for v2 api)')
    const address = q.get('address') ?? ''
    const action = q.get('action')
    const page = Number(q.get('page') ?? 1)
    const offset = Number(q.get('offset') ?? 10_000)
    const sorted = [...fake.transactions].sort(newestFirst)
    const common = (t: FakeTransaction) => ({
      blockNumber: String(t.blockNumber),
      timeStamp: String(t.timestamp),
      hash: t.hash,
      nonce: '0',
      blockHash: `0x${'ab'.repeat(32)}`,
      transactionIndex: '0',
      gas: '21000',
      gasPrice: '1000000000',
      gasUsed: '21000',
      cumulativeGasUsed: '21000',
      input: 'deprecated',
      confirmations: '12',
    })
    let rows: Record<string, unknown>[]
    if (action === 'txlist')
      rows = sorted
        .filter((t) => touches(t, address))
        .map((t) => ({
          ...common(t),
          from: t.from.toLowerCase(),
          to: (t.to ?? '').toLowerCase(),
          value: t.value,
          contractAddress: '',
          isError: t.failed ? '1' : '0',
          txreceipt_status: t.failed ? '0' : '1',
          methodId: '0x',
          functionName: '',
        }))
    else if (action === 'tokentx' || action === 'tokennfttx' || action === 'token1155tx') {
      const standard = action === 'tokentx' ? 'ERC-20' : action === 'tokennfttx' ? 'ERC-721' : 'ERC-1155'
      rows = sorted.flatMap((t) =>
        (t.transfers ?? [])
          .filter((x) => x.standard === standard && touches(x, address))
          .map((x) => ({
            ...common(t),
            from: x.from.toLowerCase(),
            to: x.to.toLowerCase(),
            contractAddress: x.token.toLowerCase(),
            tokenName: x.symbol,
            tokenSymbol: x.symbol,
            tokenDecimal: standard === 'ERC-20' ? String(x.decimals ?? 18) : '0',
            ...(standard === 'ERC-20' ? { value: x.value ?? '0' } : { tokenID: x.tokenId ?? '0' }),
            ...(standard === 'ERC-1155' ? { tokenValue: x.value ?? '1' } : {}),
          })),
      )
    } else return notOk('Error! Missing Or invalid Action name')
    const slice = rows.slice((page - 1) * offset, page * offset)
    if (fake.mode === 'malformed')
      return send(response, 200, {
        status: '1',
        message: 'OK',
        result: slice.map((r) => ({ ...r, hash: 'nope' })),
      })
    if (slice.length === 0)
      return send(response, 200, { status: '0', message: 'No transactions found', result: [] })
    send(response, 200, { status: '1', message: 'OK', result: slice })
  }, options.transactions ?? [])
}

/**
 * A fake Blockscout REST API v2 on loopback: `GET {url}/api/v2/addresses/{address}/transactions`
 * and `/token-transfers`, answering `{ items, next_page_params }` in the documented shape
 * (addresses as `{ hash }` objects, ISO timestamps, `status` 'ok' or 'error', token transfers
 * with `token` and `total`), paged by `next_page_params`; 429 when rate-limited.
 *
 * @example
 * const blockscout = await startFakeBlockscout({ transactions })
 */
export function startFakeBlockscout(
  options: { transactions?: FakeTransaction[] } = {},
): Promise<FakeIndexer> {
  return start((fake, url, response) => {
    if (fake.mode === 'rate-limited') return send(response, 429, { message: 'Too Many Requests' })
    const match = /^\/api\/v2\/addresses\/(0x[0-9a-fA-F]{40})\/(transactions|token-transfers)$/.exec(
      url.pathname,
    )
    if (!match) return send(response, 404, { message: 'Not found' })
    const [, address = '', list] = match
    const size = Math.min(Number(url.searchParams.get('items_count') ?? 50), 50)
    const after = Number(url.searchParams.get('index') ?? -1)
    const who = (hash: string | null) =>
      hash === null ? null : { hash, is_contract: false, name: null, ens_domain_name: null }
    const sorted = [...fake.transactions].sort(newestFirst)
    const all =
      list === 'transactions'
        ? sorted
            .filter((t) => touches(t, address))
            .map((t) => ({
              hash: t.hash,
              block_number: t.blockNumber,
              timestamp: new Date(t.timestamp * 1000).toISOString(),
              from: who(t.from),
              to: who(t.to),
              value: t.value,
              status: t.failed ? 'error' : 'ok',
              result: t.failed ? 'Reverted' : 'success',
              fee: { type: 'actual', value: '21000000000000' },
              method: null,
              transaction_types: ['coin_transfer'],
            }))
        : sorted.flatMap((t) =>
            (t.transfers ?? [])
              .filter((x) => touches(x, address))
              .map((x) => ({
                transaction_hash: t.hash,
                block_number: t.blockNumber,
                log_index: x.logIndex,
                timestamp: new Date(t.timestamp * 1000).toISOString(),
                from: who(x.from),
                to: who(x.to),
                type: 'token_transfer',
                method: 'transfer',
                token: {
                  address_hash: x.token,
                  symbol: x.symbol,
                  name: x.symbol,
                  decimals: x.standard === 'ERC-20' ? String(x.decimals ?? 18) : null,
                  type: x.standard,
                },
                total:
                  x.standard === 'ERC-20'
                    ? { value: x.value ?? '0', decimals: String(x.decimals ?? 18) }
                    : x.standard === 'ERC-721'
                      ? { token_id: x.tokenId ?? '0' }
                      : { token_id: x.tokenId ?? '0', value: x.value ?? '1', decimals: null },
              })),
          )
    const indexed = all.map((item, index) => ({ item, index })).filter(({ index }) => index > after)
    const items = indexed.slice(0, size).map(({ item }) => item)
    const last = indexed[size - 1]
    const next =
      indexed.length > size && last
        ? { block_number: last.item.block_number, index: last.index, items_count: size }
        : null
    if (fake.mode === 'malformed')
      return send(response, 200, { items: items.map(() => ({ hash: 42 })), next_page_params: next })
    send(response, 200, { items, next_page_params: next })
  }, options.transactions ?? [])
}
