import { NavLink, Outlet, useNavigate } from 'react-router';
import type { UserType } from '@quorum/contract';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { ErrorBannerProvider, useErrorBanner } from '../../lib/error-banner';
import { loginFor, useSession } from '../../lib/session';

const NAV = [
  { to: 'dashboard', label: 'Dashboard' },
  { to: 'surveys', label: 'Surveys' },
  { to: 'respondents', label: 'Respondents' },
  { to: 'analytics', label: 'Analytics' },
  { to: 'profile', label: 'Settings' },
] as const;

/** The signed-in frame: top bar, sidebar, the current error banner and the page. */
export function AppLayout({ role }: { role: UserType }) {
  return (
    <ErrorBannerProvider>
      <Frame role={role} />
    </ErrorBannerProvider>
  );
}

function Frame({ role }: { role: UserType }) {
  const { state, signOut } = useSession();
  const navigate = useNavigate();
  const prefix = role === 'admin' ? '/admin/' : '/';
  const name = state.status === 'signed-in' ? state.session.user.name || 'User' : 'User';
  return (
    <div className="min-h-screen">
      <header className="flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4">
        <Logo />
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-700">{name}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              signOut();
              void navigate(loginFor(role));
            }}
          >
            Logout
          </Button>
        </div>
      </header>
      <div className="flex">
        <nav aria-label="Main" className="w-56 shrink-0 border-r border-slate-200 bg-white p-3">
          <ul className="space-y-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={`${prefix}${item.to}`}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm ${isActive ? 'bg-accent-50 font-medium text-accent-700' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1 p-6">
          <CurrentError />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function CurrentError() {
  const { message, clearError } = useErrorBanner();
  if (!message) return null;
  return (
    <Banner tone="error" onClose={clearError} className="mb-4">
      {message}
    </Banner>
  );
}
