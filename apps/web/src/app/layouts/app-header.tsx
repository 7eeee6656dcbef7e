import { PATHS } from '@gabarita/shared';
import { Menu } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { ThemeButton } from '@/components/ui/theme-button';
import { AccountSlot } from './account-slot';
import { MENU_ID } from './side-menu';

interface AppHeaderProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}

export function AppHeader({ menuOpen, onToggleMenu, menuButtonRef }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-50 h-16 border-b border-line bg-surface/90 backdrop-blur">
      <div className="flex h-full items-center gap-2 px-3 sm:px-4">
        <Button
          ref={menuButtonRef}
          variant="ghost"
          size="icon"
          aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={onToggleMenu}
        >
          <Menu className="size-5" aria-hidden="true" />
        </Button>
        <Link to={PATHS.home.path} className="rounded-lg px-1 py-1">
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeButton />
          <AccountSlot />
        </div>
      </div>
    </header>
  );
}
