import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_SOCIAL_USERS, type DevSocialProvider, type DevSocials, startDevSocials } from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSocial } from '../cli/social.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { devicePublicKey, embeddedPost, subOf, throughConsent } from '../test/social.js'
import { sha256 } from './codes.js'
import { oauth2Endpoints } from './social/oauth2.js'
import { socialProviders } from './social/providers.js'

const secretKey = 's'.repeat(40)
const origin = 'https://app.example.com'
const clientOf = (provider: DevSocialProvider) => ({
  clientId: `latch-demo-${provider}`,
  clientSecret: `dev-${provider}-secret-of-the-demo`,
})
const providers = ['discord', 'x', 'facebook'] as const

it("given the providers' own hosts, then their pages and APIs are where the providers serve them", () => {
  expect(oauth2Endpoints(socialProviders.discord, 'https://discord.com')).toEqual({
    authorization: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    api: 'https://discord.com/api',
  })
  expect(oauth2Endpoints(socialProviders.x, 'https://x.com')).toEqual({
    authorization: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    api: 'https://api.x.com/2',
  })
  expect(oauth2Endpoints(socialProviders.facebook, 'https://www.facebook.com')).toEqual({
    authorization: 'https://www.facebook.com/v23.0/dialog/oauth',
    token: 'https://graph.facebook.com/v23.0/oauth/access_token',
    api: 'https://graph.facebook.com/v23.0',
  })
})

describe.each(backends)(
  "given Discord, X and Facebook logins on %s against the test kit's Dev Socials",
  (backend) => {
    let server: Awaited<ReturnType<typeof startTestServer>>
    let socials: DevSocials
    let frameDir: string
    const post = embeddedPost(() => server.base)
    const configure = (provider: DevSocialProvider, secret = clientOf(provider).clientSecret) =>
      setSocial(server.repository, secretKey, {
        id: demoProject.id,
        provider,
        issuer: socials.issuers[provider],
        ...clientOf(provider),
        clientSecret: secret,
      })

    /** Continue with the provider; at its page the visitor picks the person `id` (or Cancel); back at our callback. */
    async function through(provider: DevSocialProvider, choice: string) {
      const start = await post('social/start', { provider, origin })
      expect(start.status).toBe(200)
      const { attemptId, url } = (await start.json()) as { attemptId: string; url: string }
      return { attemptId, url: new URL(url), ...(await throughConsent(url, choice)) }
    }
    const finish = async (attemptId: string) =>
      post('social/finish', { attemptId, origin, devicePublicKey: await devicePublicKey() })

    beforeAll(async () => {
      frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-'))
      await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
      server = await startTestServer(backend, {
        embedded: { secretKey, frameDir, limits: { ipChecks: 1000, ipLogins: 1000 } },
      })
      const redirectUri = `${server.base}/embedded/v1/social/callback`
      socials = await startDevSocials({
        clients: Object.fromEntries(providers.map((p) => [p, [{ ...clientOf(p), redirectUri }]])),
        users: {
          ...DEV_SOCIAL_USERS,
          // A Discord answer in a shape Discord never gives (a username it does not allow).
          discord: [
            ...DEV_SOCIAL_USERS.discord,
            {
              id: '80351110224678999',
              username: 'Not <A> Name',
              name: 'Malformed',
              email: 'malformed.discord@example.com',
              emailVerified: true,
            },
          ],
        },
      })
      await server.repository.updateProject(demoProject.id, {
        features: { social_login: { isEnabled: true, config: ['email', ...providers] } },
      })
      for (const provider of providers) await configure(provider)
    })
    afterAll(async () => {
      await server.close()
      await socials.close()
      await rm(frameDir, { recursive: true, force: true })
    })

    it.each(providers)(
      'when the visitor authorizes at %s, then the frame gets a session with the handle, and a second login opens the same account',
      async (provider) => {
        const person = socials.users[provider][0]!
        const first = await through(provider, person.id)
        expect(first.url.searchParams.get('code_challenge_method')).toBe('S256')
        expect(first.url.searchParams.get('scope')).toBe(socialProviders[provider].scope)
        expect(first.page).toContain('You are signed in.')
        const done = await finish(first.attemptId)
        expect(done.status).toBe(200)
        const { token, ...shown } = (await done.json()) as {
          token: string
          provider: string
          username: string
        }
        expect(shown).toMatchObject({ provider, username: person.username })
        const again = await through(provider, person.id)
        const second = (await (await finish(again.attemptId)).json()) as { token: string }
        expect(subOf(second.token)).toBe(subOf(token))
      },
    )

    it('when Discord says the email is verified, then the email login reaches the Discord account; when it does not, then nothing joins', async () => {
      const [verified, unverified] = DEV_SOCIAL_USERS.discord as [
        (typeof DEV_SOCIAL_USERS.discord)[0],
        (typeof DEV_SOCIAL_USERS.discord)[0],
      ]
      const first = await through('discord', verified.id)
      const { token } = (await (await finish(first.attemptId)).json()) as { token: string }
      expect((await server.repository.embedded.findUser(demoProject.id, verified.email!))?.id).toBe(
        subOf(token),
      )
      const second = await through('discord', unverified.id)
      expect((await finish(second.attemptId)).status).toBe(200)
      expect(await server.repository.embedded.findUser(demoProject.id, unverified.email!)).toBeUndefined()
    })

    it('when Facebook gives an email, then it joins no account, as Facebook never says it was verified', async () => {
      const person = DEV_SOCIAL_USERS.facebook[0]!
      const { attemptId } = await through('facebook', person.id)
      expect((await finish(attemptId)).status).toBe(200)
      expect(await server.repository.embedded.findUser(demoProject.id, person.email!)).toBeUndefined()
    })

    it.each(providers)(
      'when the visitor cancels at %s, then the frame is told the login was cancelled',
      async (provider) => {
        const { attemptId, page } = await through(provider, 'cancel')
        expect(page).toContain('The sign-in was cancelled.')
        expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'social_denied' })
      },
    )

    it("when Discord's API answers a shape it never gives, then the login fails as unverifiable and no account is made", async () => {
      const { attemptId, status } = await through('discord', '80351110224678999')
      expect(status).toBe(400)
      expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'social_invalid' })
      expect(
        await server.repository.embedded.findUser(demoProject.id, 'malformed.discord@example.com'),
      ).toBeUndefined()
    })

    it.each(providers)(
      'when the project holds a wrong client secret for %s, then the provider refuses the code and no account is made',
      async (provider) => {
        await configure(provider, 'not-the-secret')
        try {
          const { attemptId, status } = await through(provider, socials.users[provider][0]!.id)
          expect(status).toBe(400)
          expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'social_invalid' })
          expect((await server.repository.social.getAttempt(sha256(attemptId)))?.subject).toBeNull()
        } finally {
          await configure(provider)
        }
      },
    )

    it('when the callback is replayed, then it is refused and the attempt keeps its one session', async () => {
      const { attemptId, callbackUrl } = await through('x', DEV_SOCIAL_USERS.x[0]!.id)
      const replay = await fetch(callbackUrl)
      expect(replay.status).toBe(400)
      expect((await finish(attemptId)).status).toBe(200)
    })
  },
)
