/**
 * A signed-in account on a test server (NODE_ENV=test, no SMTP): signs up, opens the verification
 * link from the development outbox and signs in. Returns the session cookie.
 */
export async function signedInCookie(baseUrl: string): Promise<string> {
  const email = `lighthouse.${Date.now()}@exemplo.com.br`;
  const password = 'senha-de-bench-1';
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const signup = await post('/api/auth/signup', { name: 'Bench Lighthouse', email, password });
  if (signup.status !== 201) throw new Error(`cadastro falhou: ${await signup.text()}`);
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as {
    messages: { to: string; text: string }[];
  };
  const mail = outbox.messages.find((message) => message.to.includes(email));
  const oobCode = mail?.text.match(/oobCode=([\w-]+)/)?.[1];
  if (!oobCode) throw new Error('o e-mail de verificação não chegou à caixa de saída');
  await post('/api/auth/action/verify-email', { oobCode });
  const login = await post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login falhou: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .find((value) => value.startsWith('gabarita_session='));
  if (!cookie) throw new Error('o login não devolveu o cookie de sessão');
  return cookie.split(';')[0]!;
}

/** The first exam of the catalogue's first page and the address of its first question. */
export async function firstQuestionPath(baseUrl: string, cookie: string): Promise<string> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response.json();
  };
  const exams = (await get('/api/exams')) as { items: { id: string }[] };
  const examId = exams.items[0]?.id;
  if (!examId) throw new Error('o catálogo de demonstração está vazio');
  const exam = (await get(`/api/exams/${examId}`)) as { questions: { id: string }[] };
  const questionId = exam.questions[0]!.id;
  return `/questoes?prova=${encodeURIComponent(examId)}&q=${encodeURIComponent(questionId)}`;
}
