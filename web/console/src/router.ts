import { useEffect, useState } from 'react';

/** A small History API router: the console has a handful of paths, all under /console. */
export function navigate(path: string) {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname + location.search);
  useEffect(() => {
    const on = () => setPath(location.pathname + location.search);
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  return path;
}

/** Internal links: a real <a href> (open in a new tab works) that navigates in place on a plain click. */
export function onLink(event: { preventDefault(): void; metaKey: boolean; ctrlKey: boolean; currentTarget: { getAttribute(n: string): string | null } }) {
  if (event.metaKey || event.ctrlKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href')!);
}
