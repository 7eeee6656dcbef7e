import { useCallback, useState } from 'react';
import { readStored, writeStored } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useMediaQuery } from '@/lib/use-media-query';

/** From this width the menu is a persistent sidebar; below it, an overlay drawer. */
export const WIDE_SCREEN_QUERY = '(min-width: 1000px)';

function readSidebarOpen(): boolean {
  return readStored(STORAGE_KEYS.menuOpen) !== 'false';
}

function writeSidebarOpen(open: boolean): void {
  writeStored(STORAGE_KEYS.menuOpen, String(open));
}

export interface MenuState {
  isWide: boolean;
  open: boolean;
  toggle: () => void;
  closeDrawer: () => void;
}

/** Only the wide-screen sidebar is remembered; the drawer always starts closed. */
export function useMenuState(): MenuState {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [sidebarOpen, setSidebarOpen] = useState(readSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = () => {
    if (!isWide) {
      setDrawerOpen((open) => !open);
      return;
    }
    writeSidebarOpen(!sidebarOpen);
    setSidebarOpen(!sidebarOpen);
  };

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return { isWide, open: isWide ? sidebarOpen : drawerOpen, toggle, closeDrawer };
}
