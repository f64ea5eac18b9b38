import { TEST_ACCOUNTS } from '@latch/testkit'
import { createWalletPeer, type LocalRelay, startRelay, type WalletPeer } from '@latch/testkit/walletconnect'
import { type Page, request } from '@playwright/test'
import { expect, modal, test } from './fixtures.js'
import { ports } from './playwright.config.js'

// Sign-in over WalletConnect: with only eip155 networks, one approval in the wallet connects and
// signs in (the protocol's authenticate); with other namespaces too, the wallet connects and then
// signs. The wallet is the test kit's peer on a relay this file starts.
const PROJECT_ID = '1a7c0de51a7c0de51a7c0de51a7c0de5'
const api = `http://127.0.0.1:${ports.api}`
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

async function startWallet(options: { authenticate: boolean }): Promise<WalletPeer> {
  wallet = await createWalletPeer({
    relayUrl: relay.url,
    projectId: PROJECT_ID,
    privateKeys: [TEST_ACCOUNTS[4]!.privateKey],
    chains: [
      { id: 1, rpcUrl: `http://127.0.0.1:${ports.mainnet}` },
      { id: 8453, rpcUrl: `http://127.0.0.1:${ports.base}` },
    ],
    authenticate: options.authenticate,
  })
  return wallet
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

/** Opens WalletConnect in the modal; returns the pairing URI "Copy link" gives. */
async function showPairing(page: Page): Promise<string> {
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByTestId('wallet-option-walletconnect').click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
  await page.evaluate(() => navigator.clipboard.writeText(''))
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  await expect(modal(page).getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/** What the server says of the page's stored session token. */
async function introspectStored(page: Page) {
  const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
  const [first] = JSON.parse(stored ?? '[]') as { token: string; session: { cacao?: unknown } }[]
  const client = await request.newContext()
  const response = await client.post(`${api}/siwx/v1/introspect?projectId=latch-demo`, {
    data: { token: first?.token },
  })
  const body = (await response.json()) as Record<string, unknown>
  await client.dispose()
  return body
}

const demoUrl = (query: string) => `/?wcRelay=${encodeURIComponent(relay.url)}&siwx=required${query}`

test.describe('given required sign-in and only Ethereum networks', () => {
  test('when the wallet rejects the one-click request, then the connection is declined and nothing is signed in', async ({
    page,
  }) => {
    const peer = await startWallet({ authenticate: true })
    await page.goto(demoUrl('&solana=off'))
    const uri = await showPairing(page)
    await peer.pair(uri)
    await peer.rejectNextAuthenticate()
    await expect(modal(page).getByRole('alert')).toHaveText('Connection declined')
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-signin')).toHaveText('Not signed in')
  })

  test('when the wallet does not support one-click sign-in, then it connects and the sign-in view asks', async ({
    page,
  }) => {
    const peer = await startWallet({ authenticate: false })
    await page.goto(demoUrl('&solana=off'))
    const uri = await showPairing(page)
    await peer.pair(uri)
    await peer.approveNext()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${peer.address}`)
    expect(peer.requests().map((r) => r.method)).toContain('personal_sign')
  })
})

test.describe('given required sign-in and a Solana network too', () => {
  test('when the wallet connects, then it is asked to sign after connecting (no one-click request)', async ({
    page,
  }) => {
    const peer = await startWallet({ authenticate: true })
    await page.goto(demoUrl(''))
    const uri = await showPairing(page)
    await peer.pair(uri)
    await peer.approveNext()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${peer.address}`)
  })
})
