import { TEST_ACCOUNTS } from '@latch/testkit'
import type { WalletPeer } from '@latch/testkit/walletconnect'
import type { Page } from '@playwright/test'
import { copiedUri, expect, modal, type StartWalletPeer, showPairing, test, wcDemoUrl } from './fixtures.js'

// The dapp in the page and a scripted wallet in Node pair over the tests' relay, which a test can
// restart mid-session. The demo runs WalletConnect with verify off: no test waits on the verify
// iframe.
const startWallet = (start: StartWalletPeer): Promise<WalletPeer> =>
  start({ privateKeys: [TEST_ACCOUNTS[2]!.privateKey, TEST_ACCOUNTS[3]!.privateKey] })

// The pairing link is not shown as text: "Copy link" puts it on the clipboard.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

async function pairAndApprove(page: Page, peer: WalletPeer): Promise<void> {
  const uri = await showPairing(page)
  await peer.pair(uri)
  await peer.approveNext()
  await expect(page.getByTestId('demo-status')).toHaveText('connected')
  await expect(page.getByTestId('demo-address')).toHaveText(peer.address)
}

test.describe('given a dapp with WalletConnect and a phone wallet', () => {
  test('when the wallet scans and approves, then the account is connected, wagmi sees it, and personal_sign is verified', async ({
    page,
    startWalletPeer,
    wcRelay: relay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(relay))
    const uri = await showPairing(page)
    await expect(modal(page).getByRole('button', { name: 'Copy link' })).toBeVisible()
    await peer.pair(uri)
    await peer.approveNext()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-address')).toHaveText(peer.address)
    await expect(page.getByTestId('demo-wagmi')).toHaveText(`${peer.address} on 1`)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    expect(peer.requests().map((r) => r.method)).toContain('personal_sign')
  })

  test('when the wallet rejects the proposal, then Connection declined shows and nothing is connected', async ({
    page,
    startWalletPeer,
    wcRelay: relay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(relay))
    const uri = await showPairing(page)
    await peer.pair(uri)
    await peer.rejectNext()
    await expect(modal(page).getByRole('alert')).toHaveText('Connection declined')
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-wagmi')).toHaveText('not connected')
    // Try again gives a fresh pairing that can be approved.
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
    const next = await copiedUri(page)
    expect(next).toMatch(/^wc:/)
    expect(next).not.toBe(uri)
  })

  test('when the wallet switches chain and then disconnects, then the dapp follows both', async ({
    page,
    startWalletPeer,
    wcRelay: relay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(relay))
    await pairAndApprove(page, peer)
    await peer.changeChain(8453)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await expect(page.getByTestId('demo-wagmi')).toHaveText(`${peer.address} on 8453`)
    await peer.disconnect()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-wagmi')).toHaveText('not connected')
  })

  test('when the page reloads, then the session is restored without a new pairing, and a sign after a relay restart still works', async ({
    page,
    startWalletPeer,
    wcRelay: relay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(relay))
    await pairAndApprove(page, peer)
    const sessions = peer.sessions().length
    await page.reload()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(peer.address)
    expect(peer.sessions()).toHaveLength(sessions)
    await relay.restart()
    await page.getByRole('button', { name: 'Sign message' }).click()
    // Both clients find the dropped socket and reconnect before the request goes through: seconds
    // here, once more than 20 of them in a CI run on a busy 2-core machine (its retry passed).
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 60_000,
    })
  })

  test('when the dapp disconnects, then the wallet session ends too', async ({
    page,
    startWalletPeer,
    wcRelay: relay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(relay))
    await pairAndApprove(page, peer)
    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect.poll(() => peer.sessions().length).toBe(0)
  })

  test('when the pairing expires, then a new URI replaces it and still pairs', async ({
    page,
    startWalletPeer,
    wcRelay: relay,
  }) => {
    const peer = await startWallet(startWalletPeer)
    await page.goto(wcDemoUrl(relay, '&wcExpiry=2000'))
    const first = await showPairing(page)
    await expect.poll(() => copiedUri(page), { timeout: 20_000 }).not.toBe(first)
    const second = await copiedUri(page)
    expect(second).toMatch(/^wc:/)
    await peer.pair(second)
    await peer.approveNext()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
  })
})

test.describe('given the Dev Wallet of npm start on the demo relay', () => {
  test('when it scans the QR code by itself, then the visitor is connected over WalletConnect', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('checkbox', { name: 'Scan the QR code automatically' }).check()
    await page.getByTestId('latch-connect-button').click()
    await modal(page).getByTestId('wallet-option-walletconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-dev-wc-status')).toHaveText(
      /^Approved the session with 0x[0-9a-fA-F]{40}$/,
    )
    await expect(page.getByTestId('demo-wagmi')).toHaveText(/^0x[0-9a-fA-F]{40} on 1$/)
  })
})
