import { describe, expect, it } from 'vitest'
import { isWeakPassword } from './passwordStrength.js'

describe('given a new recovery password', () => {
  it('then guessable ones of 10 characters or more are refused', async () => {
    for (const weak of ['Summer2024!!', 'password1234', 'qwertyuiop12', 'iloveyou12345', 'correcthorse!!'])
      expect(await isWeakPassword(weak, 'alice.liddell@example.com'), weak).toBe(true)
  })

  it('then one built on the account’s own email is refused', async () => {
    expect(await isWeakPassword('aliceliddell2024', 'alice.liddell@example.com')).toBe(true)
  })

  it('then a passphrase of unrelated words, or a random string, is accepted', async () => {
    for (const strong of ['copper lantern orbit thistle', 'k9#Vq2!mZr7@Lx', 'a long recovery password'])
      expect(await isWeakPassword(strong, 'alice.liddell@example.com'), strong).toBe(false)
  })
})
