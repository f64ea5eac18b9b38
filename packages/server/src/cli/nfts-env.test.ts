import { describe, expect, it } from 'vitest'
import { CliError } from './commands.js'
import { nftsFromEnv } from './nfts-env.js'

describe('given the NFT settings from the environment', () => {
  it('when nothing is set, then nothing may be fetched and the default spam words apply', () => {
    expect(nftsFromEnv({})).toEqual({
      metadataHosts: undefined,
      ipfsGateway: undefined,
      spamContracts: undefined,
      spamWords: undefined,
    })
  })

  it('when lists are set, then they are read comma-separated; an empty word list turns the heuristic off', () => {
    expect(
      nftsFromEnv({
        LATCH_NFT_METADATA_HOSTS: 'meta.example.com, 127.0.0.1:8080',
        LATCH_IPFS_GATEWAY: 'https://ipfs.example.com',
        LATCH_NFT_SPAM_WORDS: '',
      }),
    ).toEqual({
      metadataHosts: ['meta.example.com', '127.0.0.1:8080'],
      ipfsGateway: 'https://ipfs.example.com',
      spamContracts: undefined,
      spamWords: [],
    })
  })

  it.each([
    [
      { LATCH_NFT_METADATA_HOSTS: 'https://meta.example.com' },
      'LATCH_NFT_METADATA_HOSTS: expected a lowercase host',
    ],
    [{ LATCH_IPFS_GATEWAY: 'ipfs.example.com' }, 'LATCH_IPFS_GATEWAY: expected an http(s) URL'],
    [{ LATCH_NFT_SPAM_CONTRACTS: '0x12' }, 'LATCH_NFT_SPAM_CONTRACTS: expected a CAIP-10 id'],
  ])('when %o is wrong, then the error names the variable', (env, message) => {
    expect(() => nftsFromEnv(env)).toThrow(CliError)
    expect(() => nftsFromEnv(env)).toThrow(message)
  })
})
