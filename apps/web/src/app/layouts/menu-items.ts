import { type ExamKind, PATHS, STUDY_PARAMS } from '@gabarita/shared';
import {
  Award,
  BookOpen,
  GraduationCap,
  School,
  Trophy,
  ChartColumn,
  CircleHelp,
  Crown,
  ListChecks,
  NotebookPen,
  RotateCcw,
  Search,
  ShieldCheck,
  Timer,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import { EXAM_KIND_LIST_TITLES, MENU_KIND_ORDER } from '@/domain/catalog/catalog-text';

export interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown to the staff only (editors, support and admins). */
  staffOnly?: boolean;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Questões de concurso', to: PATHS.home.path, icon: ListChecks },
  { label: 'Disciplinas isoladas', to: PATHS.disciplines.path, icon: BookOpen },
  { label: 'Buscar questões', to: PATHS.questionSearch.path, icon: Search },
  { label: 'Caderno de erros', to: PATHS.mistakes.path, icon: NotebookPen },
  { label: 'Revisão de hoje', to: PATHS.reviewToday.path, icon: RotateCcw },
  { label: 'Simulados', to: PATHS.simulados.path, icon: Timer },
  { label: 'Planos de Assinatura', to: PATHS.plans.path, icon: Crown },
  { label: 'Gerenciar Conta', to: PATHS.account.path, icon: UserCog },
  { label: 'Meu Desempenho', to: PATHS.performance.path, icon: ChartColumn },
  { label: 'Ajuda', to: PATHS.help.path, icon: CircleHelp },
  { label: 'Área editorial', to: PATHS.staffArea.path, icon: ShieldCheck, staffOnly: true },
];

const KIND_ICONS: Record<Exclude<ExamKind, 'concurso'>, LucideIcon> = {
  enem: GraduationCap,
  vestibular: School,
  certificacao: Award,
  olimpiada: Trophy,
};

/** The address of the exam list of one kind: the list reads its kind from there. */
export function kindListPath(kind: ExamKind): string {
  return `${PATHS.home.path}?tipo=${kind}`;
}

/**
 * The menu with an entry for each other kind of exam the catalogue has ('Questões do ENEM'), after
 * 'Questões de concurso', in the order of docs/product-rules.md ("Exam kinds and option blocks").
 * A catalogue of concursos only shows the menu as it was.
 */
export function menuItemsFor(kinds: readonly string[]): MenuItem[] {
  const present = new Set(kinds);
  const kindItems = MENU_KIND_ORDER.filter(
    (kind): kind is Exclude<ExamKind, 'concurso'> => kind !== 'concurso' && present.has(kind),
  ).map((kind) => ({
    label: EXAM_KIND_LIST_TITLES[kind],
    to: kindListPath(kind),
    icon: KIND_ICONS[kind],
  }));
  const [first, ...rest] = MENU_ITEMS;
  return [first!, ...kindItems, ...rest];
}

/**
 * The menu entry a page belongs to, so the menu always shows where the user is: the exam list of a
 * kind to that kind's entry, an exam's dashboard and its questions to its kind's entry ('Questões
 * de concurso' for a concurso or an exam not loaded yet), questions opened from a discipline
 * to 'Disciplinas isoladas', questions walked from a search or the notebook to those entries, the
 * payment page to the plans, every page of the editorial area to 'Área editorial'.
 */
export function activeMenuPath(
  pathname: string,
  search: string,
  /** The kind of the exam the page shows, when known: another kind's exam is under its entry. */
  examKind?: ExamKind | null,
): string | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const examHome = examKind && examKind !== 'concurso' ? kindListPath(examKind) : PATHS.home.path;
  if (path === PATHS.home.path) {
    // The exam list of another kind than concurso belongs to that kind's entry.
    const kind = new URLSearchParams(search).get('tipo');
    return kind && kind !== 'concurso' ? kindListPath(kind as ExamKind) : PATHS.home.path;
  }
  if (path === PATHS.examDashboard.path) return examHome;
  if (path === PATHS.questions.path) {
    const params = new URLSearchParams(search);
    if (params.get(STUDY_PARAMS.exam)) return examHome;
    if (params.get(STUDY_PARAMS.search)) return PATHS.questionSearch.path;
    if (params.get(STUDY_PARAMS.notebook)) return PATHS.mistakes.path;
    return PATHS.disciplines.path;
  }
  if (path === PATHS.payment.path) return PATHS.plans.path;
  const staffArea = PATHS.staffArea.path;
  if (path === staffArea || path.startsWith(`${staffArea}/`)) return staffArea;
  if (path === PATHS.simulado.path || path.startsWith(PATHS.simulados.path)) {
    return PATHS.simulados.path;
  }
  const item = MENU_ITEMS.find((entry) => entry.to === path);
  return item ? item.to : null;
}
