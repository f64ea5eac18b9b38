import type { Catalog } from '../i18n.js'

/** Russian: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Вход в Latch',
  'notice.notFramed': 'Эта страница работает только внутри приложения, которое её открыло.',
  'notice.insecure': 'Окну входа нужно защищённое соединение (https).',
  'notice.notAllowed': 'Этому приложению нельзя использовать этот вход.',
  'password.setupTitle': 'Задайте пароль восстановления',
  'password.recoverTitle': 'Введите пароль восстановления',
  'password.setupHelp':
    'Ваш кошелёк разделён на части. Этот пароль защищает часть, которая позволяет войти на новом устройстве. Он никогда не покидает это окно и не может быть сброшен: без него новое устройство не откроет ваш кошелёк. Не менее {min} символов.',
  'password.recoverHelp':
    'Это новое устройство: пароль, который вы задали при создании кошелька, открывает его здесь.',
  'password.label': 'Пароль восстановления',
  'password.repeat': 'Повторите пароль',
  'password.create': 'Создать кошелёк',
  'password.recover': 'Восстановить кошелёк',
  'password.creating': 'Создание…',
  'password.opening': 'Открытие…',
  'password.tooShort': 'Пароль должен содержать не менее {min} символов',
  'password.mismatch': 'Пароли не совпадают',
  'password.wrong': 'Неверный пароль восстановления',
  'recovery.mismatch': 'Восстановленный кошелёк не соответствует этому аккаунту',
  'error.generic': 'Что-то пошло не так: попробуйте ещё раз',
}
