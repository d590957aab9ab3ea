import type { Conversation } from '@sys/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { createTestRouter } from '@/test/memory-router';
import { ConversationList } from './conversation-list';

const at = new Date().toISOString();
const conversation: Conversation = {
  id: '00000000-0000-4000-8000-0000000000c1',
  participant: {
    id: '00000000-0000-4000-8000-0000000000b1',
    username: 'noa.levi',
    display_name: null,
    avatar_url: null,
  },
  last_message: {
    id: '00000000-0000-4000-8000-0000000000d1',
    conversation_id: '00000000-0000-4000-8000-0000000000c1',
    sender_id: '00000000-0000-4000-8000-0000000000b1',
    body: 'Where did you get that long linen coat from, it looks amazing on you',
    created_at: at,
  },
  unread_count: 0,
  last_message_at: at,
  created_at: at,
};

function renderList() {
  const router = createTestRouter();
  return render(router.wrap(<ConversationList conversations={[conversation]} />));
}

describe('ConversationList', () => {
  it('sets a preview in its own direction, so a Hebrew screen cuts an English message at its end', async () => {
    await i18n.changeLanguage('he');
    renderList();
    const preview = screen.getByText(/^Where did you get that long linen coat/);
    expect(preview).toHaveAttribute('dir', 'auto');
    expect(preview).toHaveClass('truncate');
  });

  it('reads the unread count once, with its meaning (not "1 1 unread message")', async () => {
    await i18n.changeLanguage('en');
    const router = createTestRouter();
    render(router.wrap(<ConversationList conversations={[{ ...conversation, unread_count: 1 }]} />));
    const link = screen.getByRole('link');
    expect(link).toHaveAccessibleName(/amazing on you1 unread message$/);
    expect(link).not.toHaveAccessibleName(/11 unread/);
  });
});
