import type { Catalog } from '../i18n.js'

/** Korean: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch 로그인',
  'notice.notFramed': '이 페이지는 이 페이지를 연 앱 안에서만 작동합니다.',
  'notice.insecure': '로그인 프레임에는 보안 연결(https)이 필요합니다.',
  'notice.notAllowed': '이 앱은 이 로그인을 사용할 수 없습니다.',
  'password.setupTitle': '복구 비밀번호 설정',
  'password.recoverTitle': '복구 비밀번호 입력',
  'password.setupHelp':
    '지갑은 여러 조각으로 나뉘어 있습니다. 이 비밀번호는 새 기기에서 로그인할 수 있게 해 주는 조각을 보호합니다. 이 창 밖으로 나가지 않으며 재설정할 수 없습니다. 이 비밀번호 없이는 새 기기에서 지갑을 열 수 없습니다. 최소 {min}자.',
  'password.recoverHelp': '새 기기입니다. 지갑을 만들 때 설정한 비밀번호로 여기서 지갑을 엽니다.',
  'password.label': '복구 비밀번호',
  'password.repeat': '비밀번호 다시 입력',
  'password.create': '지갑 만들기',
  'password.recover': '지갑 복구',
  'password.creating': '만드는 중…',
  'password.opening': '여는 중…',
  'password.tooShort': '비밀번호는 최소 {min}자여야 합니다',
  'password.mismatch': '비밀번호가 일치하지 않습니다',
  'password.wrong': '복구 비밀번호가 올바르지 않습니다',
  'recovery.mismatch': '복구된 지갑이 이 계정과 일치하지 않습니다',
  'error.generic': '문제가 발생했습니다. 다시 시도해 주세요',
}
