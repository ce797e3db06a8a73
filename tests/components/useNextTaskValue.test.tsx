import { act, render, screen } from '@testing-library/react';
import { useNextTaskValue } from '@/shared/useNextTaskValue';

// Heavy content renders in a task after the click that asked for it (src/shared/useNextTaskValue.ts).
const Shown = ({ value, initial }: { value: string; initial?: string }) => {
  const shown = useNextTaskValue(value, initial);
  return <p>{shown}</p>;
};

const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('useNextTaskValue', () => {
  it('starts with the value itself unless told otherwise', () => {
    render(<Shown value="timeline" />);
    expect(screen.getByText('timeline')).toBeInTheDocument();
  });

  it('keeps the previous value through the render of a change and catches up in a later task', async () => {
    const { rerender } = render(<Shown value="timeline" />);
    rerender(<Shown value="sentiment" />);
    expect(screen.getByText('timeline')).toBeInTheDocument();
    await nextTask();
    expect(screen.getByText('sentiment')).toBeInTheDocument();
  });

  it('starts with `initial` and turns to the value in a later task', async () => {
    render(<Shown value="drawn" initial="waiting" />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await nextTask();
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });

  it('never shows a value taken back before its task came', async () => {
    const { rerender } = render(<Shown value="timeline" />);
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(screen.getByRole('paragraph').textContent ?? ''));
    observer.observe(document.body, { subtree: true, characterData: true, childList: true });
    rerender(<Shown value="sentiment" />);
    rerender(<Shown value="timeline" />);
    await nextTask();
    await nextTask();
    observer.disconnect();
    expect(screen.getByText('timeline')).toBeInTheDocument();
    expect(shown).toEqual([]);
  });
});
