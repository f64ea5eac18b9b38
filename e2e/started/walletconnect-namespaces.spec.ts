import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import {
  BITCOIN_REGTEST_CAIP_ID,
  bitcoinTestKeys,
  COSMOS_TEST_CHAIN_ID,
  cosmosTestKey,
  TEST_MNEMONIC,
} from '@latch/testkit'
import type { Page } from '@playwright/test'
import { Keyring } from '@polkadot/keyring'
import { encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { Verifier } from 'bip322-js'
import { expect, modal, status, test } from './fixtures.js'

// The Dev Wallet over WalletConnect as `npm start` runs it, on a page with every namespace: one
// session approves bip122, polkadot and cosmos beside eip155 and solana, and each side signs. Each
// signature is checked here by a library that shares no code with the kit or the wallet.
const MESSAGE = 'Hello from the Latch demo'
const POLKADOT_CAIP_ID = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

async function pick(page: Page, network: RegExp, caipNetworkId: string) {
  await page.getByTestId('latch-network-button').click()
  await modal(page).getByRole('button', { name: network }).click()
  await expect(page.getByTestId('demo-network')).toHaveText(caipNetworkId)
  await expect(status(page)).toHaveText('connected')
}

async function signed(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Sign message' }).click()
  await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
  return (await page.getByTestId('demo-signature').locator('code').innerText()).trim()
}

test.describe('given the demo as npm start serves it, with Bitcoin, Polkadot and Cosmos beside Ethereum and Solana', () => {
  test('when the Dev Wallet over WalletConnect approves one session, then its bip122, polkadot and cosmos sides are each connected without another approval, and each signs a message that verifies', async ({
    page,
  }) => {
    await page.goto('/?bitcoin=on&polkadot=on&cosmos=on')
    await page.getByRole('checkbox', { name: 'Scan the QR code automatically' }).check()
    await page.getByTestId('latch-connect-button').click()
    await modal(page).getByTestId('wallet-option-walletconnect').click()
    await expect(status(page)).toHaveText('connected', { timeout: 20_000 })
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')

    // Bitcoin (BIP-322), checked by bip322-js.
    const [payment] = bitcoinTestKeys(2)
    await pick(page, /Bitcoin \(regtest\)/, BITCOIN_REGTEST_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(payment.address)
    const btc = await signed(page)
    expect(Verifier.verifySignature(payment.address, MESSAGE, btc)).toBe(true)
    expect(Verifier.verifySignature(payment.address, `${MESSAGE}!`, btc)).toBe(false)

    // Polkadot (sr25519), checked by @polkadot/util-crypto.
    const key = new Keyring({ type: 'sr25519' }).addFromUri(`${TEST_MNEMONIC}//walletconnect`)
    const dot = encodeAddress(key.publicKey, 0)
    await pick(page, /^Polkadot/, POLKADOT_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(dot)
    const dotSignature = await signed(page)
    expect(signatureVerify(MESSAGE, dotSignature, dot).isValid).toBe(true)
    expect(signatureVerify(`${MESSAGE}!`, dotSignature, dot).isValid).toBe(false)

    // Cosmos (ADR-036), checked by CosmJS.
    const peer = cosmosTestKey(2)
    await pick(page, /Cosmos \(local\)/, `cosmos:${COSMOS_TEST_CHAIN_ID}`)
    await expect(page.getByTestId('demo-address')).toHaveText(peer.address())
    const atom = await signed(page)
    const adr036 = (message: string) =>
      sha256(
        serializeSignDoc(
          makeSignDoc(
            [
              {
                type: 'sign/MsgSignData',
                value: { signer: peer.address(), data: Buffer.from(message).toString('base64') },
              },
            ],
            { gas: '0', amount: [] },
            '',
            '',
            0,
            0,
          ),
        ),
      )
    const signature = Secp256k1Signature.fromFixedLength(Buffer.from(atom, 'base64'))
    expect(await Secp256k1.verifySignature(signature, adr036(MESSAGE), peer.publicKey)).toBe(true)
    expect(await Secp256k1.verifySignature(signature, adr036(`${MESSAGE}!`), peer.publicKey)).toBe(false)

    // One session throughout: back on Ethereum, still connected.
    await pick(page, /^Ethereum/, 'eip155:1')
  })
})
