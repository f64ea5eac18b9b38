import type { Catalog } from '../i18n.js'

/** Portuguese (Brazil): the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Login Latch',
  'notice.notFramed': 'Esta página só funciona dentro do app que a abriu.',
  'notice.insecure': 'A janela de login precisa de uma conexão segura (https).',
  'notice.notAllowed': 'Este app não tem permissão para usar este login.',
  'notice.noOpener': 'Esta janela só funciona quando um app a abre.',
  'notice.noStorage':
    'Este navegador não dá armazenamento à carteira aqui (o armazenamento de terceiros está bloqueado), então o login não pôde ser mantido. Continue na janela própria da carteira ou permita dados de sites de terceiros para este app nas configurações do navegador e recarregue a página.',
  'window.wallet':
    'Sua carteira para {origin} funciona nesta janela, onde este navegador guarda o login. Mantenha a janela aberta enquanto usa o app; fechá-la desconecta o app, e o login fica salvo aqui para a próxima vez.',
  'password.setupTitle': 'Defina uma senha de recuperação',
  'password.recoverTitle': 'Digite sua senha de recuperação',
  'password.setupHelp':
    'Sua carteira é dividida em partes. Esta senha protege a parte que permite entrar em um novo dispositivo. Ela nunca sai desta janela e não pode ser redefinida: sem ela, um novo dispositivo não consegue abrir sua carteira. Pelo menos {min} caracteres.',
  'password.recoverHelp':
    'Este é um novo dispositivo: a senha que você definiu ao criar a carteira a abre aqui.',
  'password.backupTitle': 'Definir também uma senha de recuperação?',
  'password.backupHelp':
    'Para um dispositivo sem esta chave de acesso: esta senha abre sua carteira nele. Ela nunca sai desta janela e não pode ser redefinida. Pelo menos {min} caracteres.',
  'password.skip': 'Pular: só a chave de acesso',
  'password.label': 'Senha de recuperação',
  'password.repeat': 'Repita a senha',
  'password.create': 'Criar carteira',
  'password.recover': 'Recuperar carteira',
  'password.creating': 'Criando…',
  'password.opening': 'Abrindo…',
  'password.tooShort': 'A senha precisa de pelo menos {min} caracteres',
  'password.mismatch': 'As senhas não coincidem',
  'password.weak':
    'Esta senha é fácil demais de adivinhar. Use uma mais longa: quatro ou mais palavras sem relação funcionam bem.',
  'passkey.setupTitle': 'Proteja sua carteira com uma chave de acesso',
  'passkey.setupHelp':
    'Sua carteira é dividida em partes. Uma chave de acesso neste dispositivo (ou sincronizada com seus outros dispositivos) protege a parte que permite entrar em um novo dispositivo. Nada do que a abre sai desta janela.',
  'passkey.create': 'Criar uma chave de acesso',
  'passkey.usePassword': 'Usar uma senha de recuperação em vez disso',
  'passkey.recoverTitle': 'Use sua chave de acesso',
  'passkey.recoverHelp':
    'Este é um novo dispositivo: a chave de acesso que você criou com a carteira a abre aqui.',
  'passkey.use': 'Usar chave de acesso',
  'passkey.waiting': 'Aguardando a chave de acesso…',
  'passkey.cancelled': 'A chave de acesso não foi usada. Tente novamente ou escolha a senha de recuperação.',
  'passkey.noPrf':
    'Esta chave de acesso não pode proteger uma carteira (ela não tem suporte a PRF). Escolha a senha de recuperação.',
  'passkey.lostTitle': 'Este dispositivo não consegue abrir sua carteira sem a chave de acesso dela',
  'passkey.lostHelp':
    'A chave de acesso não foi usada, então este dispositivo não consegue abrir sua carteira: a parte que a abre em um novo dispositivo está trancada com a chave de acesso que você criou com ela, e ninguém mais pode destrancá-la, nem o app nem o servidor dele. Entre em um dispositivo que tenha essa chave de acesso: aquele em que você criou a carteira, um dispositivo com que suas chaves de acesso sincronizam, ou sua chave de segurança. Se você cancelou por engano, tente de novo.',
  'passkey.lostHelpPassword':
    'A chave de acesso não foi usada aqui. Você também definiu uma senha de recuperação para esta carteira: ela abre a carteira neste dispositivo. Ou entre em um dispositivo que tenha a chave de acesso, ou tente de novo.',
  'passkey.tryAgain': 'Tentar a chave de acesso de novo',
  'passkey.helpLink': 'Onde estão minhas chaves de acesso? (abre uma nova aba)',
  'passkey.wrong':
    'Esta chave de acesso não abre esta carteira. Use a chave de acesso que você criou com ela.',
  'password.wrong': 'A senha de recuperação está incorreta',
  'recovery.mismatch': 'A carteira recuperada não corresponde a esta conta',
  'error.generic': 'Algo deu errado: tente novamente',
  'approve.title.message': 'Assinar uma mensagem',
  'approve.title.typedData': 'Assinar dados tipados',
  'approve.title.transaction': 'Enviar uma transação',
  'approve.title.solanaTransaction': 'Enviar uma transação Solana',
  'approve.title.solanaSign': 'Assinar uma transação Solana (o site a envia)',
  'approve.feePayer': 'Taxa de rede paga por',
  'approve.title.userOperation': 'Enviar da sua conta inteligente',
  'approve.fromSmartAccount': 'Conta inteligente',
  'approve.callNumber': 'Chamada {index} de {count}',
  'approve.paidByApp': 'O app (patrocinado)',
  'approve.createsAccount': 'Cria sua conta inteligente nesta rede (primeiro uso)',
  'approve.program': 'Programa chamado',
  'approve.lookupTables':
    'Esta transação também usa {count} contas de tabelas de consulta de endereços; elas não aparecem aqui.',
  'approve.origin': 'Solicitado por',
  'approve.originHelp': 'Este é o site que incorpora esta carteira, conforme informado pelo seu navegador.',
  'approve.dappClaim': 'O site se apresenta como “{name}” (não verificado)',
  'approve.message': 'Mensagem',
  'approve.messageHex': 'Mensagem (não é texto, exibida em hex)',
  'approve.domain': 'Domínio',
  'approve.contract': 'Contrato',
  'approve.domainChain': 'Rede do domínio',
  'approve.primaryType': 'Tipo',
  'approve.chainMismatch':
    'Atenção: esta assinatura é para a rede {domain}, mas a carteira está na rede {current}.',
  'approve.permit': 'Permissão para gastar tokens ({kind})',
  'approve.riskUnlimited':
    'Risco alto: isto permite que {spender} pegue todo este token que você tem, agora e depois, sem perguntar de novo.',
  'approve.riskAllItems':
    'Risco alto: isto permite que {operator} pegue cada item desta coleção que você tem, agora e depois, sem perguntar de novo.',
  'approve.riskUnknownPermit':
    'Risco alto: isto parece uma permissão sobre seus ativos, de um tipo que esta carteira não sabe resumir. Confira cada campo abaixo.',
  'approve.unknownCall':
    'Esta carteira não consegue decodificar esta chamada (função desconhecida {selector}). Aprove só se confiar no site: os dados brutos estão abaixo.',
  'approve.irregularCall':
    'Os argumentos desta chamada não seguem a codificação padrão, então um contrato pode lê-los de outro jeito. Os dados brutos estão abaixo.',
  'approve.trailing': 'A chamada traz {count} bytes extras depois dos argumentos (mostrados abaixo).',
  'approve.trailingBytes': 'Bytes extras',
  'approve.rawData': 'Dados brutos (exatamente o que é assinado)',
  'approve.rawAmount': '{amount} (unidades brutas: não foi possível ler as casas decimais do token)',
  'approve.nativeOf': '{amount} (moeda nativa da rede {chain})',
  'approve.fields': 'Tudo o que é assinado',
  'approve.seaportListing': 'Anúncio de venda (Seaport): os itens que você entrega, pelos pagamentos abaixo',
  'approve.seaportOffer': 'Oferta de compra (Seaport): o pagamento que você entrega, pelos itens abaixo',
  'approve.youGive': 'Você entrega',
  'approve.inReturn': 'Pago em troca (para)',
  'approve.hiddenCharacters':
    'Este texto contém caracteres invisíveis ou que mudam a direção, mostrados aqui como ⟨U+…⟩: ele pode não ser lido como é assinado.',
  'approve.foreignSignIn': 'Esta mensagem de login é para {domain}, não para o site que pede ({origin}).',
  'approve.spender': 'Autorizado',
  'approve.token': 'Token',
  'approve.amount': 'Valor',
  'approve.unlimited': 'Ilimitado',
  'approve.deadline': 'Válido até',
  'approve.noDeadline': 'Sem prazo',
  'approve.to': 'Destinatário',
  'approve.contractCreation': 'Novo contrato',
  'approve.value': 'Quantia',
  'approve.selector': 'Chamada',
  'approve.chain': 'Rede',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Limite de gás',
  'approve.networkFee': 'Taxa de rede',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Seu saldo ({balance}) não cobre esta transação: ela precisa de até {needed}, o valor mais a taxa de rede máxima. A rede a recusaria, então ela não pode ser aprovada. Adicione fundos a esta conta e peça de novo.',
  'approve.from': 'Conta',
  'approve.approve': 'Aprovar',
  'approve.reject': 'Recusar',
  'approve.working': 'Assinando…',
  'approve.unreachable': 'Não foi possível alcançar o servidor da carteira',
  'approve.unreachableHelp':
    'Nada foi assinado nem enviado. Verifique sua conexão e toque em Tentar novamente, ou em Fechar para cancelar o pedido.',
  'approve.retry': 'Tentar novamente',
  'approve.close': 'Fechar',
  'approve.openWindow': 'Revisar na janela da carteira',
  'approve.windowHelp':
    'Este navegador não consegue mostrar à carteira se a página cobre esta tela, então você decide na janela da própria carteira em {origin}.',
  'approve.windowWaiting': 'Aprove ou recuse na janela da carteira.',
  'approve.windowTitle': 'Carteira Latch',
  'approve.windowDone': 'Pronto. Você pode fechar esta janela.',
  'approve.windowGone': 'Esta solicitação não está mais aguardando. Você pode fechar esta janela.',
  'export.title': 'Exportar sua carteira',
  'export.help':
    'Sua frase de recuperação e suas chaves privadas são exibidas em uma janela separada de {origin}, após um código que enviamos para {email}. Quem as vir controla sua carteira.',
  'export.open': 'Abrir a janela de exportação',
  'export.cancel': 'Cancelar',
  'export.blocked': 'A janela não abriu: permita pop-ups para este site e tente novamente.',
  'guard.hint':
    'Para sua segurança, os botões aqui funcionam depois que esta tela fica visível por um instante.',
  'guard.wait': 'Disponível em um instante, para sua segurança',
  'window.title': 'Exportar sua carteira',
  'window.notTopLevel': 'Esta página só funciona na própria janela.',
  'window.noLogin':
    'Nenhuma carteira foi entregue a esta janela: ela só funciona quando a carteira do app a abre. No app, entre, abra sua conta, escolha “Exportar carteira” e depois “Abrir a janela de exportação”.',
  'window.intro':
    'Conectado como {email}. Enviamos um código para este e-mail; sua frase de recuperação e suas chaves privadas aparecem aqui quando você o digitar. Também avisamos por e-mail quando elas foram exibidas.',
  'window.sendCode': 'Enviar o código',
  'window.sending': 'Enviando…',
  'window.codeSent': 'Enviamos um código para {email}.',
  'window.codeLabel': 'Código do e-mail',
  'window.codeFormat': 'O código tem 6 dígitos',
  'window.reveal': 'Mostrar frase de recuperação e chaves',
  'window.revealing': 'Abrindo…',
  'window.warning':
    'Quem vir isto controla sua carteira. Anote a frase offline; nunca a digite em um site nem a compartilhe.',
  'window.phrase': 'Frase de recuperação',
  'window.evmKey': 'Chave privada Ethereum ({address})',
  'window.solanaKey': 'Chave privada Solana ({address})',
  'window.close': 'Ocultar e fechar',
  'window.closed': 'Oculto. Você pode fechar esta janela.',
  'recoveryNotice.recoveredTitle': 'Sua carteira foi aberta em um novo dispositivo',
  'recoveryNotice.recoveredText':
    'Um novo dispositivo recuperou sua carteira com seu e-mail. Se não foi você, alguém pode ler seu e-mail: proteja sua caixa de entrada e fale com o app.',
  'recoveryNotice.pendingTitle': 'Um novo dispositivo pediu para abrir sua carteira',
  'recoveryNotice.pendingText':
    'Ele poderá abrir sua carteira depois de {until}. Se não foi você, toque em “Não fui eu” para impedir.',
  'recoveryNotice.cancelledTitle': 'Um novo dispositivo foi impedido',
  'recoveryNotice.cancelledText':
    'Um novo dispositivo pediu para abrir sua carteira e foi impedido com “Não fui eu”. Ele não pode abrir sua carteira.',
  'recoveryNotice.time': 'Horário',
  'recoveryNotice.browser': 'Navegador',
  'recoveryNotice.ip': 'Endereço IP',
  'recoveryNotice.stop': 'Não fui eu',
  'recoveryNotice.dismiss': 'Dispensar',
  'recoveryNotice.close': 'Fechar',
  'recoveryNotice.tooLate': 'Esta recuperação já foi concluída ou impedida.',
  'recoveryWait.pendingTitle': 'Sua carteira abrirá aqui mais tarde',
  'recoveryWait.pendingText':
    'Para sua segurança, este novo dispositivo poderá abrir sua carteira depois de {until}. Avisamos o titular por e-mail e nos outros dispositivos. Volte nesse horário e entre de novo.',
  'recoveryWait.cancelledTitle': 'Este dispositivo foi impedido',
  'recoveryWait.cancelledText':
    'O titular desta carteira tocou em “Não fui eu”: este dispositivo não pode abri-la.',
}
