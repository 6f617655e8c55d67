import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycState } from '@spm/contract';
import { callsTo, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { fill, formDataTo, image, kycState, kycSubmission, openPage } from '@/test/cashier';

const field = (testId: string) => screen.getByTestId(testId);
const chooseType = (name: string) => userEvent.selectOptions(field('kyc-doc-type'), name);

async function openKyc(state: KycState = kycState(), routes: Parameters<typeof openPage>[1] = {}) {
  const fetchMock = openPage('/kyc', { 'GET /api/kyc': ok(state), ...routes });
  await screen.findByTestId('kyc-form');
  return fetchMock;
}

describe('KYC /kyc', () => {
  beforeEach(() => {
    resetStores();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:kyc');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the status, the reason of a decline and the history', async () => {
    await openKyc(
      kycState({
        status: 'declined',
        submissions: [
          kycSubmission('5', {
            status: 'declined',
            reason: 'The photo is blurred',
            decidedAt: '2024-05-09T12:00:00.000Z',
          }),
          kycSubmission('4', {
            docType: 0,
            docTypeName: 'passport',
            docId: null,
            status: 'expired',
          }),
        ],
      }),
    );
    expect(field('kyc-status')).toHaveTextContent('Declined');
    expect(field('kyc-status-text')).toHaveTextContent(
      'Your documents were not accepted. Please submit them again.',
    );
    expect(field('kyc-declined-reason')).toHaveTextContent('Reason: The photo is blurred');
    const rows = screen.getAllByTestId('kyc-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('PAN card');
    expect(rows[0]).toHaveTextContent('******234F');
    expect(within(rows[0]!).getByTestId('kyc-row-status')).toHaveTextContent('Declined');
    expect(rows[1]).toHaveTextContent('Passport');
    // A declined player may submit again.
    expect(screen.queryByTestId('kyc-form-closed')).not.toBeInTheDocument();
    expect(field('kyc-submit')).toBeEnabled();
  });

  it('asks for the fields of SPEC 3 per document type', async () => {
    await openKyc();
    expect(field('kyc-status')).toHaveTextContent('Not submitted');
    expect(field('kyc-status-text')).toHaveTextContent(
      'Verify your identity to withdraw more than 20,000.00.',
    );
    const shown = () => ({
      docId: screen.queryByTestId('kyc-doc-id') !== null,
      front: screen.queryByTestId('kyc-front') !== null,
      back: screen.queryByTestId('kyc-back') !== null,
    });
    expect(shown()).toEqual({ docId: false, front: false, back: false });
    await chooseType('Passport');
    expect(shown()).toEqual({ docId: false, front: true, back: true });
    await chooseType('PAN card');
    expect(shown()).toEqual({ docId: true, front: true, back: false });
    expect(screen.getByLabelText('PAN number')).toBe(field('kyc-doc-id'));
    await chooseType('Aadhaar card');
    expect(shown()).toEqual({ docId: true, front: true, back: true });
    expect(screen.getByLabelText('Aadhaar number')).toBe(field('kyc-doc-id'));
    await chooseType('Driving licence');
    expect(shown()).toEqual({ docId: false, front: true, back: false });
  });

  it('refuses to submit without the type, the number or the sides it needs', async () => {
    const fetchMock = await openKyc();
    await userEvent.click(field('kyc-submit'));
    expect(field('kyc-doc-type-error')).toHaveTextContent('Choose a document type.');

    await chooseType('Aadhaar card');
    await userEvent.click(field('kyc-submit'));
    expect(field('kyc-doc-id-error')).toHaveTextContent('Enter the document number.');
    expect(field('kyc-front-error')).toHaveTextContent('Upload the front side.');
    expect(field('kyc-back-error')).toHaveTextContent('Upload the back side.');
    await fill(field('kyc-doc-id'), '1234 5678 9012');
    expect(field('kyc-doc-id-error')).toHaveTextContent('Enter a valid 12-digit Aadhaar number.');

    await chooseType('PAN card');
    await fill(field('kyc-doc-id'), 'ABCD1234F');
    expect(field('kyc-doc-id-error')).toHaveTextContent(
      'Enter a valid PAN (for example ABCDE1234F).',
    );
    expect(screen.queryByTestId('kyc-back-error')).not.toBeInTheDocument();
    await userEvent.click(field('kyc-submit'));
    expect(callsTo(fetchMock, 'POST /api/kyc')).toHaveLength(0);
  });

  it('uploads an Aadhaar card with both sides as multipart', async () => {
    let state = kycState();
    const fetchMock = await openKyc(state, {
      'GET /api/kyc': () => ok(state),
      'POST /api/kyc': () => {
        state = kycState({
          status: 'pending',
          submissions: [
            kycSubmission('9', { docType: 3, docTypeName: 'adharcard', hasBack: true }),
          ],
        });
        return ok(state);
      },
    });
    await chooseType('Aadhaar card');
    await fill(field('kyc-doc-id'), '2345 6789 0123');
    await userEvent.upload(field('kyc-front'), image('front.jpg', 'image/jpeg'));
    await userEvent.upload(field('kyc-back'), image('back.webp', 'image/webp'));
    expect(field('kyc-front-preview')).toHaveAttribute('src', 'blob:kyc');
    await userEvent.click(field('kyc-submit'));

    expect(await screen.findByText('Documents submitted for verification')).toBeInTheDocument();
    const [form] = formDataTo(fetchMock, 'POST /api/kyc');
    expect(form && [...form.keys()]).toEqual(['docType', 'docId', 'front', 'back']);
    expect(form?.get('docType')).toBe('3');
    expect(form?.get('docId')).toBe('234567890123');
    expect((form?.get('front') as File).name).toBe('front.jpg');
    expect((form?.get('back') as File).name).toBe('back.webp');
    await waitFor(() => expect(field('kyc-status')).toHaveTextContent('Pending'));
    expect(field('kyc-form-closed')).toHaveTextContent('Your documents are under review');
  });

  it('sends a driving licence with its front only and no number', async () => {
    const fetchMock = await openKyc(kycState(), { 'POST /api/kyc': ok(kycState()) });
    await chooseType('Driving licence');
    await userEvent.upload(field('kyc-front'), image('dl.png'));
    await userEvent.click(field('kyc-submit'));
    await screen.findByText('Documents submitted for verification');
    const [form] = formDataTo(fetchMock, 'POST /api/kyc');
    expect(form && [...form.keys()]).toEqual(['docType', 'front']);
    expect(form?.get('docType')).toBe('4');
  });

  it('is closed while a submission is under review and once approved', async () => {
    await openKyc(
      kycState({ status: 'approved', submissions: [kycSubmission('1', { status: 'approved' })] }),
    );
    expect(field('kyc-status')).toHaveTextContent('Approved');
    expect(field('kyc-form-closed')).toHaveTextContent('Your KYC is approved.');
    expect(field('kyc-doc-type')).toBeDisabled();
    expect(field('kyc-submit')).toBeDisabled();
  });
});
