/**
 * @salon/shared: the one package every widget imports (by this name, never by a relative path).
 * Shared as a module-federation singleton; its stores also survive duplication (see singleton.ts).
 */
export { SHARED_INSTANCE } from './instance';
export { singleton, busSingleton, BUS_VERSION } from './singleton';
export * from './bus';
export * from './api';
export * from './i18n';
export {
  createMount,
  mountedWidgets,
  MOUNTED_KEY,
  type MountFunction,
  type MountOptions,
  type MountedEntry,
  type WidgetProps,
} from './mount';
export {
  url,
  path,
  buildPath,
  ROUTES,
  RouteError,
  type RouteName,
  type RouteParams,
  type BuildOptions,
} from '@salon/shared/contracts/routes';
export { PAGE_DATA_ELEMENT_ID } from '@salon/shared/contracts/page-data';
export type * from '@salon/shared/contracts/page-data';
export { parsePageData, normalizePageData, type PageDataInput, type ParsedPageData } from './page-data/parse';
export { defaultPageData, anonymousUser } from './page-data/defaults';
export * from './ui';
export {
  readCookie,
  writeCookie,
  deleteCookie,
  cookieString,
  initTimeZoneCookie,
  TIME_ZONE_COOKIE,
  type CookieOptions,
} from './platform/cookies';
export { screenCaptureSupported } from './platform/screenCapture';
