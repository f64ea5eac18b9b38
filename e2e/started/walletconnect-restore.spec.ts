import { TEST_ACCOUNTS } from '@latch/testkit'
import { createWalletPeer, type WalletPeer } from '@latch/testkit/walletconnect'
import { showPairing } from '../fixtures.js'
import { ports } from '../playwright.config.js'
import { expect, modal, pickNetwork, status, test } from './fixtures.js'

// A scripted phone wallet in Node on the relay `npm start` runs, pairing with the demo as it
// starts itself.
const PROJECT_ID = '1a7c0de51a7c0de51a7c0de51a7c0de5'
let wallet: WalletPeer | undefined

test.afterEach(async () => {
  await wallet?.stop()
  wallet = undefined
})

async function startWallet(): Promise<WalletPeer> {
  wallet = await createWalletPeer({
    relayUrl: `ws://127.0.0.1:${ports.relay}`,
    projectId: PROJECT_ID,
    privateKeys: [TEST_ACCOUNTS[6]!.privateKey],
    chains: [
      { id: 1, rpcUrl: `http://127.0.0.1:${ports.mainnet}` },
      { id: 8453, rpcUrl: `http://127.0.0.1:${ports.base}` },
    ],
  })
  return wallet
}

// The pairing link is not shown as text: "Copy link" puts it on the clipboard.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test.describe('given the demo as npm start serves it and a phone wallet over WalletConnect', () => {
  test('when the visitor connects, switches to Base and reloads, then the session comes back on Base', async ({
    page,
  }) => {
    const peer = await startWallet()
    await page.goto('/')
    await peer.pair(await showPairing(page, { settle: true }))
    await peer.approveNext()
    await expect(status(page)).toHaveText('connected')
    await pickNetwork(page, 'Base')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await page.reload()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(peer.address)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
  })

  test('when the wallet approves after the visitor closed the modal, then the dapp ends connected or the wallet session is ended, never dangling', async ({
    page,
  }) => {
    const peer = await startWallet()
    await page.goto('/')
    await peer.pair(await showPairing(page, { settle: true }))
    await peer.approveNext({
      beforeApprove: async () => {
        await modal(page).getByRole('button', { name: 'Close' }).click()
        await expect(modal(page)).toBeHidden()
      },
    })
    // Settled: the dapp uses the session, or the wallet learnt it is over.
    await expect
      .poll(
        async () =>
          (await status(page).textContent()) === 'connected'
            ? 'connected'
            : (await peer.sessionAlive())
              ? 'dangling'
              : 'ended',
        { timeout: 20_000 },
      )
      .not.toBe('dangling')
    const outcome = (await status(page).textContent()) === 'connected' ? 'connected' : 'ended'
    if (outcome === 'connected') await expect(page.getByTestId('demo-address')).toHaveText(peer.address)
    else expect(await peer.sessionAlive()).toBe(false)
  })
})
