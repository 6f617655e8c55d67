import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import {
  notificationToastText,
  notificationToastType,
  showNotificationToast,
} from './notification-toast';

describe('notification toast (SPEC 8)', () => {
  it('keeps success, info, warning and error; anything else becomes error', () => {
    expect(notificationToastType('success')).toBe('success');
    expect(notificationToastType('info')).toBe('info');
    expect(notificationToastType('warning')).toBe('warning');
    expect(notificationToastType('error')).toBe('error');
    expect(notificationToastType('failed')).toBe('error');
    expect(notificationToastType(undefined)).toBe('error');
    expect(notificationToastType('SUCCESS')).toBe('error');
  });

  it('writes "title : message", or whichever exists, else "Something went wrong"', () => {
    expect(notificationToastText({ title: 'Deposit', message: 'Approved' })).toBe(
      'Deposit : Approved',
    );
    expect(notificationToastText({ title: 'Deposit' })).toBe('Deposit');
    expect(notificationToastText({ message: 'Approved', title: '' })).toBe('Approved');
    expect(notificationToastText({})).toBe('Something went wrong');
    expect(notificationToastText({ title: null, message: null }, 'Fallback')).toBe('Fallback');
  });

  it('shows the text as a toast of the matching type', async () => {
    render(<ToastContainer />);
    act(() => showNotificationToast({ title: 'Bonus', message: 'Credited', status: 'success' }));
    const toast = await screen.findByText('Bonus : Credited');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');

    act(() => showNotificationToast({ status: 'weird' }));
    const fallback = await screen.findByText('Something went wrong');
    expect(fallback.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });
});
