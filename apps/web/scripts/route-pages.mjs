// The page module that each path of the router (src/app/router.tsx) loads lazily; null for a page
// the entry brings with it.
export const ROUTE_PAGES = {
  '/': null,
  '/login': 'src/features/auth/pages/login-page.tsx',
  '/signup': 'src/features/auth/pages/signup-page.tsx',
  '/recovery': 'src/features/auth/pages/recovery-page.tsx',
  '/auth/action': 'src/features/auth/pages/auth-action-page.tsx',
  '/prova-dashboard': 'src/features/exams/pages/exam-dashboard-page.tsx',
  '/conteudo-didatico': 'src/features/disciplines/pages/disciplines-page.tsx',
  '/questoes': 'src/app/routes/question-viewer-page.tsx',
  '/assinatura': 'src/features/billing/pages/plans-page.tsx',
  '/pagamento': 'src/features/billing/pages/payment-page.tsx',
  '/conta': 'src/features/account/pages/account-page.tsx',
  '/meu-desempenho': 'src/features/performance/pages/performance-page.tsx',
  '/caderno-de-erros/exportar': 'src/features/notebook-export/pages/notebook-export-page.tsx',
  '/ajuda': 'src/features/help/pages/help-page.tsx',
  '/termos': 'src/features/legal/pages/terms-page.tsx',
  '/politicas': 'src/features/legal/pages/privacy-page.tsx',
};
