import { act, render, screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode, startTransition, Suspense, useState } from 'react';
import {
  CHUNK_TIMEOUT_MS,
  ChunkTimeoutError,
  lazyFrom,
  type Preloadable,
  preloadable,
  usePageLoading,
  useSettled,
} from '@/shared/preloadable';

// A page whose chunk was loaded early renders without suspending (src/shared/preloadable.ts).
const Page = () => <p>the page</p>;

/** Shows what it catches as "failed". */
class Boundary extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { error: unknown }> {
  state = { error: null };
  static getDerivedStateFromError = (error: unknown) => ({ error });
  componentDidCatch = (error: unknown) => this.props.onError(error);
  render = () => (this.state.error ? <p>failed</p> : this.props.children);
}

const Sign = () => (usePageLoading() ? <p role="progressbar">loading the page</p> : null);

/** A layout over an old page; `onReady` hands out a navigation to `Next`, run as a transition as the router does. */
const Shell = ({ Next, onReady }: { Next: ComponentType; onReady: (navigate: () => void) => void }) => {
  const [next, setNext] = useState(false);
  onReady(() => startTransition(() => setNext(true)));
  return (
    <>
      <Sign />
      <Suspense fallback={<p>fallback</p>}>{next ? <Next /> : <p>old page</p>}</Suspense>
    </>
  );
};

describe('preloadable', () => {
  it('shares one load between callers and keeps the module once it arrived', async () => {
    const load = vi.fn(async () => ({ Page }));
    const loader = preloadable(load);
    expect(loader.loaded).toBeUndefined();
    const [first, second] = await Promise.all([loader(), loader()]);
    expect(first).toBe(second);
    expect(loader.loaded).toBe(first);
    await loader();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers the next call with a failed load too, then tries it again', async () => {
    const load = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ Page });
    const loader = preloadable(load);
    await expect(loader()).rejects.toThrow('chunk failed');
    expect(loader.loaded).toBeUndefined();
    await expect(loader()).rejects.toThrow('chunk failed');
    await expect(loader()).resolves.toEqual({ Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadable: the chunk time-out', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives up a chunk that never answers after 120000 ms, so the fallback shows, and loads it again later', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValueOnce({ Page });
    const loader = preloadable(load);
    const first = loader();
    const outcome = first.then(
      () => 'arrived',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkTimeoutError);
    await expect(loader()).rejects.toBeInstanceOf(ChunkTimeoutError);
    await expect(loader()).resolves.toEqual({ Page });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('on a cold load, fails the page that waited behind the shell at 120 s, not at 240 s', async () => {
    vi.useFakeTimers();
    const loader = preloadable(() => new Promise<{ Page: typeof Page }>(() => undefined));
    // main.tsx: the page's chunk starts with the shell, and the page renders once the shell has waited for it
    const shellWait = Promise.allSettled([loader()]);
    const Lazy = lazyFrom(loader, (module) => module.Page);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await shellWait;
    const failed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary onError={failed}>
        <Suspense fallback={<p>loading</p>}>
          <Lazy />
        </Suspense>
      </Boundary>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('failed')).toBeInTheDocument();
    expect(failed).toHaveBeenCalledWith(expect.any(ChunkTimeoutError));
  });
});

describe('lazyFrom', () => {
  const renderLazy = (Lazy: ReturnType<typeof lazyFrom>) =>
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );

  it('renders a component whose chunk has arrived in the same commit, never showing the fallback', async () => {
    const loader = preloadable(async () => ({ Page }));
    await loader();
    const Lazy = lazyFrom(loader, (module) => module.Page);
    renderLazy(Lazy);
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('suspends while the chunk is still on its way, then shows it', async () => {
    let arrive: (module: { Page: typeof Page }) => void = () => {};
    const loader = preloadable(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)));
    const Lazy = lazyFrom(loader, (module) => module.Page);
    renderLazy(Lazy);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrive({ Page }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });
});

const Probe = ({ load }: { load: Preloadable<unknown> }) => <p>{useSettled(load) ? 'settled' : 'waiting'}</p>;

describe('useSettled', () => {
  it('is true at once for a chunk that has arrived', async () => {
    const loader = preloadable(async () => ({ Page }));
    await loader();
    render(<Probe load={loader} />);
    expect(screen.getByText('settled')).toBeInTheDocument();
  });

  it('turns true when the chunk arrives, and when it fails', async () => {
    let arrive: () => void = () => {};
    const arriving = preloadable(() => new Promise<void>((resolve) => (arrive = resolve)));
    let fail: (error: Error) => void = () => {};
    const failing = preloadable(() => new Promise<void>((_, reject) => (fail = reject)));
    render(
      <>
        <Probe load={arriving} />
        <Probe load={failing} />
      </>,
    );
    expect(screen.getAllByText('waiting')).toHaveLength(2);
    await act(async () => arrive());
    expect(screen.getAllByText('waiting')).toHaveLength(1);
    await act(async () => fail(new Error('chunk failed')));
    expect(screen.getAllByText('settled')).toHaveLength(2);
  });
});

describe('a page on its way', () => {
  it('shows a loading sign while the shown page stays, as a navigation (a transition) keeps it', async () => {
    let arrive: (module: { Page: typeof Page }) => void = () => {};
    const loader = preloadable(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)));
    const Next = lazyFrom(loader, (module) => module.Page);
    let go: () => void = () => {};
    render(<Shell Next={Next} onReady={(navigate) => (go = navigate)} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await act(async () => go());
    expect(screen.getByText('old page')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar')).toHaveTextContent('loading the page');
    await act(async () => arrive({ Page }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
