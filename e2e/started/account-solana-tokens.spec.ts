import {
  LOCAL_SOLANA_CAIP_ID,
  SOLANA_TEST_SEEDS,
  SOLANA_TEST_TOKEN,
  solanaAddressOfSeed,
} from '@latch/testkit'
import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { ports } from '../playwright.config.js'
import { expect, modal, status, test } from './fixtures.js'

const en = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const firstAccount = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)

test.describe('given the demo as npm start serves it, with the SPL test token seeded on Solana (local)', () => {
  test('when the visitor opens Account on Solana, then Tokens shows SOL and the SPL token with the amounts the chain has, and Send moves SOL to a recipient on chain', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Solana \(local\)/ })
      .click()
    await page.getByTestId('latch-connect-button').click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(firstAccount)

    // What the chain says, read by a client of its own.
    const rpc = createSolanaRpc(`http://127.0.0.1:${ports.solana}`)
    const lamports = (await rpc.getBalance(firstAccount as never).send()).value
    const accounts = (
      await rpc
        .getTokenAccountsByOwner(
          firstAccount as never,
          { mint: SOLANA_TEST_TOKEN.mint as never },
          { encoding: 'jsonParsed' },
        )
        .send()
    ).value
    const lts = accounts[0]!.account.data.parsed.info.tokenAmount
    const format = (value: string) => en.format(value as unknown as number)
    const sol = `${format((Number(lamports) / 1e9).toString())} SOL`
    // Seeded with 2,500 LTS; a run of this test sends 12.5 of them away (see below).
    const ltsShown = `${format(lts.uiAmountString!)} LTS`
    expect(Number(lts.amount)).toBeGreaterThan(100_000_000)

    const balances: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/account/v1/balances')) balances.push(request.url())
    })
    const onrampOptions = page.waitForResponse((r) => r.url().includes('/onramp/v1/options'))
    await page.getByTestId('latch-account-button').click()
    // No provider sells on the local Solana chain: once the options are read, Account offers no
    // Buy there (rather than one that leads nowhere), and Send is there.
    expect((await onrampOptions).status()).toBe(200)
    await expect(modal(page).getByTestId('latch-account-send')).toBeVisible()
    const tokens = modal(page).getByTestId('latch-account-panel-tokens')
    await expect(tokens.getByTestId('latch-token-amount')).toHaveText([sol, ltsShown])
    await expect(modal(page).getByTestId('latch-account-buy')).toHaveCount(0)
    await expect(tokens.getByTestId('latch-token-LTS')).toContainText(SOLANA_TEST_TOKEN.name)
    await expect(tokens.getByTestId('latch-token-SOL')).toContainText('Solana')
    expect(new URL(balances[0]!).searchParams.get('chainId')).toBe(LOCAL_SOLANA_CAIP_ID)

    // Send from Account: SOL and the SPL token are offered, the recipient is checked as a Solana
    // address, the review shows the fee the chain asks, and the SOL lands.
    const recipient = (await generateKeyPairSigner()).address
    await modal(page).getByTestId('latch-account-send').click()
    const form = modal(page).getByTestId('latch-send-form')
    await expect(form.getByTestId('latch-send-token').locator('option')).toHaveText([/^SOL · /, /^LTS · /])
    await form.getByTestId('latch-send-recipient').fill('0x8ba1f109551bD432803012645Ac136ddd64DBA72')
    await form.getByTestId('latch-send-amount').fill('0.5')
    await form.getByTestId('latch-send-review').click()
    await expect(form.getByTestId('latch-send-recipient-error')).toHaveText('Enter a valid address')
    await form.getByTestId('latch-send-recipient').fill(recipient)
    await form.getByTestId('latch-send-review').click()
    const review = modal(page).getByTestId('latch-send-review-step')
    await expect(review.getByTestId('latch-send-review-amount')).toHaveText('0.5 SOL')
    await expect(review.getByTestId('latch-send-fee')).toHaveText('0.000005 SOL')
    await review.getByTestId('latch-send-confirm').click()
    await expect(modal(page).getByTestId('latch-send-success')).toHaveText('Sent', { timeout: 60_000 })
    await expect(modal(page).getByTestId('latch-send-hash').first()).toHaveAttribute(
      'title',
      /^[1-9A-HJ-NP-Za-km-z]{86,88}$/,
    )
    expect((await rpc.getBalance(recipient).send()).value).toBe(500_000_000n)

    // The SPL token to the same recipient, who has no account for it yet: the review's fee adds
    // that account's deposit (0.00203928 SOL for 165 bytes) to the network fee, the sender pays
    // it, and the tokens land in the recipient's new account.
    const ltsOf = async (owner: string) => {
      const { value } = await rpc
        .getTokenAccountsByOwner(
          owner as never,
          { mint: SOLANA_TEST_TOKEN.mint as never },
          { encoding: 'jsonParsed' },
        )
        .send()
      return value.length === 0 ? 0n : BigInt(value[0]!.account.data.parsed.info.tokenAmount.amount)
    }
    const senderBefore = await ltsOf(firstAccount)
    await modal(page).getByTestId('latch-send-done').click()
    await modal(page).getByTestId('latch-account-send').click()
    await form.getByTestId('latch-send-token').selectOption({ index: 1 })
    await form.getByTestId('latch-send-recipient').fill(recipient)
    await form.getByTestId('latch-send-amount').fill('12.5')
    await form.getByTestId('latch-send-review').click()
    await expect(review.getByTestId('latch-send-review-amount')).toHaveText('12.5 LTS')
    await expect(review.getByTestId('latch-send-fee')).toHaveText('0.00204428 SOL')
    await review.getByTestId('latch-send-confirm').click()
    await expect(modal(page).getByTestId('latch-send-success')).toHaveText('Sent', { timeout: 60_000 })
    const units = 125n * 10n ** BigInt(SOLANA_TEST_TOKEN.decimals - 1)
    expect(await ltsOf(recipient)).toBe(units)
    expect(await ltsOf(firstAccount)).toBe(senderBefore - units)
  })
})
