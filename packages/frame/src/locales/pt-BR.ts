import type { Catalog } from '../i18n.js'

/** Portuguese (Brazil): the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Login Latch',
  'notice.notFramed': 'Esta página só funciona dentro do app que a abriu.',
  'notice.insecure': 'A janela de login precisa de uma conexão segura (https).',
  'notice.notAllowed': 'Este app não tem permissão para usar este login.',
  'password.setupTitle': 'Defina uma senha de recuperação',
  'password.recoverTitle': 'Digite sua senha de recuperação',
  'password.setupHelp':
    'Sua carteira é dividida em partes. Esta senha protege a parte que permite entrar em um novo dispositivo. Ela nunca sai desta janela e não pode ser redefinida: sem ela, um novo dispositivo não consegue abrir sua carteira. Pelo menos {min} caracteres.',
  'password.recoverHelp':
    'Este é um novo dispositivo: a senha que você definiu ao criar a carteira a abre aqui.',
  'password.label': 'Senha de recuperação',
  'password.repeat': 'Repita a senha',
  'password.create': 'Criar carteira',
  'password.recover': 'Recuperar carteira',
  'password.creating': 'Criando…',
  'password.opening': 'Abrindo…',
  'password.tooShort': 'A senha precisa de pelo menos {min} caracteres',
  'password.mismatch': 'As senhas não coincidem',
  'password.wrong': 'A senha de recuperação está incorreta',
  'recovery.mismatch': 'A carteira recuperada não corresponde a esta conta',
  'error.generic': 'Algo deu errado: tente novamente',
}
