import { preloadable } from '@/shared/preloadable';

/** recharts is a chunk of its own; Insights starts it with the page's first reads, beside the figures' requests. */
export const loadTrendChart = preloadable(() => import('./TrendChart'));
