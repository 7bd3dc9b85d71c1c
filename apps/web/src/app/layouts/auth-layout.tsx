import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';

/** Auth screens share a layout with a logo header and a copyright footer (section 2). */
export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4">
          <Link to="/" className="rounded-md" aria-label="Quorum home">
            <Logo />
          </Link>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
      <footer className="py-6 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} Quorum. All rights reserved.
      </footer>
    </div>
  );
}
