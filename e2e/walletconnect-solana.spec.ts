import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS } from '@latch/testkit/wallet'
import type { WalletPeer } from '@latch/testkit/walletconnect'
import type { Page } from '@playwright/test'
import { expect, modal, type StartWalletPeer, showPairing, test, wcDemoUrl } from './fixtures.js'
import { ports } from './playwright.config.js'

// A phone wallet with both namespaces: the scripted WalletConnect wallet approves eip155 and
// solana (a real ed25519 key; sign-and-send goes to the local SVM) over the tests' relay.
const startWallet = (start: StartWalletPeer): Promise<WalletPeer> =>
  start({
    solana: {
      seed: SOLANA_TEST_SEEDS[1]!,
      chains: [{ id: LOCAL_SOLANA_CAIP_ID, rpcUrl: `http://127.0.0.1:${ports.solana}` }],
    },
  })

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

async function pairAndApprove(page: Page, peer: WalletPeer) {
  await peer.pair(await showPairing(page))
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
  test('when the wallet selects another Solana account, then the dapp follows it and signs with it', async ({
    page,
    startWalletPeer,
    wcRelay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(wcRelay))
    await pairAndApprove(page, peer)
    await switchToSolana(page)
    const first = peer.solanaAddress!
    await expect(page.getByTestId('demo-address')).toHaveText(first)
    await peer.changeSolanaAccount(SOLANA_TEST_SEEDS[2]!)
    expect(peer.solanaAddress).not.toBe(first)
    await expect(page.getByTestId('demo-address')).toHaveText(peer.solanaAddress!)
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    const signed = peer.requests().filter((r) => r.method === 'solana_signMessage')
    expect(signed.at(-1)?.params).toMatchObject({ pubkey: peer.solanaAddress })
    // Ethereum is still on the same session and account.
    await expect.poll(() => peer.sessions().length).toBe(1)
  })

  test('when the dapp disconnects on Solana, then the session ends and Ethereum is disconnected too', async ({
    page,
    startWalletPeer,
    wcRelay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(wcRelay))
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
