import type { AppConfig } from '@/config';
import type { DatabaseHandle } from '@/db/client';
import { operatorCommands, type OperatorContext } from './operator.commands';
import { thisProcess } from '@/lib/process-identity';
import { finishRun, insertRun, markInterruptedRuns, type OperatorChannel } from './operator.repo';
import { operatorErrors } from '@/lib/app-errors';
import { OPERATOR_ACTOR, recordAudit } from '@/modules/audit';

/**
 * Runs an operator command and records the run in operator_runs. `config` is the running server's
 * (or the command line's); commands that talk to outside services (the PIX provider) need it.
 */
export function createOperatorService(database: DatabaseHandle, config?: AppConfig) {
  return {
    run: (
      command: string,
      args: string[],
      channel: OperatorChannel,
      progress?: (line: string) => void,
    ) => runOperatorCommand({ database, config }, command, args, channel, progress),
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;

async function runOperatorCommand(
  context: OperatorContext,
  command: string,
  args: string[],
  channel: OperatorChannel,
  progress: (line: string) => void = () => undefined,
): Promise<string[]> {
  const definition = Object.hasOwn(operatorCommands, command)
    ? operatorCommands[command]
    : undefined;
  if (!definition) {
    throw operatorErrors.unknownCommand(command);
  }
  const { database } = context;
  // Runs whose process died mid-way are told apart before anything lists them.
  await markInterruptedRuns(database.db);
  const runId = await insertRun(database.db, command, args, channel, thisProcess());
  const audit = (outcome: string) =>
    recordAudit(database.db, OPERATOR_ACTOR, {
      action: 'operator.command',
      summary: `${[command, ...args].join(' ')} (${outcome})`,
      details: { command, args, channel },
    });
  try {
    const output = await definition.run(database, args, progress, context);
    await finishRun(database.db, runId, 'succeeded');
    await audit('concluído');
    return output;
  } catch (error) {
    await finishRun(database.db, runId, 'failed');
    await audit('falhou');
    throw error;
  }
}
