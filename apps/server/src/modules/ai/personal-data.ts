import type { Database } from '@/db/client';
import type { PersonalDataOwner } from '@/lib/personal-data';
import { purgeChatMessagesBefore } from './chat-history.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Shared texts an account paid for stay, without the account; chats go after `chatDays`. */
export function aiPersonalData(db: Database, chatDays: number): PersonalDataOwner {
  return {
    module: 'ai',
    tables: {
      ai_feedback: ['created_by'],
      didactic_contents: ['created_by'],
      ai_generations: ['user_id'],
      chat_messages: ['user_id', 'content'],
      chat_free_replies: ['user_id'],
    },
    purgeExpired: async (now) => ({
      chatMessages: await purgeChatMessagesBefore(db, new Date(now.getTime() - chatDays * DAY_MS)),
    }),
  };
}
