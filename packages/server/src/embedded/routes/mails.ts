import type { FastifyRequest } from 'fastify'
import { projectOrigins } from '../../http/project.js'
import type { EmbeddedAttempt } from '../../storage/embedded.js'
import type { Project } from '../../storage/types.js'
import { describeAgent } from '../agent.js'
import { type CodeDeps, issueCode } from '../codes.js'
import type { Mailer } from '../mail.js'

interface MailDeps {
  codeDeps: CodeDeps
  requireMailer: () => Mailer
  publicUrl: () => string
}

/** The mails the embedded routes send: the login code, the device link, the reshare notice. */
export function embeddedMails({ codeDeps, requireMailer, publicUrl }: MailDeps) {
  const { limits } = codeDeps

  /** The sites the code belongs on: the project's own origins (the frame runs nowhere else). */
  const whereToType = (project: Project) => {
    const sites = projectOrigins(project)
      .filter((origin) => !origin.includes('*'))
      .slice(0, 3)
      .map((origin) => origin.replace(/^https?:\/\//, ''))
    return sites.length === 0
      ? `Type it only in ${project.name}'s own sign-in window.`
      : `Type it only in ${project.name}'s sign-in window on ${sites.join(', ')}.`
  }

  async function sendCode(project: Project, attempt: EmbeddedAttempt): Promise<void> {
    const code = await issueCode(codeDeps, attempt.id, 'login')
    const minutes = Math.round(limits.codeLifetimeMs / 60_000)
    await requireMailer().send({
      to: attempt.email,
      subject: `Your ${project.name} login code`,
      text: `Your login code for ${project.name} is ${code}.\n\n${whereToType(project)} Never type it on another site, and never tell it to anyone: ${project.name} never asks for it.\n\nIt expires in ${minutes} minutes and works only in the window where you asked for it. If you did not ask for it, ignore this mail.`,
    })
  }

  async function sendDeviceLink(request: FastifyRequest, project: Project, email: string, token: string) {
    const link = `${publicUrl()}/embedded/v1/device/confirm?token=${token}`
    await requireMailer().send({
      to: email,
      subject: `Confirm a new device for ${project.name}`,
      text: `A new device asked to sign in to ${project.name} with this email.\n\nBrowser (as reported by the device): ${describeAgent(request.headers['user-agent'])}\nIP address: ${request.ip}\nTime: ${new Date().toUTCString()}\n\nIf this was you, open this link and press "This was me":\n${link}\n\nIf it was not you, ignore this mail: nothing happens without your confirmation.`,
    })
  }
  /** Every replacement of the recovery share is mailed to the owner (also a legitimate one). */
  async function mailReshared(request: FastifyRequest, project: Project, email: string) {
    await requireMailer().send({
      to: email,
      subject: `The recovery of your ${project.name} wallet now goes through a new device`,
      text: `A device that just recovered your ${project.name} wallet replaced its recovery data.\n\nBrowser (as reported by the device): ${describeAgent(request.headers['user-agent'])}\nIP address: ${request.ip}\nTime: ${new Date().toUTCString()}\n\nIf this was not you, someone can read your email: secure your mailbox, move your funds to a new wallet and contact ${project.name}.`,
    })
  }

  return { sendCode, sendDeviceLink, mailReshared }
}
