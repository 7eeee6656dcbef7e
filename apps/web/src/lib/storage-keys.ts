import type { ExamFilterKey } from '@gabarita/shared';

/** Every key this app writes to localStorage or sessionStorage. public/theme-init.js repeats the theme key. */
export const STORAGE_KEYS = {
  /** 'dark' | 'light'; absent means "follow the system". */
  theme: 'gabarita.theme',
  /** 'sim' once Inter has loaded in this browser: it is then in the HTTP cache, most likely. */
  brandFontCached: 'gabarita.fonte',
  /** 'true' | 'false': whether the persistent sidebar is open on wide screens. */
  menuOpen: 'gabarita.menuOpen',
  /**
   * sessionStorage, per question: the letter chosen when the free limit stopped the check, so the
   * choice is still there when the user comes back after subscribing.
   */
  pendingChoice: (questionId: string) => `gabarita.escolha.${questionId}`,
  /** localStorage, per simulado: choices not yet confirmed by the server (sent again later). */
  simuladoPending: (simuladoId: string) => `gabarita.simulado.${simuladoId}`,
  /**
   * The last signed-in session (JSON), read only when the server cannot be reached, so the app
   * opens offline; forgotten on sign-out (domain/session/kept-session.ts).
   */
  keptSession: 'gabarita.sessao',
  /** 'graficos' | 'tabela': how the performance page shows the numbers by discipline. */
  performanceView: 'gabarita.desempenho.visao',
  /**
   * sessionStorage, one key per exam-list filter (spec: client preferences). The value is the
   * filter's value; absent means 'Todas as opções'.
   */
  examFilters: {
    tipo: 'gabarita.filtro.tipo',
    cargo: 'gabarita.filtro.cargo',
    instituicao: 'gabarita.filtro.instituicao',
    ano: 'gabarita.filtro.ano',
    orgao: 'gabarita.filtro.orgao',
    nivel: 'gabarita.filtro.nivel',
    disciplina: 'gabarita.filtro.disciplina',
    assunto: 'gabarita.filtro.assunto',
  } satisfies Record<ExamFilterKey, string>,
} as const;
