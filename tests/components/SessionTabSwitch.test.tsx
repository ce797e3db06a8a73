import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Line, LineChart } from 'recharts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ChartFigure } from '@/resources/sessions/detail/ChartFigure';
import { buildDetail, fakeLayout, renderDetail } from '../support/sessions';

// Long tasks: a tab click selects the tab at once, and the tab's content and its
// charts' drawings render in later tasks (src/shared/useNextTaskValue.ts).
beforeAll(fakeLayout);

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const panel = () => screen.getByRole('tabpanel');

describe('SessionDetailPage: switching tabs', () => {
  it('selects the tab in the click itself and brings its content in a later task', async () => {
    renderDetail(
      PATH,
      vi.fn(async () => ({ data: buildDetail() })),
    );
    expect(await screen.findByRole('list', { name: 'Session timeline' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Sentiment Analysis' }));
    expect(screen.getByRole('tab', { name: 'Sentiment Analysis' })).toHaveAttribute('aria-selected', 'true');
    // The click's own work ends here: the timeline is still shown, the panel says it is busy.
    expect(panel()).toHaveAttribute('aria-busy', 'true');
    expect(within(panel()).getByRole('list', { name: 'Session timeline' })).toBeInTheDocument();

    expect(await screen.findByRole('region', { name: 'Dominant emotion' }, { timeout: 10_000 })).toHaveTextContent('Neutral');
    expect(panel()).toHaveAttribute('aria-busy', 'false');
    expect(panel()).toHaveAttribute('aria-labelledby', 'session-tab-sentiment');
    expect(screen.queryByRole('list', { name: 'Session timeline' })).not.toBeInTheDocument();
  });

  it("draws a chart in a task after its figure's title, summary and data table", async () => {
    render(
      <ChartFigure
        title="Words per minute"
        caption="Fastest at minute 2."
        columns={['Minute', 'Words per minute']}
        rows={[
          [1, 120],
          [2, 160],
        ]}
      >
        <LineChart
          data={[
            { minute: 1, wpm: 120 },
            { minute: 2, wpm: 160 },
          ]}
        >
          <Line dataKey="wpm" isAnimationActive={false} />
        </LineChart>
      </ChartFigure>,
    );
    const figure = screen.getByRole('figure', { name: 'Words per minute' });
    // Everything a screen reader reads comes with the figure's first render...
    expect(within(figure).getAllByRole('row', { hidden: true })).toHaveLength(3);
    expect(within(figure).getByText('Fastest at minute 2.')).toBeInTheDocument();
    expect(figure.querySelector('svg.recharts-surface')).toBeNull();
    // ...and the drawing in a later task.
    await waitFor(() => expect(figure.querySelector('svg.recharts-surface')).not.toBeNull());
  });
});
