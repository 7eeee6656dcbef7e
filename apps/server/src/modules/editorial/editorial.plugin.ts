import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { Mailer } from '@/modules/mail';
import { answerKeyRoutes } from './answer-key.routes';
import { createAnswerKeyService } from './answer-key.service';
import { createImageReplacementService } from './image-replacement.service';
import { questionEditorRoutes } from './question-editor.routes';
import { createQuestionEditorService } from './question-editor.service';
import { reportTriageRoutes } from './report-triage.routes';
import { createReportTriageService } from './report-triage.service';

export const editorialModule: ModulePlugin<{
  db: Database;
  mailer: Mailer;
  config: AppConfig;
}> = async (api, { db, mailer, config }) => {
  await api.register(answerKeyRoutes, { answerKey: createAnswerKeyService(db) });
  await api.register(questionEditorRoutes, {
    editor: createQuestionEditorService(db),
    images: createImageReplacementService(db),
  });
  await api.register(reportTriageRoutes, {
    triage: createReportTriageService({ db, mailer, appUrl: config.appUrl }),
  });
};
