// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ModalApi, ModalProvider, useModal } from './modal';

let modal: ModalApi;

function Harness() {
  modal = useModal();
  return (
    <button
      type="button"
      onClick={() => modal.open(<button type="button">Inside</button>, { title: 'Rates' })}
    >
      Opener
    </button>
  );
}

function renderHarness() {
  return render(
    <ModalProvider>
      <Harness />
    </ModalProvider>,
    { container: document.getElementById('root') ?? undefined },
  );
}

describe('Modal', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div><div id="modal-root"></div>';
  });
  afterEach(cleanup);

  it('opens imperatively into #modal-root, labelled, modal and focused inside', async () => {
    renderHarness();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opener' }));

    // The dialog's code loads the first time one opens; it shows whole, with the focus inside, once it has.
    const dialog = await screen.findByRole('dialog', { name: 'Rates' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById('modal-root')?.contains(dialog)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    expect(document.getElementById('root')?.inert).toBe(true);
  });

  it('closes on Escape, calls onClose once and restores focus', async () => {
    renderHarness();
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    const onClose = vi.fn();
    act(() => modal.open('Body text', { label: 'Notice', onClose }));
    expect(await screen.findByRole('dialog', { name: 'Notice' })).toBeTruthy();

    await userEvent.setup().keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('root')?.inert).toBe(false);
  });

  it('closes on a backdrop click but not on a click inside the dialog', async () => {
    const user = userEvent.setup();
    renderHarness();
    const onClose = vi.fn();
    act(() => modal.open(<p>Content</p>, { title: 'Rates', onClose }));

    await user.click(await screen.findByText('Content'));
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with its close button and with the close control given to render functions', async () => {
    const user = userEvent.setup();
    renderHarness();
    const first = vi.fn();
    act(() => modal.open('Text', { title: 'One', onClose: first }));
    await user.click(await screen.findByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first).toHaveBeenCalledTimes(1);

    const second = vi.fn();
    act(() =>
      modal.open(
        ({ close }) => (
          <button type="button" onClick={close}>
            Done
          </button>
        ),
        { title: 'Two', onClose: second },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('renders into document.body when there is no modal container', async () => {
    document.getElementById('modal-root')?.remove();
    renderHarness();
    act(() => modal.open('Text', { title: 'Fallback' }));
    expect((await screen.findByRole('dialog')).parentElement?.parentElement).toBe(document.body);
  });

  it('keeps Tab inside the dialog', async () => {
    renderHarness();
    act(() => modal.open(<button type="button">Inside</button>, { title: 'Trap' }));
    const inside = await screen.findByRole('button', { name: 'Inside' });
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const user = userEvent.setup();
    act(() => inside.focus());
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(inside);
  });

  it('closes, leaving the page as it was, when a dialog cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Unloadable = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    renderHarness();
    const onClose = vi.fn();
    act(() => modal.open(<Unloadable />, { title: 'Broken', onClose }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Opener' })).toBeTruthy();
    expect(modal.isOpen).toBe(false);
    expect(error).toHaveBeenCalledWith('The dialog could not be shown.', expect.any(Error));

    // The next dialog opens as usual.
    act(() => modal.open('Text', { title: 'Working' }));
    expect(await screen.findByRole('dialog', { name: 'Working' })).toBeTruthy();
    error.mockRestore();
  });
});
