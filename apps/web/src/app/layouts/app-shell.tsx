import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { AppHeader } from './app-header';
import { FooterLinks } from './footer-links';
import { SideMenu } from './side-menu';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useMenuState } from './use-menu-state';

// Shown only now and then (offline, reviews waiting to be sent, a notice from the team).
const ConnectionNotice = afterFirstScreen(
  async () => (await import('@/domain/offline/connection-notice')).ConnectionNotice,
);
const NoticeTray = afterFirstScreen(
  async () => (await import('@/features/notices/components/notice-tray')).NoticeTray,
);

/** Header, left menu, page and footer for every screen outside the sign-in flow. */
export function AppShell() {
  const menu = useMenuState();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerOpen = menu.open && !menu.isWide;
  const { closeDrawer } = menu;

  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeDrawer();
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, closeDrawer]);

  return (
    <div className="min-h-dvh bg-canvas">
      <SkipLink />
      <AppHeader menuOpen={menu.open} onToggleMenu={menu.toggle} menuButtonRef={menuButtonRef} />
      <div className="flex">
        <SideMenu
          open={menu.open}
          layout={menu.isWide ? 'sidebar' : 'drawer'}
          onNavigate={closeDrawer}
        />
        {drawerOpen && (
          <div
            data-testid="menu-backdrop"
            aria-hidden="true"
            className="fixed inset-0 top-16 z-30 bg-slate-950/50 backdrop-blur-[2px]"
            onClick={closeDrawer}
          />
        )}
        {/* While the drawer covers the page, the page is out of reach for keyboard and pointer. */}
        <div className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col" inert={drawerOpen}>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus-visible:outline-none">
            <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-10">
              <ConnectionNotice />
              <NoticeTray />
              <Outlet />
            </div>
          </main>
          <FooterLinks className="mx-auto w-full max-w-5xl border-t border-line px-4 py-6 sm:px-6 lg:px-10" />
        </div>
      </div>
    </div>
  );
}
