import { PAGE_WINDOW } from '@/config';

/** spec 2, 9: at most `size` page numbers, sliding so the current page sits in the middle when it can. */
export const pageWindow = (current: number, totalPages: number, size = PAGE_WINDOW): number[] => {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  const start = Math.min(Math.max(page - Math.floor(size / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
};

export const totalPagesOf = (total: number, perPage: number) => Math.max(Math.ceil(total / perPage), 0);
