import { describe, expect, it } from 'vitest'
import { describeAgent } from './agent.js'

describe('given a User-Agent header, when a security mail names the device', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iOS',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0',
      'Opera on ChromeOS',
    ],
  ])('then %s reads as %s', (agent, expected) => {
    expect(describeAgent(agent)).toBe(expected)
  })

  it('then free text, markup or nothing reads as an unknown browser, never as the text itself', () => {
    expect(describeAgent('Safari on your iPhone (this is your usual device - no action needed)')).toBe(
      'an unknown browser on an unknown system',
    )
    expect(describeAgent('<b>x</b>')).toBe('an unknown browser on an unknown system')
    expect(describeAgent(undefined)).toBe('an unknown browser on an unknown system')
  })
})
