import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readIssues, type FieldIssue } from '@spm/client';
import type { ContactMessage, ContactMessageInput } from '@spm/contract';
import { errorText, request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';

/* The contact form's calls (issue 44 item 1, docs/contact-messages.md). */

const checkMessage = devSchema('contactMessageSchema');
const checkMessages = devSchema('contactMessageListSchema');

export const contactMessagesQueryKey = ['contact', 'messages'] as const;

/** GET /contact/messages: the signed-in player's messages with the answers. */
export function useOwnContactMessages(enabled: boolean) {
  return useQuery({
    queryKey: contactMessagesQueryKey,
    enabled,
    queryFn: async () => {
      const { data, error } = await request({
        url: '/contact/messages',
        schema: checkMessages,
        noToastEmit: true,
      });
      if (error || !data) throw new Error('contact messages unavailable');
      return data;
    },
  });
}

export type SendOutcome =
  { ok: true; message: ContactMessage } | { ok: false; issues: FieldIssue[]; error: string };

/** POST /contact/messages; a refusal comes back as its field issues or its text. */
export function useSendContactMessage() {
  const client = useQueryClient();
  return async (body: ContactMessageInput): Promise<SendOutcome> => {
    const { data, error } = await request({
      url: '/contact/messages',
      method: 'POST',
      data: body,
      schema: checkMessage,
      noToastEmit: true,
    });
    if (error || !data) {
      const issues = error && 'data' in error ? readIssues(error.data) : [];
      return { ok: false, issues, error: error ? errorText(error) : '' };
    }
    await client.invalidateQueries({ queryKey: contactMessagesQueryKey });
    return { ok: true, message: data };
  };
}
