import { asc, count, desc, eq, max, min, sql, sum } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { readEditalPersonalData } from '@/modules/edital';
import { readReviewPersonalData } from '@/modules/review';
import {
  aiFeedback,
  chatMessages,
  consents,
  dailyUsage,
  didacticContents,
  disciplines,
  entitlements,
  errorReports,
  examOptionChoices,
  exams,
  helpReplies,
  helpRequests,
  previousEmails,
  purchases,
  questionHistory,
  questions,
  reviewItems,
  sessions,
  simuladoQuestions,
  simulados,
  subjects,
  testHistory,
  tokenDailyQuota,
  tokenReservations,
  tokenUsage,
  tokenWallets,
  trustedBrowsers,
  userNotices,
  userPhotos,
  users,
} from '@/db/schema';

/**
 * Everything stored about one account, read with one set-based query per kind (an account with
 * tens of thousands of answers is read in a few round trips). Columns that are secrets (password
 * hash, token hashes) or belong to other people (the staff who handled a report or wrote a reply)
 * are not read at all.
 */
export async function readPersonalData(db: Database, userId: string) {
  const [
    account,
    photo,
    ownSessions,
    browsers,
    plan,
    answers,
    openedExams,
    optionChoices,
    ownSimulados,
    simuladoAnswers,
    review,
    ownPurchases,
    wallet,
    usage,
    quota,
    reservations,
    feedback,
    didactic,
    chats,
    reports,
    helpMessages,
    replies,
    notices,
    accepted,
    checks,
    formerEmails,
  ] = [
    await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        provider: users.provider,
        role: users.role,
        createdAt: users.createdAt,
        lastSeenAt: users.lastSeenAt,
        emailVerifiedAt: users.emailVerifiedAt,
        blockedAt: users.blockedAt,
        blockedReason: users.blockedReason,
        externalPhotoUrl: users.externalPhotoUrl,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        hasGoogleSubject: sql<boolean>`${users.googleSubject} is not null`,
      })
      .from(users)
      .where(eq(users.id, userId)),
    await db
      .select({ content: userPhotos.content, contentType: userPhotos.contentType })
      .from(userPhotos)
      .where(eq(userPhotos.userId, userId)),
    await db
      .select({
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.lastUsedAt)),
    await db
      .select({ count: count(), lastUsedAt: max(trustedBrowsers.lastUsedAt) })
      .from(trustedBrowsers)
      .where(eq(trustedBrowsers.userId, userId)),
    await db.select().from(entitlements).where(eq(entitlements.userId, userId)),
    await db
      .select({
        questionId: questionHistory.questionId,
        number: questions.number,
        examId: questions.examId,
        institution: exams.instituicao,
        year: exams.ano,
        disciplineCode: questions.disciplineCode,
        discipline: disciplines.name,
        subject: subjects.name,
        chosenLetter: questionHistory.chosenLetter,
        response: questionHistory.response,
        openedAt: questionHistory.openedAt,
        answeredAt: questionHistory.answeredAt,
      })
      .from(questionHistory)
      .innerJoin(questions, eq(questions.id, questionHistory.questionId))
      .innerJoin(exams, eq(exams.id, questions.examId))
      .innerJoin(disciplines, eq(disciplines.code, questions.disciplineCode))
      .innerJoin(subjects, eq(subjects.id, questions.subjectId))
      .where(eq(questionHistory.userId, userId))
      .orderBy(asc(questionHistory.openedAt), asc(questionHistory.questionId)),
    await db
      .select({
        examId: testHistory.examId,
        institution: exams.instituicao,
        year: exams.ano,
        firstOpenedAt: testHistory.firstOpenedAt,
        lastOpenedAt: testHistory.lastOpenedAt,
      })
      .from(testHistory)
      .innerJoin(exams, eq(exams.id, testHistory.examId))
      .where(eq(testHistory.userId, userId))
      .orderBy(asc(testHistory.firstOpenedAt)),
    await db
      .select({
        examId: examOptionChoices.examId,
        optionKey: examOptionChoices.optionKey,
        options: exams.options,
        chosenAt: examOptionChoices.chosenAt,
      })
      .from(examOptionChoices)
      .innerJoin(exams, eq(exams.id, examOptionChoices.examId))
      .where(eq(examOptionChoices.userId, userId))
      .orderBy(asc(examOptionChoices.chosenAt)),
    await db
      .select()
      .from(simulados)
      .where(eq(simulados.userId, userId))
      .orderBy(asc(simulados.startedAt)),
    await db
      .select({
        simuladoId: simuladoQuestions.simuladoId,
        position: simuladoQuestions.position,
        questionId: simuladoQuestions.questionId,
        chosenLetter: simuladoQuestions.chosenLetter,
        answeredAt: simuladoQuestions.answeredAt,
        outcome: simuladoQuestions.outcome,
      })
      .from(simuladoQuestions)
      .innerJoin(simulados, eq(simulados.id, simuladoQuestions.simuladoId))
      .where(eq(simulados.userId, userId))
      .orderBy(asc(simuladoQuestions.simuladoId), asc(simuladoQuestions.position)),
    await db
      .select({
        questionId: reviewItems.questionId,
        examId: questions.examId,
        discipline: disciplines.name,
        step: reviewItems.step,
        dueDay: reviewItems.dueDay,
        guid: reviewItems.guid,
        reps: reviewItems.reps,
        lapses: reviewItems.lapses,
        stability: reviewItems.stability,
        difficulty: reviewItems.difficulty,
        lastWrongAt: reviewItems.lastWrongAt,
        lastReviewedAt: reviewItems.lastReviewedAt,
      })
      .from(reviewItems)
      .innerJoin(questions, eq(questions.id, reviewItems.questionId))
      .innerJoin(disciplines, eq(disciplines.code, questions.disciplineCode))
      .where(eq(reviewItems.userId, userId))
      .orderBy(asc(reviewItems.lastWrongAt)),
    await db
      .select({
        id: purchases.id,
        productType: purchases.productType,
        productId: purchases.productId,
        productName: purchases.productName,
        priceCentavos: purchases.priceCentavos,
        planDays: purchases.planDays,
        status: purchases.status,
        provider: purchases.provider,
        providerPaymentId: purchases.providerPaymentId,
        providerStatus: purchases.providerStatus,
        expiresAt: purchases.expiresAt,
        paidAt: purchases.paidAt,
        grantedAt: purchases.grantedAt,
        reversedAt: purchases.reversedAt,
        validUntil: purchases.validUntil,
        createdAt: purchases.createdAt,
        updatedAt: purchases.updatedAt,
      })
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .orderBy(asc(purchases.createdAt)),
    await db.select().from(tokenWallets).where(eq(tokenWallets.userId, userId)),
    await db
      .select({
        day: tokenUsage.day,
        feature: tokenUsage.feature,
        calls: tokenUsage.calls,
        inputTokens: tokenUsage.inputTokens,
        outputTokens: tokenUsage.outputTokens,
      })
      .from(tokenUsage)
      .where(eq(tokenUsage.userId, userId))
      .orderBy(asc(tokenUsage.day), asc(tokenUsage.feature)),
    await db
      .select({
        day: tokenDailyQuota.day,
        inputUsed: tokenDailyQuota.inputUsed,
        outputUsed: tokenDailyQuota.outputUsed,
      })
      .from(tokenDailyQuota)
      .where(eq(tokenDailyQuota.userId, userId))
      .orderBy(asc(tokenDailyQuota.day)),
    await db
      .select({
        feature: tokenReservations.feature,
        outcome: tokenReservations.outcome,
        calls: count(),
        usedInput: sum(tokenReservations.usedInput).mapWith(Number),
        usedOutput: sum(tokenReservations.usedOutput).mapWith(Number),
        chargedInput: sum(tokenReservations.chargedInput).mapWith(Number),
        chargedOutput: sum(tokenReservations.chargedOutput).mapWith(Number),
        first: min(tokenReservations.createdAt),
        last: max(tokenReservations.createdAt),
      })
      .from(tokenReservations)
      .where(eq(tokenReservations.userId, userId))
      .groupBy(tokenReservations.feature, tokenReservations.outcome)
      .orderBy(asc(tokenReservations.feature), asc(tokenReservations.outcome)),
    await db
      .select({
        questionId: aiFeedback.questionId,
        content: aiFeedback.content,
        model: aiFeedback.model,
        languageModel: aiFeedback.languageModel,
        createdAt: aiFeedback.createdAt,
        supersededAt: aiFeedback.supersededAt,
      })
      .from(aiFeedback)
      .where(eq(aiFeedback.createdBy, userId))
      .orderBy(asc(aiFeedback.createdAt)),
    await db
      .select({
        discipline: disciplines.name,
        subject: didacticContents.subject,
        content: didacticContents.content,
        model: didacticContents.model,
        languageModel: didacticContents.languageModel,
        createdAt: didacticContents.createdAt,
        supersededAt: didacticContents.supersededAt,
      })
      .from(didacticContents)
      .innerJoin(disciplines, eq(disciplines.code, didacticContents.disciplineCode))
      .where(eq(didacticContents.createdBy, userId))
      .orderBy(asc(didacticContents.createdAt)),
    await db
      .select({
        questionId: chatMessages.questionId,
        role: chatMessages.role,
        content: chatMessages.content,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .where(eq(chatMessages.userId, userId))
      .orderBy(asc(chatMessages.questionId), asc(chatMessages.id)),
    await db
      .select({
        id: errorReports.id,
        questionId: errorReports.questionId,
        type: errorReports.type,
        text: errorReports.text,
        status: errorReports.status,
        createdAt: errorReports.createdAt,
        updatedAt: errorReports.updatedAt,
        reply: errorReports.reply,
        repliedAt: errorReports.repliedAt,
      })
      .from(errorReports)
      .where(eq(errorReports.userId, userId))
      .orderBy(asc(errorReports.createdAt)),
    await db
      .select({
        id: helpRequests.id,
        userName: helpRequests.userName,
        userEmail: helpRequests.userEmail,
        message: helpRequests.message,
        status: helpRequests.status,
        createdAt: helpRequests.createdAt,
        updatedAt: helpRequests.updatedAt,
      })
      .from(helpRequests)
      .where(eq(helpRequests.userId, userId))
      .orderBy(asc(helpRequests.createdAt)),
    await db
      .select({
        requestId: helpReplies.requestId,
        body: helpReplies.body,
        sentAt: helpReplies.sentAt,
      })
      .from(helpReplies)
      .innerJoin(helpRequests, eq(helpRequests.id, helpReplies.requestId))
      .where(eq(helpRequests.userId, userId))
      .orderBy(asc(helpReplies.sentAt)),
    await db
      .select({
        text: userNotices.text,
        link: userNotices.link,
        createdAt: userNotices.createdAt,
        seenAt: userNotices.seenAt,
      })
      .from(userNotices)
      .where(eq(userNotices.userId, userId))
      .orderBy(asc(userNotices.id)),
    await db
      .select({
        document: consents.document,
        version: consents.version,
        acceptedAt: consents.acceptedAt,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.acceptedAt), asc(consents.document)),
    await db
      .select({ day: dailyUsage.day, questionChecks: dailyUsage.questionChecks })
      .from(dailyUsage)
      .where(eq(dailyUsage.userId, userId))
      .orderBy(asc(dailyUsage.day)),
    await db
      .select({
        email: previousEmails.email,
        usedFrom: previousEmails.usedFrom,
        usedUntil: previousEmails.usedUntil,
      })
      .from(previousEmails)
      .where(eq(previousEmails.userId, userId))
      .orderBy(asc(previousEmails.usedUntil)),
  ];
  return {
    account: account[0],
    photo: photo[0],
    sessions: ownSessions,
    trustedBrowsers: browsers[0] ?? { count: 0, lastUsedAt: null },
    plan: plan[0],
    answers,
    openedExams,
    optionChoices,
    simulados: ownSimulados,
    simuladoAnswers,
    review,
    purchases: ownPurchases,
    wallet: wallet[0],
    tokenUsage: usage,
    tokenQuota: quota,
    tokenReservations: reservations,
    feedback,
    didactic,
    chats,
    reports,
    helpMessages,
    helpReplies: replies,
    notices,
    consents: accepted,
    dailyUsage: checks,
    previousEmails: formerEmails,
    spacedReview: await readReviewPersonalData(db, userId),
    editais: await readEditalPersonalData(db, userId),
  };
}

export type PersonalData = Awaited<ReturnType<typeof readPersonalData>>;
