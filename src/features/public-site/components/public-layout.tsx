import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main landmark and footer around a public page; sets the document title. */
export function PublicLayout({ title, children, onLanding = false }: { title: string; children: ReactNode; onLanding?: boolean }) {
  const { hash, key } = useLocation();
  useEffect(() => {
    document.title = title === 'Lockstep' ? title : `${title} · Lockstep`;
  }, [title]);
  // Client-side links such as /features#security land on their section.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash, key]);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader onLanding={onLanding} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
