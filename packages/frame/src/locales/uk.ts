import type { Catalog } from '../i18n.js'

/** Ukrainian: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Вхід у Latch',
  'notice.notFramed': 'Ця сторінка працює лише всередині застосунку, який її відкрив.',
  'notice.insecure': 'Вікну входу потрібне захищене з’єднання (https).',
  'notice.notAllowed': 'Цьому застосунку не дозволено використовувати цей вхід.',
  'password.setupTitle': 'Встановіть пароль відновлення',
  'password.recoverTitle': 'Введіть пароль відновлення',
  'password.setupHelp':
    'Ваш гаманець поділено на частини. Цей пароль захищає частину, яка дає змогу увійти на новому пристрої. Він ніколи не залишає це вікно і не може бути скинутий: без нього новий пристрій не відкриє ваш гаманець. Щонайменше {min} символів.',
  'password.recoverHelp':
    'Це новий пристрій: пароль, який ви встановили під час створення гаманця, відкриває його тут.',
  'password.label': 'Пароль відновлення',
  'password.repeat': 'Повторіть пароль',
  'password.create': 'Створити гаманець',
  'password.recover': 'Відновити гаманець',
  'password.creating': 'Створення…',
  'password.opening': 'Відкриття…',
  'password.tooShort': 'Пароль має містити щонайменше {min} символів',
  'password.mismatch': 'Паролі не збігаються',
  'password.wrong': 'Пароль відновлення неправильний',
  'recovery.mismatch': 'Відновлений гаманець не відповідає цьому акаунту',
  'error.generic': 'Щось пішло не так: спробуйте ще раз',
}
