import type { Catalog } from '../i18n.js'

/** Polish: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Logowanie Latch',
  'notice.notFramed': 'Ta strona działa tylko w aplikacji, która ją otworzyła.',
  'notice.insecure': 'Okno logowania wymaga bezpiecznego połączenia (https).',
  'notice.notAllowed': 'Ta aplikacja nie może korzystać z tego logowania.',
  'password.setupTitle': 'Ustaw hasło odzyskiwania',
  'password.recoverTitle': 'Wpisz hasło odzyskiwania',
  'password.setupHelp':
    'Twój portfel jest podzielony na części. To hasło chroni część, która pozwala zalogować się na nowym urządzeniu. Nigdy nie opuszcza tego okna i nie można go zresetować: bez niego nowe urządzenie nie otworzy Twojego portfela. Co najmniej {min} znaków.',
  'password.recoverHelp': 'To nowe urządzenie: hasło ustawione przy tworzeniu portfela otwiera go tutaj.',
  'password.label': 'Hasło odzyskiwania',
  'password.repeat': 'Powtórz hasło',
  'password.create': 'Utwórz portfel',
  'password.recover': 'Odzyskaj portfel',
  'password.creating': 'Tworzenie…',
  'password.opening': 'Otwieranie…',
  'password.tooShort': 'Hasło musi mieć co najmniej {min} znaków',
  'password.mismatch': 'Hasła nie są takie same',
  'password.wrong': 'Hasło odzyskiwania jest nieprawidłowe',
  'recovery.mismatch': 'Odzyskany portfel nie pasuje do tego konta',
  'error.generic': 'Coś poszło nie tak: spróbuj ponownie',
}
