/**
 * Desktop notifications for alerts: what the renderer asks its host to show, and what comes back when the
 * user clicks one. Crosses the preload bridge (Electron: main shows an OS notification with Electron's
 * `Notification`), so main validates with these schemas; the renderer checks them too before sending and
 * when a click comes back. The web host needs no route: the page uses the browser's Notification API.
 */
import { z } from 'zod';

export const MAX_NOTIFY_TITLE = 200;
export const MAX_NOTIFY_BODY = 1000;

/** What a click on the notification opens: the item (on the Prices page, in its game). */
export const NotifyTargetSchema = z.object({
  game: z.number().int().positive().max(1e9),
  item: z.string().min(1).max(500),
  alertId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type NotifyTarget = z.infer<typeof NotifyTargetSchema>;

export const NotifyRequestSchema = z.object({
  title: z.string().trim().min(1).max(MAX_NOTIFY_TITLE),
  body: z.string().max(MAX_NOTIFY_BODY),
  target: NotifyTargetSchema,
});
export type NotifyRequest = z.infer<typeof NotifyRequestSchema>;

/** shown:false with a reason a person can read (the alert's history says why nothing popped up). */
export const NotifyResultSchema = z.object({
  shown: z.boolean(),
  reason: z.string().max(300).optional(),
});
export type NotifyResult = z.infer<typeof NotifyResultSchema>;

/**
 * May the app show notifications: 'granted' (desktop: always; web: the user allowed it), 'default' (web: not
 * asked yet), 'denied' (web: the user or the browser said no), 'unsupported' (no Notification API).
 */
export type NotifyPermission = 'granted' | 'default' | 'denied' | 'unsupported';
