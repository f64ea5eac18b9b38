import { ConnectButton } from '@latch/react/compat/rainbowkit'

/**
 * The header as an app that comes from RainbowKit writes it, unchanged but for the import:
 * the ready-made `ConnectButton` and, beside it, a button of the app's own through
 * `ConnectButton.Custom`'s render props.
 */
export function RainbowKitHeader() {
  return (
    <>
      <ConnectButton accountStatus="full" chainStatus="full" showBalance />
      <ConnectButton.Custom>
        {({ account, chain, openAccountModal, mounted }) =>
          mounted && account && chain ? (
            <button
              type="button"
              className="demo-button"
              onClick={openAccountModal}
              data-testid="demo-custom-account"
            >
              {account.displayName} on {chain.unsupported ? 'an unsupported network' : chain.name}
            </button>
          ) : null
        }
      </ConnectButton.Custom>
    </>
  )
}
