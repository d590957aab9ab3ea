import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { Sheet, SheetContent, SheetTitle } from './sheet';

/** A dialog or sheet opened from code (no Trigger), as most of ours are. */
function OpenedFromCode({ kind }: { kind: 'dialog' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {kind === 'dialog' ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>A dialog</DialogTitle>
          </DialogContent>
        </Dialog>
      ) : (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle>A sheet</SheetTitle>
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}

describe('closing a dialog or sheet opened from code', () => {
  for (const kind of ['dialog', 'sheet'] as const) {
    it(`gives the focus back to the ${kind}'s opener (Escape and Close)`, async () => {
      const user = userEvent.setup();
      render(<OpenedFromCode kind={kind} />);
      const opener = screen.getByRole('button', { name: 'Open' });
      opener.focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
      expect(opener).not.toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());

      await user.click(opener);
      await user.click(await screen.findByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    });
  }
});
