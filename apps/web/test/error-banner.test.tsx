import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_TIMEOUT_MS } from '@/lib/error-banner';
import { makeUser, renderRoutes } from './support/render-shell';
import { shellRoutes } from './support/shell-routes';
import { paths } from '@/config/paths';

/** Renders the user area at the page that raises errors, with fake timers. */
async function renderFailingPage() {
  const view = renderRoutes(shellRoutes(), { path: '/failing', user: makeUser('user') });
  await act(async () => {
    await vi.runOnlyPendingTimersAsync();
  });
  expect(screen.getByRole('heading', { name: 'Failing page' })).toBeInTheDocument();
  return view;
}

describe('error banner in the app layout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the message as an alert and dismisses it after exactly 5 seconds', async () => {
    await renderFailingPage();
    expect(BANNER_TIMEOUT_MS).toBe(5000);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch surveys');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch surveys');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows one message at a time; a new message replaces the old one and gets its own 5 seconds', async () => {
    await renderFailingPage();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Fail again' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update survey state');

    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update survey state');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives the same message raised again its own 5 seconds', async () => {
    await renderFailingPage();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch surveys');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is dismissed at once by its close button', async () => {
    await renderFailingPage();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).toBeNull();
    // The cancelled timer must not clear a later message early.
    fireEvent.click(screen.getByRole('button', { name: 'Fail again' }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update survey state');
  });

  it('is cleared by navigating to another page', async () => {
    const { router } = await renderFailingPage();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Surveys' }));
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(router.state.location.pathname).toBe(paths.user.surveys.getHref());
    expect(screen.getByRole('heading', { name: 'Surveys Coming Soon!' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
