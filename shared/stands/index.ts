/**
 * `@salon/shared/stands`: every stand of the salon (GET /api/stands), loaded once per page when first asked for. Its
 * own entry because two entries need it: the journey's state machine and the exhibitors' part.
 */
export { $stands, requestStands, setStands, standName, STANDS_RETRY_MS, STANDS_RETRY_MAX_MS, type StandsState } from './stands';
export { getStands } from './api';
