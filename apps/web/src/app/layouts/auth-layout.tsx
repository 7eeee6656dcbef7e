import { PATHS } from '@gabarita/shared';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { ThemeButton } from '@/components/ui/theme-button';
import { FooterLinks } from './footer-links';
import { MAIN_CONTENT_ID } from './skip-link';

/** Sign-in, sign-up and account-link screens: one focused card, no menu. */
export function AuthLayout() {
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-canvas">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-80 bg-gradient-to-b from-brand-100/70 to-transparent dark:from-brand-950/70"
      />
      <header className="flex items-center justify-between px-4 py-4 sm:px-6">
        <Link to={PATHS.home.path} className="rounded-lg px-1 py-1">
          <Logo />
        </Link>
        <ThemeButton />
      </header>
      <main
        id={MAIN_CONTENT_ID}
        className="flex flex-1 items-start justify-center px-4 pb-12 pt-6 sm:items-center"
      >
        <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-xl shadow-slate-900/5 sm:p-8 dark:shadow-black/30">
          <Outlet />
        </div>
      </main>
      <FooterLinks className="mx-auto w-full max-w-xl px-4 py-6 sm:px-6" />
    </div>
  );
}
