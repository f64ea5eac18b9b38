import { type Hex, recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { ports } from '../playwright.config.js'
import {
  approval,
  demo,
  expectFrameInModal,
  newEmail,
  press,
  signUp,
  walletFrameAxeViolations,
} from './embedded.js'
import { expect, modal, pickNetwork, test } from './fixtures.js'

// Signing with the embedded wallet through the demo as `npm start` serves it: every unsafe
// request is approved on the frame's own screen, shown above the modal.

const mainnetRpc = `http://127.0.0.1:${ports.mainnet}`
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(mainnetRpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}
const balanceOf = async (address: string) =>
  BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string)

test.describe('given the demo with an embedded wallet signed in', () => {
  test.describe.configure({ timeout: 360_000 })

  test('when the page asks for signatures and a transaction, then the frame shows what it signs and signs only what the visitor approves', async ({
    page,
  }) => {
    await page.goto(demo)
    const address = await signUp(page, newEmail('signer'))
    const iframe = page.locator('iframe[data-latch-frame]')

    await test.step('personal_sign: the frame shows the text and the verified origin; approved → verified', async () => {
      await page.getByRole('button', { name: 'Sign message' }).click()
      await expect(approval(page)).toBeVisible()
      await expect(iframe).toHaveCSS('z-index', '999999')
      await expect(modal(page).getByTestId('latch-approve-confirm')).toHaveText('Confirm in the wallet')
      await expect(approval(page).getByTestId('approval-origin')).toHaveText(
        `http://localhost:${ports.demoAsStarted}`,
      )
      await expect(approval(page)).toContainText('Hello from the Latch demo')
      await expect(approval(page).locator('button[data-action="approve"]')).not.toBeFocused()
      expect(await walletFrameAxeViolations(page)).toEqual([])
      await press(page, 'approve')
      await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
      const signature = (await page.getByTestId('demo-signature').locator('code').textContent()) as Hex
      expect(await recoverMessageAddress({ message: 'Hello from the Latch demo', signature })).toBe(address)
      await expect(modal(page)).toBeHidden()
      await expect(approval(page)).toBeHidden()
    })

    await test.step('eth_signTypedData_v4 of a Permit: spender and amount decoded; approved → verified', async () => {
      await page.getByRole('button', { name: 'Sign Permit' }).click()
      await expect(approval(page)).toContainText('EIP-2612')
      await expect(approval(page)).toContainText('0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD')
      await expect(approval(page)).toContainText('1234500000000000000')
      await expect(approval(page)).toContainText('Dai Stablecoin')
      await press(page, 'approve')
      await expect(page.getByTestId('demo-permit-valid')).toHaveText('Signature verified')
      const signature = (await page.getByTestId('demo-permit-signature').locator('code').textContent()) as Hex
      const recovered = await recoverTypedDataAddress({
        domain: {
          name: 'Dai Stablecoin',
          version: '1',
          chainId: 1,
          verifyingContract: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
        },
        types: {
          Permit: [
            { name: 'owner', type: 'address' },
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'nonce', type: 'uint256' },
            { name: 'deadline', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        message: {
          owner: address,
          spender: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
          value: 1234500000000000000n,
          nonce: 0n,
          deadline: 4102444800n,
        },
        signature,
      })
      expect(recovered).toBe(address)
    })

    // The new wallet has no ether: the local chain funds it.
    await rpc('anvil_setBalance', [address, '0x56BC75E2D63100000'])

    await test.step('eth_sendTransaction rejected in the frame: nothing sent, the modal back where it was', async () => {
      const before = await balanceOf(RECIPIENT)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(approval(page)).toContainText(RECIPIENT)
      await expect(approval(page)).toContainText('0.01 ETH')
      // From the keyboard: the screen takes the focus (its title), Tab reaches Reject first.
      await expect(approval(page).locator('#latch-title')).toBeFocused()
      await page.keyboard.press('Tab')
      await expect(approval(page).locator('button[data-action="reject"]')).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByTestId('demo-send-error')).toContainText(/rejected/i)
      await expect(modal(page)).toBeHidden()
      await expect(approval(page)).toBeHidden()
      expect(await balanceOf(RECIPIENT)).toBe(before)
      expect(await rpc('eth_getTransactionCount', [address, 'latest'])).toBe('0x0')
    })

    await test.step('the modal’s Close aborts the waiting request: the frame’s screen closes, nothing sent', async () => {
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(approval(page)).toBeVisible()
      // The frame's screen is the modal's body, below its title: the header's Close cancels.
      await expectFrameInModal(page)
      await modal(page).getByRole('button', { name: 'Close' }).click()
      await expect(page.getByTestId('demo-send-error')).toContainText(/aborted|rejected/i)
      await expect(approval(page)).toBeHidden()
      await expect(modal(page)).toBeHidden()
      expect(await rpc('eth_getTransactionCount', [address, 'latest'])).toBe('0x0')
    })

    await test.step('eth_sendTransaction approved: mined on the local chain, the recipient richer', async () => {
      const before = await balanceOf(RECIPIENT)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(approval(page)).toContainText('Nonce')
      await press(page, 'approve')
      await expect(page.getByTestId('demo-tx-mined')).toContainText('Mined in block')
      expect(await balanceOf(RECIPIENT)).toBe(before + 10_000_000_000_000_000n)
      await expect(modal(page)).toBeHidden()
    })

    await test.step('a disallowed method (eth_sign): refused, and the toast says so', async () => {
      await page.getByRole('button', { name: 'Try eth_sign' }).click()
      await expect(page.getByTestId('demo-raw-sign-result')).toContainText(/not allowed/i)
      await expect(page.getByTestId('latch-action-toast')).toHaveText('Action not allowed')
      await expect(approval(page)).toBeHidden()
    })

    await test.step('switch to Base through the frame; signing then names chain 8453', async () => {
      await pickNetwork(page, 'Base')
      await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
      await page.getByRole('button', { name: 'Sign Permit' }).click()
      await expect(approval(page)).toContainText('8453')
      // The frame itself is on Base: a domain of chain 8453 raises no chain-mismatch warning.
      await expect(approval(page).locator('.warning')).toHaveCount(0)
      await press(page, 'reject')
      await expect(page.getByTestId('demo-permit-error')).toBeVisible()
    })
  })

  test('when sign-in is required, then each account of the session signs in through the frame approval: Ethereum, then Solana', async ({
    page,
  }) => {
    await page.goto(`${demo}?siwx=required`)
    await signUp(page, newEmail('signer'))
    const sign = modal(page).getByRole('button', { name: 'Sign', exact: true })
    await expect(sign).toBeVisible({ timeout: 60_000 })
    await sign.click()
    await expect(modal(page).getByTestId('latch-siwx-confirm')).toHaveText('Confirm in the wallet')
    await expect(approval(page)).toContainText('wants you to sign in with your Ethereum account')
    await press(page, 'approve')
    // The embedded session has a Solana account too (the demo has a Solana network): the
    // sign-in step asks for it next, with a Sign-In With Solana message.
    await expect(sign).toBeVisible({ timeout: 60_000 })
    await sign.click()
    await expect(approval(page)).toContainText('wants you to sign in with your Solana account')
    await press(page, 'approve')
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as [1-9A-HJ-NP-Za-km-z]{32,44}$/, {
      timeout: 60_000,
    })
    await expect(modal(page)).toBeHidden()
    // An app that signs its visitors in offers no switch to the smart account: whether it can sign
    // in depends on the project's account, which the page cannot know (a refused sign-in would
    // disconnect the visitor on every visit). The app's default can start them on it instead.
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-address')).toHaveAttribute(
      'title',
      /^0x[0-9a-fA-F]{40}$/,
    )
    await expect(modal(page).getByTestId('latch-disconnect')).toBeVisible()
    await expect(modal(page).getByTestId('latch-account-switch-type')).toHaveCount(0)
  })
})
