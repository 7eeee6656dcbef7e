import {
  BookOpen,
  ChartColumn,
  CircleHelp,
  Crown,
  ListChecks,
  NotebookPen,
  Search,
  UserCog,
  type LucideIcon,
} from 'lucide-react';

export interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Questões de concurso', to: '/', icon: ListChecks },
  { label: 'Disciplinas isoladas', to: '/conteudo-didatico', icon: BookOpen },
  { label: 'Buscar questões', to: '/buscar-questoes', icon: Search },
  { label: 'Caderno de erros', to: '/caderno-de-erros', icon: NotebookPen },
  { label: 'Planos de Assinatura', to: '/assinatura', icon: Crown },
  { label: 'Gerenciar Conta', to: '/conta', icon: UserCog },
  { label: 'Meu Desempenho', to: '/meu-desempenho', icon: ChartColumn },
  { label: 'Ajuda', to: '/ajuda', icon: CircleHelp },
];
