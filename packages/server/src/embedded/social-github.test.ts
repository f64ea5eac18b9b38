import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_GITHUB_USERS, type DevGithub, type DevGithubUser, startDevGithub } from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSocial } from '../cli/social.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { devicePublicKey, embeddedPost, subOf, throughConsent } from '../test/social.js'
import { sha256 } from './codes.js'
import { githubEndpoints } from './social/oauth2.js'

const secretKey = 's'.repeat(40)
const client = { clientId: 'latch-demo-github', clientSecret: 'dev-github-secret-of-the-demo' }
const origin = 'https://app.example.com'
const [verified, unverified] = DEV_GITHUB_USERS as [DevGithubUser, DevGithubUser]
/** A person whose `GET /user` answer is not GitHub's shape (a login GitHub never gives). */
const malformed: DevGithubUser = {
  id: 58_231_099,
  login: 'not a <login>',
  name: 'Malformed',
  emails: [{ email: 'malformed@example.com', primary: true, verified: true }],
}
it("given GitHub's own host, then its API is api.github.com; elsewhere (Enterprise Server) under /api/v3", () => {
  expect(githubEndpoints('https://github.com')).toEqual({
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    api: 'https://api.github.com',
  })
  expect(githubEndpoints('https://git.example.com/').api).toBe('https://git.example.com/api/v3')
})

describe.each(backends)(
  'given "Continue with GitHub" on %s against the test kit\'s Dev GitHub',
  (backend) => {
    let server: Awaited<ReturnType<typeof startTestServer>>
    let github: DevGithub
    let frameDir: string
    const post = embeddedPost(() => server.base)
    const githubOn = async (config: string[] = ['email', 'google', 'github']) =>
      server.repository.updateProject(demoProject.id, {
        features: { social_login: { isEnabled: true, config } },
      })

    /** Continue with GitHub; at Dev GitHub the visitor picks `user` (or Cancel); back at our callback. */
    async function throughGithub(choice: DevGithubUser | 'cancel') {
      const start = await post('social/start', { provider: 'github', origin })
      expect(start.status).toBe(200)
      const { attemptId, url } = (await start.json()) as { attemptId: string; url: string }
      const walk = await throughConsent(url, choice === 'cancel' ? choice : String(choice.id))
      return { attemptId, url: new URL(url), ...walk }
    }
    const finish = async (attemptId: string) =>
      post('social/finish', { attemptId, origin, devicePublicKey: await devicePublicKey() })

    beforeAll(async () => {
      frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-'))
      await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
      server = await startTestServer(backend, {
        embedded: { secretKey, frameDir, limits: { ipChecks: 1000, ipLogins: 1000 } },
      })
      github = await startDevGithub({
        clients: [{ ...client, redirectUri: `${server.base}/embedded/v1/social/callback` }],
        users: [...DEV_GITHUB_USERS, malformed],
      })
      await githubOn()
      await setSocial(server.repository, secretKey, {
        id: demoProject.id,
        provider: 'github',
        issuer: github.issuer,
        ...client,
      })
    })
    afterAll(async () => {
      await server.close()
      await github.close()
      await rm(frameDir, { recursive: true, force: true })
    })

    it('when the project does not list GitHub, then starting a GitHub login is refused with social_disabled', async () => {
      await githubOn(['email', 'google'])
      try {
        const start = await post('social/start', { provider: 'github', origin })
        expect(start.status).toBe(403)
        expect(((await start.json()) as { error: string }).error).toBe('social_disabled')
      } finally {
        await githubOn()
      }
    })

    it("when the visitor authorizes as the verified person, then the frame gets a session for that GitHub account, which the verified email's login finds, and a second login opens it again", async () => {
      const first = await throughGithub(verified)
      expect(first.url.origin + first.url.pathname).toBe(`${github.issuer}/login/oauth/authorize`)
      expect(first.url.searchParams.get('code_challenge_method')).toBe('S256')
      expect(first.url.searchParams.get('scope')).toBe('read:user user:email')
      expect(first.url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43)
      expect(first.html).toContain('Octo Visitor')
      expect(first.page).toContain('You are signed in.')
      expect(first.page).not.toMatch(/gho_|dev-github-secret/)
      const done = await finish(first.attemptId)
      expect(done.status).toBe(200)
      const { token, provider, username } = (await done.json()) as {
        token: string
        provider: string
        username: string
      }
      // Account shows "GitHub · octo-visitor": the provider and the visitor's login there.
      expect({ provider, username }).toEqual({ provider: 'github', username: 'octo-visitor' })
      // The primary email is verified at GitHub: the account is the one an email login reaches.
      expect(
        (await server.repository.embedded.findUser(demoProject.id, 'octo.visitor@example.com'))?.id,
      ).toBe(subOf(token))
      const again = await throughGithub(verified)
      const second = (await (await finish(again.attemptId)).json()) as { token: string }
      expect(subOf(second.token)).toBe(subOf(token))
    })

    it('when the primary email is not verified at GitHub, then the account is its own and no email login reaches it', async () => {
      const { attemptId, page } = await throughGithub(unverified)
      expect(page).toContain('You are signed in.')
      expect((await finish(attemptId)).status).toBe(200)
      expect(
        await server.repository.embedded.findUser(demoProject.id, 'unverified.octo@example.com'),
      ).toBeUndefined()
    })

    it('when the visitor cancels at GitHub, then the frame is told the login was cancelled', async () => {
      const { attemptId, page } = await throughGithub('cancel')
      expect(page).toContain('The sign-in was cancelled.')
      expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'social_denied' })
    })

    it("when GitHub's API answers a shape it never gives, then the login fails as unverifiable and no account is made", async () => {
      const { attemptId, page, status } = await throughGithub(malformed)
      expect(status).toBe(400)
      expect(page).toContain('The sign-in could not be completed.')
      expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'social_invalid' })
      expect(
        await server.repository.embedded.findUser(demoProject.id, 'malformed@example.com'),
      ).toBeUndefined()
    })

    it('when the callback is replayed, then it is refused and the attempt keeps its one session', async () => {
      const { attemptId, callbackUrl } = await throughGithub(verified)
      const replay = await fetch(callbackUrl)
      expect(replay.status).toBe(400)
      expect(await replay.text()).toContain('This sign-in has expired or was already used.')
      expect((await finish(attemptId)).status).toBe(200)
    })

    it('when the project holds a wrong client secret, then GitHub refuses the code and the login fails', async () => {
      await setSocial(server.repository, secretKey, {
        id: demoProject.id,
        provider: 'github',
        issuer: github.issuer,
        ...client,
        clientSecret: 'not-the-secret',
      })
      try {
        const { attemptId, status } = await throughGithub(verified)
        expect(status).toBe(400)
        expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'social_invalid' })
        const attempt = await server.repository.social.getAttempt(sha256(attemptId))
        expect(attempt?.subject).toBeNull()
      } finally {
        await setSocial(server.repository, secretKey, {
          id: demoProject.id,
          provider: 'github',
          issuer: github.issuer,
          ...client,
        })
      }
    })
  },
)
