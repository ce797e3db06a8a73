import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/shared/ConfirmDialog';

describe('ConfirmDialog', () => {
  it('focuses Cancel as it opens, so an Enter pressed at once cancels instead of confirming', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(
      <AdminContext>
        <ConfirmDialog
          message="Delete this landmine?"
          cancelLabel="Keep it"
          confirmLabel="Delete"
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      </AdminContext>,
    );
    const cancel = screen.getByRole('button', { name: 'Keep it' });
    expect(cancel).toHaveFocus();
    expect(screen.getByText('Delete this landmine?')).toBeInTheDocument();
    fireEvent.click(document.activeElement as HTMLElement);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    // react-admin's Confirm draws its "warning" confirm in the palette's error colour, as FormDialog's destructive submit.
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('RaConfirm-confirmWarning');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
