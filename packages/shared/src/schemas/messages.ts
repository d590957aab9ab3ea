import { z } from 'zod';
import { groupDigits } from '../domain/group-digits.ts';
import { ClientIdSchema } from './common.ts';
import { AuthorSchema } from './posts.ts';

/*
 * Direct messages (/api/v1/conversations, /api/v1/me/unread-count): one-to-one conversations between
 * profiles. Only the two participants can read or write a conversation; new messages also arrive
 * through /api/v1/events.
 */

export const MESSAGE_LIMITS = {
  bodyMaxChars: 2000,
} as const;

export const MESSAGE_MESSAGES = {
  bodyRequired: 'Message cannot be empty',
  bodyTooLong: `Message must be at most ${groupDigits(MESSAGE_LIMITS.bodyMaxChars)} characters`,
  conversationNotFound: 'Conversation not found',
  mustFollow: 'You can only start a conversation with someone you follow',
  cannotMessageSelf: 'You cannot start a conversation with yourself',
  tooManyMessages: 'You are sending messages too quickly. Wait a moment and try again.',
  notMessageSender: 'You can only delete your own messages',
  messageNotFound: 'Message not found',
} as const;

/*
 * Control characters other than tab and newline have no place in a chat message and are dropped
 * (they would also bloat the live event that carries the message: JSON escapes each in 6 bytes).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export const MessageBodySchema = z
  .string({ error: MESSAGE_MESSAGES.bodyRequired })
  .transform((value) => value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim())
  .refine((value) => value.length > 0, { message: MESSAGE_MESSAGES.bodyRequired })
  .refine((value) => value.length <= MESSAGE_LIMITS.bodyMaxChars, { message: MESSAGE_MESSAGES.bodyTooLong });

export const MessageSchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  sender_id: z.uuid(),
  body: z.string(),
  created_at: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessagePageSchema = z.object({
  /** Newest first; a page's `next_cursor` continues with older messages. */
  items: z.array(MessageSchema),
  next_cursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const ConversationSchema = z.object({
  id: z.uuid(),
  /** The other person of the conversation. */
  participant: AuthorSchema,
  last_message: MessageSchema.nullable(),
  /** Messages from the other person that arrived after the viewer last read the conversation. */
  unread_count: z.number().int(),
  last_message_at: z.string().nullable(),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationPageSchema = z.object({
  /** Most recent activity first. */
  items: z.array(ConversationSchema),
  next_cursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

export const CreateConversationBodySchema = z.object({ profile_id: z.uuid() });
export type CreateConversationBody = z.infer<typeof CreateConversationBodySchema>;

export const SendMessageBodySchema = z.object({
  body: MessageBodySchema,
  /** The sender's own id for the message: a repeat with it answers the first message (200) instead of a second. */
  client_id: ClientIdSchema.optional(),
});
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;

export const UnreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
