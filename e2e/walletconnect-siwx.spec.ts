import { TEST_ACCOUNTS } from '@latch/testkit'
import type { WalletPeer } from '@latch/testkit/walletconnect'
import { expect, modal, type StartWalletPeer, showPairing, test, wcDemoUrl } from './fixtures.js'
import { signAndExpectSignedIn } from './siwx-helpers.js'

// Sign-in over WalletConnect: with only eip155 networks, one approval in the wallet connects and
// signs in (the protocol's authenticate); with other namespaces too, the wallet connects and then
// signs. The wallet is the test kit's peer on the tests' relay.
const startWallet = (start: StartWalletPeer, options: { authenticate: boolean }): Promise<WalletPeer> =>
  start({ privateKeys: [TEST_ACCOUNTS[4]!.privateKey], authenticate: options.authenticate })

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test.describe('given required sign-in and only Ethereum networks', () => {
  test('when the wallet rejects the one-click request, then the connection is declined and nothing is signed in', async ({
    page,
    startWalletPeer,
    wcRelay,
  }) => {
    const peer = await startWallet(startWalletPeer, { authenticate: true })
    await page.goto(wcDemoUrl(wcRelay, '&siwx=required&solana=off'))
    const uri = await showPairing(page)
    await peer.pair(uri)
    await peer.rejectNextAuthenticate()
    await expect(modal(page).getByRole('alert')).toHaveText('Connection declined')
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-signin')).toHaveText('Not signed in')
  })

  test('when the wallet does not support one-click sign-in, then it connects and the sign-in view asks', async ({
    page,
    startWalletPeer,
    wcRelay,
  }) => {
    const peer = await startWallet(startWalletPeer, { authenticate: false })
    await page.goto(wcDemoUrl(wcRelay, '&siwx=required&solana=off'))
    const uri = await showPairing(page)
    await peer.pair(uri)
    await peer.approveNext()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    expect(await signAndExpectSignedIn(page)).toBe(peer.address)
    expect(peer.requests().map((r) => r.method)).toContain('personal_sign')
  })
})

test.describe('given required sign-in and a Solana network too', () => {
  test('when the wallet connects, then it is asked to sign after connecting (no one-click request)', async ({
    page,
    startWalletPeer,
    wcRelay,
  }) => {
    const peer = await startWallet(startWalletPeer, { authenticate: true })
    await page.goto(wcDemoUrl(wcRelay, '&siwx=required'))
    const uri = await showPairing(page)
    await peer.pair(uri)
    await peer.approveNext()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    expect(await signAndExpectSignedIn(page)).toBe(peer.address)
  })
})
