// A Bitcoin regtest stand-in with an Esplora-shaped REST API over a real UTXO set, for tests and
// `npm start` where no bitcoind installs. Transactions are parsed with @scure/btc-signer, every
// input's signature is checked against the output it spends (P2WPKH and P2TR key path), and each
// accepted transaction is mined at once in a block of its own. Node only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { hex } from '@scure/base'
import { Address, OutScript, p2pkh, p2wpkh, RawTx, Script, SigHash, Transaction } from '@scure/btc-signer'
import { REGTEST_NETWORK } from './keys.js'

export interface StartBitcoinRegtestOptions {
  port?: number | undefined
  host?: string | undefined
  /** Outputs that exist from the start: satoshis per address (one funding output each). */
  funded?: readonly { address: string; sats: bigint }[] | undefined
}

export interface BitcoinRegtestInstance {
  /** The API's base URL (`http://host:port`), as an Esplora client takes it. */
  url: string
  /** Height of the last block. */
  height(): number
  /** Adds an output paying `sats` to `address` in a new block; resolves with its txid. */
  fund(address: string, sats: bigint): string
  stop(): Promise<void>
}

interface Utxo {
  txid: string
  vout: number
  value: bigint
  script: string
  height: number
  spentBy?: string | undefined
}

const MAX_BODY = 400_000

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
  response.end(JSON.stringify(body, (_, v) => (typeof v === 'bigint' ? Number(v) : v)))
}

function text(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' })
  response.end(body)
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        reject(new Error('Transaction too large.'))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** Checks input `index`'s witness against the output it spends; a message when it does not hold. */
function checkInput(tx: Transaction, index: number, prevouts: Utxo[]): string | undefined {
  const prev = prevouts[index] as Utxo
  const script = hex.decode(prev.script)
  const witness = tx.getInput(index).finalScriptWitness ?? []
  const type = OutScript.decode(script).type
  if (type === 'wpkh') {
    const [signature, publicKey] = witness
    if (witness.length !== 2 || !signature || !publicKey)
      return 'non-mandatory-script-verify-flag (Witness program hash mismatch)'
    if (hex.encode(p2wpkh(publicKey).script) !== prev.script)
      return 'non-mandatory-script-verify-flag (Witness program hash mismatch)'
    const hashType = signature[signature.length - 1] as number
    const hash = tx.preimageWitnessV0(index, p2pkh(publicKey).script, hashType, prev.value)
    return secp256k1.verify(signature.subarray(0, -1), hash, publicKey, { format: 'der' })
      ? undefined
      : 'non-mandatory-script-verify-flag (Signature must be zero for failed CHECK(MULTI)SIG operation)'
  }
  if (type === 'tr') {
    const [signature] = witness
    if (witness.length !== 1 || !signature || (signature.length !== 64 && signature.length !== 65))
      return 'non-mandatory-script-verify-flag (Invalid Schnorr signature)'
    const hashType = signature.length === 65 ? (signature[64] as number) : SigHash.DEFAULT
    const hash = tx.preimageWitnessV1(
      index,
      prevouts.map((p) => hex.decode(p.script)),
      hashType,
      prevouts.map((p) => p.value),
    )
    return schnorr.verify(signature.subarray(0, 64), hash, script.subarray(2))
      ? undefined
      : 'non-mandatory-script-verify-flag (Invalid Schnorr signature)'
  }
  return 'bad-txns-nonstandard-inputs'
}

/**
 * Starts the regtest stand-in. Routes (Esplora's): `GET /blocks/tip/height`, `GET /address/:a`,
 * `GET /address/:a/utxo`, `GET /fee-estimates`, `POST /tx` (raw hex; answers the txid),
 * `GET /tx/:txid/status`, `GET /tx/:txid/hex`.
 */
export async function startBitcoinRegtest(
  options: StartBitcoinRegtestOptions = {},
): Promise<BitcoinRegtestInstance> {
  const host = options.host ?? '127.0.0.1'
  const utxos = new Map<string, Utxo>()
  const txs = new Map<string, { hex: string; height: number }>()
  let height = 0
  let fundings = 0

  function scriptOf(address: string): string {
    return hex.encode(OutScript.encode(Address(REGTEST_NETWORK).decode(address)))
  }

  function fund(address: string, sats: bigint): string {
    const script = hex.decode(scriptOf(address))
    fundings += 1
    height += 1
    // A coinbase-shaped transaction: no real input, one output to the address.
    const raw = RawTx.encode({
      version: 2,
      segwitFlag: false,
      inputs: [
        {
          txid: new Uint8Array(32),
          index: 0xffffffff,
          finalScriptSig: Script.encode([new TextEncoder().encode(`latch regtest ${fundings}`)]),
          sequence: 0xffffffff,
        },
      ],
      outputs: [{ amount: sats, script }],
      witnesses: undefined,
      lockTime: 0,
    })
    const txid = Transaction.fromRaw(raw, { allowUnknownInputs: true, disableScriptCheck: true }).id
    txs.set(txid, { hex: hex.encode(raw), height })
    utxos.set(`${txid}:0`, { txid, vout: 0, value: sats, script: hex.encode(script), height })
    return txid
  }

  for (const { address, sats } of options.funded ?? []) fund(address, sats)

  function accept(rawHex: string): { txid: string } | { error: string } {
    let tx: Transaction
    try {
      if (!/^([0-9a-f]{2})+$/i.test(rawHex)) throw new Error()
      tx = Transaction.fromRaw(hex.decode(rawHex.toLowerCase()), { allowUnknownOutputs: true })
    } catch {
      return { error: 'TX decode failed' }
    }
    const prevouts: Utxo[] = []
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i)
      const prev = utxos.get(`${hex.encode(input.txid as Uint8Array)}:${input.index}`)
      if (!prev) return { error: 'bad-txns-inputs-missingorspent' }
      if (prev.spentBy) return { error: 'bad-txns-inputs-missingorspent' }
      prevouts.push(prev)
    }
    for (let i = 0; i < tx.inputsLength; i++) {
      const problem = checkInput(tx, i, prevouts)
      if (problem) return { error: problem }
    }
    if (txs.has(tx.id)) return { error: 'Transaction already in block chain' }
    const inSum = prevouts.reduce((sum, p) => sum + p.value, 0n)
    let outSum = 0n
    for (let i = 0; i < tx.outputsLength; i++) outSum += tx.getOutput(i).amount ?? 0n
    if (outSum > inSum) return { error: 'bad-txns-in-belowout' }
    height += 1
    const txid = tx.id
    for (const prev of prevouts) prev.spentBy = txid
    for (let i = 0; i < tx.outputsLength; i++) {
      const output = tx.getOutput(i)
      utxos.set(`${txid}:${i}`, {
        txid,
        vout: i,
        value: output.amount ?? 0n,
        script: hex.encode(output.script as Uint8Array),
        height,
      })
    }
    txs.set(txid, { hex: rawHex.toLowerCase(), height })
    return { txid }
  }

  function stats(address: string) {
    const script = scriptOf(address)
    const mine = [...utxos.values()].filter((u) => u.script === script)
    const spent = mine.filter((u) => u.spentBy)
    const sum = (list: Utxo[]) => list.reduce((s, u) => s + u.value, 0n)
    return {
      address,
      chain_stats: {
        funded_txo_count: mine.length,
        funded_txo_sum: sum(mine),
        spent_txo_count: spent.length,
        spent_txo_sum: sum(spent),
        tx_count: new Set([...mine.map((u) => u.txid), ...spent.map((u) => u.spentBy)]).size,
      },
      mempool_stats: {
        funded_txo_count: 0,
        funded_txo_sum: 0,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 0,
      },
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const path = url.pathname.replace(/\/+$/, '')
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type, accept',
      })
      response.end()
      return
    }
    if (request.method === 'POST' && path === '/tx') {
      const result = accept((await readBody(request)).trim())
      if ('error' in result)
        text(response, 400, `sendrawtransaction RPC error: {"code":-26,"message":"${result.error}"}`)
      else text(response, 200, result.txid)
      return
    }
    if (request.method !== 'GET') return text(response, 405, 'Method not allowed')
    if (path === '/blocks/tip/height') return text(response, 200, String(height))
    if (path === '/fee-estimates') return json(response, 200, { '1': 2, '3': 1, '6': 1, '144': 1 })
    let match = /^\/address\/([a-z0-9]{14,90})(\/utxo)?$/i.exec(path)
    if (match) {
      const address = match[1] as string
      try {
        scriptOf(address)
      } catch {
        return text(response, 400, 'Invalid Bitcoin address')
      }
      if (!match[2]) return json(response, 200, stats(address))
      const script = scriptOf(address)
      return json(
        response,
        200,
        [...utxos.values()]
          .filter((u) => u.script === script && !u.spentBy)
          .map((u) => ({
            txid: u.txid,
            vout: u.vout,
            status: { confirmed: true, block_height: u.height },
            value: u.value,
          })),
      )
    }
    match = /^\/tx\/([0-9a-f]{64})\/(status|hex)$/.exec(path)
    if (match) {
      const tx = txs.get(match[1] as string)
      if (!tx) return text(response, 404, 'Transaction not found')
      if (match[2] === 'hex') return text(response, 200, tx.hex)
      return json(response, 200, { confirmed: true, block_height: tx.height })
    }
    text(response, 404, 'Not found')
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) text(response, 400, error instanceof Error ? error.message : 'Bad request')
    })
  })
  const port = options.port ?? 0
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `The Bitcoin regtest API could not listen on ${host}:${port}: the port is already in use.`,
            )
          : error,
      ),
    )
    server.listen(port, host, () => resolve())
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://${host}:${actualPort}`,
    height: () => height,
    fund,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
