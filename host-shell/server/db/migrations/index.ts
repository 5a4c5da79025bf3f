import type { Migration } from 'kysely';
import type { Dialect } from '../schema';
import { initial } from './0001_initial';
import { standVisits } from './0002_stand_visits';
import { chat } from './0003_chat';
import { engagement } from './0004_engagement';
import { hostUsers } from './0005_host_users';
import { auditLog } from './0006_audit_log';
import { medias } from './0007_medias';
import { analytics } from './0008_analytics';
import { imports } from './0010_imports';
import { signinLinks } from './0011_signin_links';
import { mail } from './0012_mail';
import { programmeMeetings } from './0013_programme_meetings';
import { talkReminders } from './0014_talk_reminders';

/** Every migration, in order. Add a file `000N_name.ts` and a line here; never edit a released one. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_stand_visits': standVisits(dialect),
    '0003_chat': chat(dialect),
    '0004_engagement': engagement(dialect),
    '0005_host_users': hostUsers(dialect),
    '0006_audit_log': auditLog(dialect),
    '0007_medias': medias(dialect),
    '0008_analytics': analytics(dialect),
    '0010_imports': imports(dialect),
    '0011_signin_links': signinLinks(dialect),
    '0012_mail': mail(dialect),
    '0013_programme_meetings': programmeMeetings(dialect),
    '0014_talk_reminders': talkReminders(dialect),
  };
}
