import { TEST_ACCOUNTS } from '@latch/testkit'
import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS } from '@latch/testkit/wallet'
import { createWalletPeer, type LocalRelay, startRelay, type WalletPeer } from '@latch/testkit/walletconnect'
import type { Page } from '@playwright/test'
import { createSolanaRpc } from '@solana/kit'
import { expect, modal, test } from './fixtures.js'
import { ports } from './playwright.config.js'

// A phone wallet with both namespaces: the scripted WalletConnect wallet approves eip155 and
// solana (a real ed25519 key; sign-and-send goes to the local SVM) over a relay this file starts.
const PROJECT_ID = '1a7c0de51a7c0de51a7c0de51a7c0de5'
let relay: LocalRelay
let wallet: WalletPeer | undefined

test.beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
test.afterAll(async () => {
  await relay.stop()
})
test.afterEach(async () => {
  await wallet?.stop()
  wallet = undefined
})

async function startWallet(): Promise<WalletPeer> {
  wallet = await createWalletPeer({
    relayUrl: relay.url,
    projectId: PROJECT_ID,
    privateKeys: [TEST_ACCOUNTS[2]!.privateKey],
    chains: [
      { id: 1, rpcUrl: `http://127.0.0.1:${ports.mainnet}` },
      { id: 8453, rpcUrl: `http://127.0.0.1:${ports.base}` },
    ],
    solana: {
      seed: SOLANA_TEST_SEEDS[1]!,
      chains: [{ id: LOCAL_SOLANA_CAIP_ID, rpcUrl: `http://127.0.0.1:${ports.solana}` }],
    },
  })
  return wallet
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

async function pairAndApprove(page: Page, peer: WalletPeer) {
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByTestId('wallet-option-walletconnect').click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
  await page.evaluate(() => navigator.clipboard.writeText(''))
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  await expect(modal(page).getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  await peer.pair(uri)
  const session = await peer.approveNext()
  expect(Object.keys(session.namespaces).sort()).toEqual(['eip155', 'solana'])
  await expect(page.getByTestId('demo-status')).toHaveText('connected')
  await expect(page.getByTestId('demo-address')).toHaveText(peer.address)
}

async function switchToSolana(page: Page) {
  await page.getByTestId('latch-network-button').click()
  await modal(page)
    .getByRole('button', { name: /Solana \(local\)/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
}

test.describe('given a WalletConnect wallet that approves eip155 and solana', () => {
  test('when the visitor switches to Solana (local), then a message signed through WalletConnect verifies (ed25519), SOL is sent through it, and a reload restores it', async ({
    page,
  }) => {
    const peer = await startWallet()
    await page.goto(`/?wcRelay=${encodeURIComponent(relay.url)}`)
    await pairAndApprove(page, peer)
    // One session, both namespaces: no second connect on Solana.
    await switchToSolana(page)
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(peer.solanaAddress!)
    await expect(page.getByTestId('latch-account-button')).toContainText(/[\d,]+\.\d+ SOL/)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    const request = peer.requests().find((r) => r.method === 'solana_signMessage')
    expect(request?.chainId).toBe(LOCAL_SOLANA_CAIP_ID)
    expect(request?.params).toMatchObject({ pubkey: peer.solanaAddress })

    // Sent through the session: the wallet signs and sends to the local chain.
    const rpc = createSolanaRpc(`http://127.0.0.1:${ports.solana}`)
    const recipient = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'
    const before = (await rpc.getBalance(recipient as never).send()).value
    await page.getByLabel('Amount (SOL)').fill('0.125')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Confirmed in slot \d+$/)
    expect((await rpc.getBalance(recipient as never).send()).value).toBe(before + 125_000_000n)
    expect(peer.requests().map((r) => r.method)).toContain('solana_signAndSendTransaction')

    // Reloaded: the one session is restored on both namespaces, Solana still signs through it.
    await page.reload()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(peer.solanaAddress!)
    expect(peer.sessions()).toHaveLength(1)
  })

  test('when the dapp disconnects on Solana, then the session ends and Ethereum is disconnected too', async ({
    page,
  }) => {
    const peer = await startWallet()
    await page.goto(`/?wcRelay=${encodeURIComponent(relay.url)}`)
    await pairAndApprove(page, peer)
    await switchToSolana(page)
    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect.poll(() => peer.sessions().length).toBe(0)
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-wagmi')).toHaveText('not connected')
  })
})
