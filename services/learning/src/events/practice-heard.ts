import { LearningEvents, learningEventsV1 } from '@taal/contracts';
import { consumeDecoded, type EventBus, type Sql, type Subscription } from '@taal/kit';
import type { Logger } from 'pino';
import type { Practice } from '../app/practice';
import { SCHEMA } from '../store/schema';

/**
 * The practice log (decision 0081): `learning.practice.heard` applied once per event id (the
 * inbox's processed-events row commits with the figures), so a report sent or delivered again
 * counts once, and the figures are in the database: a restart loses none.
 */
export function keepPracticeLog(sql: Sql, bus: EventBus, practice: Practice, logger: Logger): Promise<Subscription> {
  return consumeDecoded(
    { sql, schema: SCHEMA, bus, group: 'learning.practice-log', logger, type: LearningEvents.practiceHeard, codec: learningEventsV1.PracticeHeard },
    (heard, tx) => practice.apply(tx, heard),
  );
}
