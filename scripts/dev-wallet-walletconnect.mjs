// The Latch Dev Wallet's WalletConnect side for `npm start`: a wallet peer (WalletConnect's own
// sign client in the wallet role, with a funded local key) and a tiny loopback endpoint the demo's
// Dev Wallet panel posts the modal's `wc:` URI to. The peer pairs, approves the session and answers
// signing and sending requests against the local chains, so the whole QR flow runs on one machine.
// Like a current wallet app it approves the solana namespace too when the dapp asks (its own
// ed25519 key, sending to the local Solana chain), the cosmos one (a secp256k1 key, signing
// only) and the bip122 one (its regtest keys, answering WalletConnect's Bitcoin methods and
// broadcasting to the regtest API), and answers one-click sign-in requests
// (WalletConnect's authenticate): one approval connects and signs in. It approves the polkadot
// namespace too (Polkadot and Westend, an sr25519 key of the test mnemonic): those chains need no
// node, since the kit only signs there.
import { createServer } from 'node:http'
import { join } from 'node:path'

/** Loopback origins on any port: the demo, or a second demo server beside it (the e2e tests run one). */
const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}$/

/** Polkadot and Westend (CAIP-2, genesis hash prefixes), the demo's networks with `?polkadot=on`. */
const POLKADOT_CHAINS = [
  'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
]

/**
 * @param {{ root: string, port: number, relayUrl: string, projectId: string, chains: { id: number, rpcUrl: string }[], solana?: { id: string, rpcUrl: string }, bitcoin?: { accountIndex: number, chains: { id: string, apiUrl: string }[] } }} options
 */
export async function startDevWalletWalletConnect({
  root,
  port,
  relayUrl,
  projectId,
  chains,
  solana,
  bitcoin,
}) {
  const { createWalletPeer } = await import(join(root, 'packages/testkit/dist/walletconnect/index.js'))
  const { TEST_ACCOUNTS, SOLANA_TEST_SEEDS } = await import(join(root, 'packages/testkit/dist/index.js'))
  const peer = await createWalletPeer({
    relayUrl,
    projectId,
    privateKeys: [TEST_ACCOUNTS[1].privateKey],
    chains,
    ...(solana ? { solana: { seed: SOLANA_TEST_SEEDS[2], chains: [solana] } } : {}),
    // Its Cosmos side: the test mnemonic's third Cosmos key on the demo's Cosmos chains.
    cosmos: {
      accountIndex: 2,
      chains: [
        { id: 'cosmos:latch-local-1', prefix: 'cosmos' },
        { id: 'cosmos:cosmoshub-4', prefix: 'cosmos' },
        { id: 'cosmos:osmosis-1', prefix: 'osmo' },
      ],
    },
    polkadot: { chains: POLKADOT_CHAINS },
    ...(bitcoin ? { bitcoin } : {}),
    authenticate: true,
  })
  const server = createServer(async (request, response) => {
    const origin = request.headers.origin ?? ''
    if (LOOPBACK_ORIGIN.test(origin)) {
      response.setHeader('access-control-allow-origin', origin)
      response.setHeader('access-control-allow-headers', 'content-type')
    }
    if (request.method === 'OPTIONS') return response.writeHead(204).end()
    const reply = (status, body) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (request.method !== 'POST' || request.url !== '/pair') return reply(404, { message: 'Not found' })
    let body = ''
    for await (const chunk of request) {
      body += chunk
      if (body.length > 4096) return reply(413, { message: 'The URI is too long.' })
    }
    let uri
    try {
      uri = JSON.parse(body).uri
    } catch {
      return reply(400, { message: 'Send JSON: { "uri": "wc:…" }.' })
    }
    if (typeof uri !== 'string' || !/^wc:[0-9a-f]{64}@2\?\S+$/.test(uri.trim())) {
      return reply(400, { message: 'That is not a WalletConnect pairing URI (wc:…@2?…).' })
    }
    try {
      const approval = peer.approveNextConnection({ timeoutMs: 15_000 })
      await peer.pair(uri.trim())
      const { kind, session } = await approval
      const solanaAccount = session?.namespaces.solana?.accounts?.[0]
      const bitcoinAccount = session?.namespaces.bip122?.accounts?.[0]
      reply(200, {
        address: peer.address,
        signedIn: kind === 'authenticate',
        ...(solanaAccount ? { solanaAddress: peer.solanaAddress } : {}),
        ...(bitcoinAccount ? { bitcoinAddress: peer.bitcoinAddress } : {}),
      })
    } catch (error) {
      reply(502, { message: `Pairing failed: ${error instanceof Error ? error.message : String(error)}` })
    }
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve))
      await peer.stop()
    },
  }
}
