import { STUDY_PARAMS } from '@gabarita/shared';
import {
  BookOpen,
  ChartColumn,
  CircleHelp,
  Crown,
  ListChecks,
  NotebookPen,
  Search,
  ShieldCheck,
  Timer,
  UserCog,
  type LucideIcon,
} from 'lucide-react';

export interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown to the editorial team only (editors and admins). */
  staffOnly?: boolean;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Questões de concurso', to: '/', icon: ListChecks },
  { label: 'Disciplinas isoladas', to: '/conteudo-didatico', icon: BookOpen },
  { label: 'Buscar questões', to: '/buscar-questoes', icon: Search },
  { label: 'Caderno de erros', to: '/caderno-de-erros', icon: NotebookPen },
  { label: 'Simulados', to: '/simulados', icon: Timer },
  { label: 'Planos de Assinatura', to: '/assinatura', icon: Crown },
  { label: 'Gerenciar Conta', to: '/conta', icon: UserCog },
  { label: 'Meu Desempenho', to: '/meu-desempenho', icon: ChartColumn },
  { label: 'Ajuda', to: '/ajuda', icon: CircleHelp },
  { label: 'Área editorial', to: '/admin', icon: ShieldCheck, staffOnly: true },
];

/**
 * The menu entry a page belongs to, so the menu always shows where the user is: an exam's
 * dashboard and its questions belong to 'Questões de concurso', questions opened from a discipline
 * to 'Disciplinas isoladas', questions walked from a search or the notebook to those entries, the
 * payment page to the plans, every page of the editorial area to 'Área editorial'.
 */
export function activeMenuPath(pathname: string, search: string): string | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/prova-dashboard') return '/';
  if (path === '/questoes') {
    const params = new URLSearchParams(search);
    if (params.get(STUDY_PARAMS.exam)) return '/';
    if (params.get(STUDY_PARAMS.search)) return '/buscar-questoes';
    if (params.get(STUDY_PARAMS.notebook)) return '/caderno-de-erros';
    return '/conteudo-didatico';
  }
  if (path === '/pagamento') return '/assinatura';
  if (path === '/admin' || path.startsWith('/admin/')) return '/admin';
  if (path === '/simulado' || path.startsWith('/simulados')) return '/simulados';
  const item = MENU_ITEMS.find((entry) => entry.to === path);
  return item ? item.to : null;
}
