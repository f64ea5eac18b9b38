import type { Catalog } from '../i18n.js'

/** Chinese (Simplified): the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch 登录',
  'notice.notFramed': '此页面只能在打开它的应用中运行。',
  'notice.insecure': '登录框需要安全连接（https）。',
  'notice.notAllowed': '此应用无权使用此登录。',
  'password.setupTitle': '设置恢复密码',
  'password.recoverTitle': '输入你的恢复密码',
  'password.setupHelp':
    '你的钱包被拆分为多个部分。此密码保护让你在新设备上登录的那一部分。它从不离开此窗口，也无法重置：没有它，新设备无法打开你的钱包。至少 {min} 个字符。',
  'password.recoverHelp': '这是一台新设备：你创建钱包时设置的密码可以在这里打开它。',
  'password.label': '恢复密码',
  'password.repeat': '再次输入密码',
  'password.create': '创建钱包',
  'password.recover': '恢复钱包',
  'password.creating': '正在创建…',
  'password.opening': '正在打开…',
  'password.tooShort': '密码至少需要 {min} 个字符',
  'password.mismatch': '两次输入的密码不一致',
  'password.wrong': '恢复密码不正确',
  'recovery.mismatch': '恢复的钱包与此账户不匹配',
  'error.generic': '出了点问题：请重试',
}
