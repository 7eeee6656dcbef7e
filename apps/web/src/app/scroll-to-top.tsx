import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Every new page starts at the top; query or hash changes keep the position. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
