import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { reviewQueueRoutes } from './review.routes';
import { createReviewQueueService } from './review.service';

export const reviewModule: ModulePlugin<{ db: Database }> = async (api, { db }) => {
  await api.register(reviewQueueRoutes, { reviews: createReviewQueueService(db) });
};
