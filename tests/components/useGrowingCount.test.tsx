import { act, render, screen } from '@testing-library/react';
import { useGrowingCount } from '@/shared/useGrowingCount';

// Long lists of the session detail fill in steps, one task each (src/shared/useGrowingCount.ts).
const Count = ({ target }: { target: number }) => <p>{useGrowingCount(target, 25)}</p>;
const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const shown = () => Number(screen.getByRole('paragraph').textContent);

describe('useGrowingCount', () => {
  it('renders one step at first, then one more step per task up to the target', async () => {
    render(<Count target={60} />);
    expect(shown()).toBe(25);
    await nextTask();
    expect(shown()).toBe(50);
    await nextTask();
    expect(shown()).toBe(60);
    await nextTask();
    expect(shown()).toBe(60);
  });

  it('renders a short list whole at once', () => {
    render(<Count target={7} />);
    expect(shown()).toBe(7);
  });

  it('applies a lower target at once and grows again from there when it rises', async () => {
    const { rerender } = render(<Count target={60} />);
    await nextTask();
    await nextTask();
    rerender(<Count target={10} />);
    expect(shown()).toBe(10);
    rerender(<Count target={160} />);
    expect(shown()).toBe(60);
    await nextTask();
    expect(shown()).toBe(85);
  });
});
