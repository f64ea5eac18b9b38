import { createHmac } from 'node:crypto'
import { LOCAL_SOLANA_CAIP_ID } from '@latch/testkit'
import { mnemonicToSeedSync } from '@scure/bip39'
import {
  createKeyPairFromPrivateKeyBytes,
  createSolanaRpc,
  getAddressFromPublicKey,
  lamports,
} from '@solana/kit'
import { ports } from '../playwright.config.js'
import {
  approval,
  demo,
  newEmail,
  press,
  signUp,
  walletFrameAxeViolations,
  walletPhraseInFrame,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// The embedded wallet on Solana, through the demo as `npm start` serves it (its local Solana
// chain, its server with that chain's RPC URL set for the project): the same email wallet has a
// Solana account, and each signature is approved on the frame's own screen.

const solanaRpc = createSolanaRpc(`http://127.0.0.1:${ports.solana}`)
const RECIPIENT = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'

/**
 * The Solana address of a phrase, derived here independently of the frame: SLIP-0010 ed25519 at
 * m/44'/501'/0'/0' with Node's HMAC-SHA-512, the public key by WebCrypto through @solana/kit.
 */
async function solanaAddressOfPhrase(phrase: string): Promise<string> {
  const hmac = (key: Uint8Array | string, data: Uint8Array) => createHmac('sha512', key).update(data).digest()
  let node = hmac('ed25519 seed', mnemonicToSeedSync(phrase))
  for (const index of [44, 501, 0, 0]) {
    const data = Buffer.alloc(37)
    node.copy(data, 1, 0, 32)
    data.writeUInt32BE((index | 0x80000000) >>> 0, 33)
    node = hmac(node.subarray(32), data)
  }
  const keys = await createKeyPairFromPrivateKeyBytes(new Uint8Array(node.subarray(0, 32)))
  return getAddressFromPublicKey(keys.publicKey)
}

const balanceOf = async (address: string) => (await solanaRpc.getBalance(address as never).send()).value

test.describe('given the demo with Solana (local) and the embedded wallet', () => {
  test.describe.configure({ timeout: 360_000 })

  test('when a visitor signs up with email, then the wallet has the Solana account of its phrase, and a message and a SOL transfer are signed only when approved in the frame', async ({
    page,
  }) => {
    await page.goto(demo)
    const email = newEmail('solana')
    await signUp(page, email)
    const iframe = page.locator('iframe[data-latch-frame]')

    let account = ''
    await test.step('the session has a Solana side: picking Solana (local) shows its account, the one of the wallet’s phrase', async () => {
      await page.getByTestId('latch-network-button').click()
      await modal(page)
        .getByRole('button', { name: /Solana \(local\)/ })
        .click()
      await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
      await expect(status(page)).toHaveText('connected')
      account = ((await page.getByTestId('demo-address').textContent()) ?? '').trim()
      expect(account).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      expect(await solanaAddressOfPhrase(await walletPhraseInFrame(page, email))).toBe(account)
    })

    await test.step('signMessage: the frame shows the text and the verified origin; approved → verified in the page', async () => {
      await page.getByRole('button', { name: 'Sign message' }).click()
      await expect(approval(page)).toBeVisible()
      await expect(iframe).toHaveCSS('z-index', '999999')
      await expect(modal(page).getByTestId('latch-approve-confirm')).toHaveText('Confirm in the wallet')
      await expect(approval(page).getByTestId('approval-origin')).toHaveText(
        `http://localhost:${ports.demoAsStarted}`,
      )
      await expect(approval(page)).toContainText('Hello from the Latch demo')
      await expect(approval(page)).toContainText(account)
      await press(page, 'approve')
      await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
      await expect(modal(page)).toBeHidden()
    })

    // The new account's first SOL, from the local chain's faucet.
    const funded = await solanaRpc.requestAirdrop(account as never, lamports(2_000_000_000n)).send()
    await expect.poll(() => balanceOf(account), { message: `airdrop ${funded}` }).toBe(2_000_000_000n)

    await test.step('a SOL transfer: the frame shows the cluster, fee payer, recipient and amount; rejected → nothing sent', async () => {
      const before = await balanceOf(RECIPIENT)
      await page.getByLabel('Amount (SOL)').fill('0.25')
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(approval(page)).toBeVisible()
      await expect(approval(page).locator('h1')).toHaveText('Send a Solana transaction')
      const rows = approval(page).locator('dl')
      await expect(rows).toContainText(LOCAL_SOLANA_CAIP_ID)
      await expect(rows).toContainText(`Network fee paid by${account}`)
      await expect(rows).toContainText(`Recipient${RECIPIENT}`)
      await expect(rows).toContainText('Value0.25 SOL')
      expect(await walletFrameAxeViolations(page)).toEqual([])
      await press(page, 'reject')
      await expect(page.getByTestId('demo-send-error')).toBeVisible()
      await expect(approval(page)).toBeHidden()
      await expect(status(page)).toHaveText('connected')
      expect(await balanceOf(RECIPIENT)).toBe(before)
      expect(await balanceOf(account)).toBe(2_000_000_000n)
    })

    await test.step('the same transfer approved → the frame sends it over the project’s RPC; confirmed, the recipient’s balance up', async () => {
      const before = await balanceOf(RECIPIENT)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(approval(page)).toBeVisible()
      await press(page, 'approve')
      await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Confirmed in slot \d+$/)
      expect(await balanceOf(RECIPIENT)).toBe(before + 250_000_000n)
      expect(await balanceOf(account)).toBeLessThan(2_000_000_000n - 250_000_000n)
    })

    await test.step('reload → both sides come back from the frame, on Solana (local) as last used', async () => {
      await page.reload()
      await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
      await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
      await expect(page.getByTestId('demo-address')).toHaveText(account)
    })
  })
})
