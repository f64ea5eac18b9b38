/**
 * The token list the balance service looks for by default, in the token-list format
 * (tokenlists.org: chainId, address, symbol, name, decimals, logoURI): the most held stablecoins
 * and wrapped assets on the chains the kit ships network presets for. A short list kept here
 * rather than a packaged one: the common one (the Uniswap default list) is GPL-3.0, and a
 * project adds its own tokens with `latch-server project tokens add`. Contract addresses are
 * from each issuer's own documentation. No `logoURI`: the page would otherwise load icons from
 * hosts the operator did not choose.
 */
export const defaultTokenList = {
  name: 'Latch default',
  timestamp: '2026-11-26T00:00:00.000Z',
  version: { major: 1, minor: 0, patch: 0 },
  tokens: [
    // Ethereum
    {
      chainId: 1,
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
    },
    {
      chainId: 1,
      address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      symbol: 'USDT',
      name: 'Tether USD',
      decimals: 6,
    },
    {
      chainId: 1,
      address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      symbol: 'DAI',
      name: 'Dai Stablecoin',
      decimals: 18,
    },
    {
      chainId: 1,
      address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
    },
    {
      chainId: 1,
      address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
      symbol: 'WBTC',
      name: 'Wrapped BTC',
      decimals: 8,
    },
    // Base
    {
      chainId: 8453,
      address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
    },
    {
      chainId: 8453,
      address: '0x4200000000000000000000000000000000000006',
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
    },
    {
      chainId: 8453,
      address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb',
      symbol: 'DAI',
      name: 'Dai Stablecoin',
      decimals: 18,
    },
  ],
}
